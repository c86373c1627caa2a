// Day-boundary resets other features call: the war calendar at each day end, and the summoning
// phase's end ("as if a day passed", seed 001 L114).
import { getCharactersById } from '../store/characters.js';
import type { Tx } from '../store/db.js';
import { hydrate, saveCharacter, type Character } from './characters.js';
import { resetLuck } from '../core/fate/luck.js';
import type { CommandContext } from './types.js';

/**
 * Luck rerolls back to their daily number (seed 001 L215); one event per character changed. The
 * characters are read in one statement (one by one, a Fate war of 7 factions sent 14 at each day end,
 * issue 32 §1); `known` are characters the caller holds as they are stored now (the turn end's masters
 * and servants), not read again.
 */
export async function resetDailyLuck(tx: Tx, ctx: CommandContext, characterIds: readonly number[], known?: ReadonlyMap<number, Character>): Promise<number> {
  const ids = [...new Set(characterIds)];
  const rows = await getCharactersById(tx, ids.filter((id) => !known?.has(id)));
  let changed = 0;
  for (const id of ids) {
    const row = rows.get(id);
    const c = known?.get(id) ?? (row ? hydrate(row) : undefined);
    if (!c) continue;
    if (c.runtime.luckUsedToday === 0) continue;
    const { usedToday } = resetLuck({ perDay: c.max.luckPerDay, usedToday: c.runtime.luckUsedToday });
    await saveCharacter(tx, ctx, c, 'luck.reset', { runtime: { ...c.runtime, luckUsedToday: usedToday } });
    changed += 1;
  }
  return changed;
}
