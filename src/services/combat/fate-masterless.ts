// A servant without a master loses its rank level in HP and in MP at the end of every turn, action turns
// and combat turns alike (seed 001 L244: "行動ターン、戦闘ターン共に1ターン終了時"). The action turn's
// loss is the war's turn end (src/services/war/turn.ts); this is the combat turn's: each round of a fight.
// Masterless means what the war says: its faction has no master, or the master is dead (L204, L244).
import { masterlessDecay } from '../../core/fate/day.js';
import { getCharacter } from '../../store/characters.js';
import type { Tx } from '../../store/db.js';
import { activeFactionsOf } from '../../store/wars.js';
import { hydrate, saveCharacter } from '../characters.js';
import { readersOf, unseenAfter } from '../secrecy.js';
import type { CommandContext } from '../types.js';
import { withSheets } from './fate.js';
import { active, type FateCombatant, type FateCombatState } from './state.js';

/** Whether this sheet servant's war faction has no living master. */
async function masterless(tx: Tx, ctx: CommandContext, c: FateCombatant): Promise<boolean> {
  if (!c.isServant || c.characterId === null) return false;
  const faction = (await activeFactionsOf(tx, ctx.guildId, [c.characterId])).find((f) => f.servantId === c.characterId && !f.eliminated);
  if (!faction) return false;
  const master = faction.masterId === null ? undefined : await getCharacter(tx, faction.masterId);
  return !master || (hydrate(master).runtime.dead ?? false);
}

/**
 * The end of a combat turn (a round): every standing masterless servant of the fight loses RL HP and RL
 * MP, the MP it lacks out of its HP; at HP 0 and MP 0 it vanishes (L244). Written on the character row
 * (one source of truth). The line tells the table what happened; the numbers only when they are
 * public (a war faction's HP and MP are its own, seed 001 L50: the tracker shows them to their readers).
 */
export async function masterlessRoundEnd(tx: Tx, ctx: CommandContext, state: FateCombatState): Promise<{ state: FateCombatState; lines: string[] }> {
  const lines: string[] = [];
  let changed = false;
  for (const c of state.combatants) {
    if (!active(c) || !await masterless(tx, ctx, c)) continue;
    const row = (await getCharacter(tx, c.characterId!))!;
    const ch = hydrate(row);
    const { servant, effects } = masterlessDecay({ id: ch.row.id, hp: ch.runtime.hp, mp: ch.runtime.mp, rankLevel: ch.derived.rankLevel, masterless: true, vanished: false });
    const decay = effects.find((e) => e.kind === 'masterlessDecay');
    const readers = await readersOf(tx, ctx.guildId, ch.row.id);
    // the HP taken for the MP it lacked tells its MP: unseen by the table while that is secret (secrecy.ts hpFor)
    const forMp = decay?.kind === 'masterlessDecay' ? Math.max(0, decay.hpLost - ch.derived.rankLevel) : 0;
    await saveCharacter(tx, ctx, ch, 'combat.masterlessDecay', { runtime: { ...ch.runtime, hp: servant.hp, mp: servant.mp, incapacitated: ch.runtime.incapacitated || servant.hp === 0, ...(servant.vanished ? { dead: true } : {}), ...unseenAfter(ch.runtime, forMp, readers) } });
    changed = true;
    const open = readers === null;
    lines.push(open && decay?.kind === 'masterlessDecay'
      ? ctx.t('fate.masterless.decay', { name: c.name, hpLost: decay.hpLost, mpLost: decay.mpLost, hp: servant.hp, mp: servant.mp })
      : ctx.t('fate.masterless.decayHidden', { name: c.name }));
    if (servant.vanished) lines.push(ctx.t('fate.masterless.vanished', { name: c.name }));
    else if (servant.hp === 0) lines.push(ctx.t('fate.bs.down', { name: c.name }));
  }
  return { state: changed ? await withSheets(tx, state) : state, lines };
}
