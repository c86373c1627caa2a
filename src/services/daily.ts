// Day-boundary resets other features call: the war calendar at each day end, and the summoning
// phase's end ("as if a day passed", seed 001 L114).
import { getCharacter } from '../store/characters.js';
import type { Tx } from '../store/db.js';
import { hydrate, saveCharacter } from './characters.js';
import { resetLuck } from '../core/fate/luck.js';
import type { CommandContext } from './types.js';

/** Luck rerolls back to their daily number (seed 001 L215); one event per character changed. */
export async function resetDailyLuck(tx: Tx, ctx: CommandContext, characterIds: readonly number[]): Promise<number> {
  let changed = 0;
  for (const id of characterIds) {
    const row = await getCharacter(tx, id);
    if (!row) continue;
    const c = hydrate(row);
    if (c.runtime.luckUsedToday === 0) continue;
    const { usedToday } = resetLuck({ perDay: c.max.luckPerDay, usedToday: c.runtime.luckUsedToday });
    await saveCharacter(tx, ctx, c, 'luck.reset', { runtime: { ...c.runtime, luckUsedToday: usedToday } });
    changed += 1;
  }
  return changed;
}
