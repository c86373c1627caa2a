// The command registry: the bot, the console and deploy-commands all read this one list.
import { registerCommandNames } from '../src/i18n/commands.js';
import { speaksToTable } from '../src/services/table.js';
import type { CommandModule } from '../src/services/types.js';
import { act } from './act.js';
import { attack } from './attack.js';
import { combat } from './combat.js';
import { data } from './data.js';
import { deck } from './deck.js';
import { battle } from './battle.js';
import { check } from './check.js';
import { gm } from './gm.js';
import { withHelp } from './help.js';
import { luck } from './luck.js';
import { hp, mp } from './resources.js';
import { inbox } from './inbox.js';
import { judge } from './judge.js';
import { persona } from './persona.js';
import { reveal } from './reveal.js';
import { r, roll } from './roll.js';
import { system } from './system.js';
import { table } from './table.js';
import { palette } from './palette.js';
import { log } from './log.js';
import { counter } from './counter.js';
import { stats } from './stats.js';
import { seal } from './seal.js';
import { setup } from './setup.js';
import { sheet } from './sheet.js';
import { say } from './say.js';
import { war } from './war.js';

// Discord's current conventions (the audit, issue 13 §3): `contexts` and `integration_types` instead
// of the deprecated `dm_permission`, which Discord ignores once `contexts` is present. Commands that
// set setDMPermission(false) run in servers only; the dice (/roll, /r, /help) also in the bot's DMs,
// in group DMs and as a user-installed app, like BCDice and Dice Maiden users expect.
const EVERYWHERE = new Set(['roll', 'r', 'help']);
const GUILD = 0;
const BOT_DM = 1;
const PRIVATE_CHANNEL = 2;
const GUILD_INSTALL = 0;
const USER_INSTALL = 1;

function withConventions(module: CommandModule): CommandModule {
  const { dm_permission: dmPermission, ...definition } = module.definition;
  const everywhere = EVERYWHERE.has(definition.name);
  return {
    ...module,
    definition: {
      ...definition,
      contexts: everywhere ? [GUILD, BOT_DM, PRIVATE_CHANNEL] : dmPermission === false ? [GUILD] : [GUILD, BOT_DM],
      integration_types: everywhere ? [GUILD_INSTALL, USER_INSTALL] : [GUILD_INSTALL],
    },
  };
}

// Attacks, judgements and reveals answer only in public: their answers are built in the table's language.
// (/combat and /persona mix the GM's own ephemeral summaries with public steps: they choose per reply.)
const TABLE_SPEAKING = new Set(['attack', 'judge', 'reveal']);

export const commandModules: readonly CommandModule[] = withHelp(
  [setup, roll, r, system, table, palette, say, log, counter, stats, gm, sheet, check, luck, seal, hp, mp, war, act, battle, combat, attack, persona, deck, judge, reveal, data, inbox],
)
  .map((m) => (TABLE_SPEAKING.has(m.definition.name) ? speaksToTable(m) : m))
  .map(withConventions);

// Messages name commands as each reader's client shows them (src/i18n/commands.ts).
registerCommandNames(commandModules.map((m) => m.definition));

const byName = new Map<string, CommandModule>();
for (const module of commandModules) {
  byName.set(module.definition.name, module);
  // The console accepts the localized names too (/ダイス, /주사위).
  for (const name of Object.values(module.definition.name_localizations ?? {})) if (name) byName.set(name, module);
}

export function findCommand(name: string): CommandModule | undefined {
  return byName.get(name.toLowerCase());
}
