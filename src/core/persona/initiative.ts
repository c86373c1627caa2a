// Initiative (JA L59–68; KO L42–46; digest §3). Re-evaluated at every pick among the characters
// that have not had their turn this round (or are waiting), never sorted once per round.
import { inCombat, speedStat } from './combatant.js';
import type { CombatState, Combatant } from './types.js';

/** DEX (or 速); 0 while waiting (JA L947) or after declaring a finish-off (JA L885), until round end. */
export function initiativeOf(c: Combatant): number {
  return c.waiting || c.finishOff !== null ? 0 : speedStat(c);
}

/** Still to take a turn this round: in combat and not yet acted (a Wait hands the turn back). */
function awaitingTurn(c: Combatant): boolean {
  return inCombat(c) && !c.acted;
}

/**
 * Who may take the next turn (step ④): the highest current initiative among those still to act.
 * On a PC–NPC tie the PC goes first (JA L63); ties within a side are the side's choice (JA L62), so
 * every tied character of the chosen side is returned, in roster order. Empty: the round is over.
 */
export function nextActorCandidates(state: CombatState): Combatant[] {
  const eligible = state.combatants.filter(awaitingTurn);
  if (eligible.length === 0) return [];
  const top = Math.max(...eligible.map(initiativeOf));
  const tied = eligible.filter((c) => initiativeOf(c) === top);
  const pcs = tied.filter((c) => c.side === 'pc');
  return pcs.length > 0 ? pcs : tied;
}

/**
 * The order the rest of the round would take if nothing changed (the board's "still to act" line, JA
 * L61: Wait, finish-off, Down and incapacitation change it, which is why advance() asks
 * nextActorCandidates every time).
 */
export function projectedOrder(state: CombatState): Combatant[] {
  return state.combatants
    .map((c, index) => ({ c, index }))
    .filter(({ c }) => awaitingTurn(c))
    .sort((a, b) => initiativeOf(b.c) - initiativeOf(a.c) || sideRank(a.c) - sideRank(b.c) || a.index - b.index)
    .map(({ c }) => c);
}

function sideRank(c: Combatant): number {
  return c.side === 'pc' ? 0 : 1;
}
