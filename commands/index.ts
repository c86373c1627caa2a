// The command registry: the bot, the console and deploy-commands all read this one list.
import type { CommandModule } from '../src/command/types.js';
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
import { judge } from './judge.js';
import { persona } from './persona.js';
import { reveal } from './reveal.js';
import { roll } from './roll.js';
import { seal } from './seal.js';
import { sheet } from './sheet.js';
import { war } from './war.js';

export const commandModules: readonly CommandModule[] = withHelp([roll, gm, sheet, check, luck, seal, hp, mp, war, act, battle, combat, attack, persona, deck, judge, reveal, data]);

const byName = new Map<string, CommandModule>();
for (const module of commandModules) {
  byName.set(module.definition.name, module);
  // The console accepts the localized names too (/ダイス, /주사위).
  for (const name of Object.values(module.definition.name_localizations ?? {})) if (name) byName.set(name, module);
}

export function findCommand(name: string): CommandModule | undefined {
  return byName.get(name.toLowerCase());
}
