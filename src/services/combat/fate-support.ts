// The master's 支援 in a fight (seed 001 L226–229): the points a master's support check granted are
// spent on the servant's later checks — an attack or a defense too — as many as the player chooses
// each time; what is not spent stays for a later roll.
import { getCharacter } from '../../store/characters.js';
import type { Tx } from '../../store/db.js';
import { hydrate, saveCharacter } from '../characters.js';
import { UserError } from '../errors.js';
import type { CommandContext } from '../types.js';
import type { FateCombatant } from './state.js';
import { readersOf } from '../secrecy.js';
import { line, type Line } from '../../views/line.js';
import { own } from '../../views/owned.js';

/**
 * Spends `points` of the combatant's support pool (refused beyond it); the note for the roll, or null.
 * The points spent and left are the faction's during a war (seed 001 L50): the table reads that support was spent.
 */
export async function spendSupport(tx: Tx, ctx: CommandContext, c: FateCombatant, points: number): Promise<Line | null> {
  if (points <= 0) return null;
  const row = c.characterId === null ? undefined : await getCharacter(tx, c.characterId);
  if (!row) throw new UserError('fate.support.noSheet', { name: c.name });
  const ch = hydrate(row);
  if (points > ch.runtime.supportPool) throw new UserError('check.supportTooMuch', { have: ch.runtime.supportPool });
  const left = ch.runtime.supportPool - points;
  await saveCharacter(tx, ctx, ch, 'support.spent', { runtime: { ...ch.runtime, supportPool: left } });
  const readers = await readersOf(tx, ctx.guildId, ch.row.id);
  return line('fate.support.used', { name: c.name, points: own(points, readers), left: own(left, readers) }, line('fate.support.usedHidden', { name: c.name }));
}
