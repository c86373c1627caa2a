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

/**
 * JA L73 / KO L49: a turn that comes to a character unable to act because incapacitated ends at once,
 * without a slot. Such a character is passed over where its initiative puts it (no line: the table
 * sees it lying on the board), so one revived later in the same round has had its turn and does not
 * act in that round. Marks them as having had the turn; mutates `state`.
 */
export function passOverIncapacitated(state: CombatState): void {
  const lying = state.combatants.filter((c) => c.incapacitated && !c.dead && !c.fled && !c.acted);
  if (lying.length === 0) return;
  const able = state.combatants.filter(awaitingTurn);
  const top = able.length === 0 ? -Infinity : Math.max(...able.map(initiativeOf));
  const pcAtTop = able.some((c) => c.side === 'pc' && initiativeOf(c) === top);
  // before everyone still to act: a higher initiative, or the same with the PC first (JA L63)
  for (const c of lying) if (initiativeOf(c) > top || (initiativeOf(c) === top && (c.side === 'pc' || !pcAtTop))) c.acted = true;
}
