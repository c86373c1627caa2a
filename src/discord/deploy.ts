// `npm run deploy-commands`: registers the same definitions the bot dispatches on, to one guild
// when DISCORD_GUILD_ID is set (instant, for development), else globally.
import { pathToFileURL } from 'node:url';
import { REST, Routes } from 'discord.js';
import { commandModules } from '../../commands/index.js';
import { loadConfig, loadDotEnv } from '../config.js';

export async function deployCommands(config = loadConfig()): Promise<number> {
  if (!config.discordToken || !config.discordClientId) {
    throw new Error('deploy-commands needs DISCORD_TOKEN and DISCORD_CLIENT_ID (see .env.example)');
  }
  const rest = new REST({ api: config.discordApi }).setToken(config.discordToken);
  const body = commandModules.map((m) => m.definition);
  const route = config.discordGuildId
    ? Routes.applicationGuildCommands(config.discordClientId, config.discordGuildId)
    : Routes.applicationCommands(config.discordClientId);
  await rest.put(route, { body });
  return body.length;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  loadDotEnv();
  deployCommands()
    .then((count) => console.log(`Registered ${count} commands.`))
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
