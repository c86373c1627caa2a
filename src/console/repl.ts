import readline from 'node:readline';
import { ConfigError } from '../config.js';
import { translator } from '../i18n/index.js';
import { createConsoleSession, type ConsoleDeps } from './session.js';

/**
 * A deployment without DISCORD_TOKEN must not look like a clean stop: in production (the Docker
 * image sets NODE_ENV=production) with no terminal attached, the console would read a closed stdin
 * and exit 0, so refuse with a message instead. Piping into `npm start` (NODE_ENV unset) still works.
 */
export function assertConsoleWanted(input: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): void {
  if (env.NODE_ENV === 'production' && input.isTTY !== true) {
    throw new ConfigError(
      'DISCORD_TOKEN is empty. Set it in .env (see .env.example) to run the bot; the local console needs a terminal (docker run -it …) or NODE_ENV unset.',
    );
  }
}

/** Reads lines until /exit or end of input (so `echo '/roll 2d6' | npm start` works too). */
export async function runConsole(deps: ConsoleDeps, input = process.stdin, output = process.stdout): Promise<void> {
  assertConsoleWanted(input);
  const session = createConsoleSession(deps);
  const t = translator(deps.locale);
  const rl = readline.createInterface({ input, output, terminal: input.isTTY === true });
  rl.on('SIGINT', () => rl.close()); // Ctrl-C ends the loop, and main closes the database
  output.write(`${t('console.welcome')}\n${await session.handle('/whoami')}\n`);
  // Piped input (echo … | npm start) gets answers only; a terminal gets a prompt too.
  const prompt = () => {
    if (!input.isTTY) return;
    rl.setPrompt(session.prompt());
    rl.prompt();
  };
  prompt();
  for await (const line of rl) {
    const out = await session.handle(line);
    if (out === null) break;
    if (out) output.write(`${out}\n`);
    prompt();
  }
  output.write(`${t('console.bye')}\n`);
  rl.close();
}
