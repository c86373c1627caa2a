// The combat state machine (JA L11–37 ①–⑪; KO L3–30; digest §1–§4, §6.2, §6.4, §6.6, §6.7).
// Every exported rule takes a state (never modified) and returns a new one plus the events it
// produced; randomness comes only from the RandomSource passed in.
//
//   createCombat ─► declaration ─advance─► roundStart ─advance─► slot ─(action)─► idle ─advance─► …
//
// advance() runs the automatic steps: pending extra slots (⑧→⑥), turn end (⑨), initiative
// comparison (④), turn start with natural recovery (⑤), slot start with Down/Dizzy timing (⑥),
// round end (⑩) and round start (③), and stops where a decision is needed: a round has just begun
// (finish-off declarations), an action slot is open, or the combat is over.
import type { RandomSource } from '../random.js';
import { percentile } from './check.js';
import { canAct, choiceBlockingStatus, findCombatant, inCombat, makeCombatant, requirePersonaSkill, skillBlockingStatus, statusDef } from './combatant.js';
import { checkLadder } from './db-rank.js';
import { holdUpAvailable, startSlotEffects } from './down.js';
import { initiativeOf, nextActorCandidates, passOverIncapacitated } from './initiative.js';
import { rollNaturalRecovery } from './status.js';
import { DEFAULT_BAD_STATUSES, type BadStatusDef } from './status-table.js';
import {
  PersonaError,
  ev,
  type CombatState,
  type Combatant,
  type CombatantInit,
  type EndReason,
  type PersonaConfig,
  type PersonaEvent,
  type Side,
  type SlotKind,
  type Step,
} from './types.js';

export const DEFAULT_CONFIG: Readonly<PersonaConfig> = Object.freeze({
  criticalMax: 5,
  fumbleMin: 96,
  rounding: 'floor',
  holdUpMinAllies: 2,
  badStatuses: copyTable(DEFAULT_BAD_STATUSES),
});

function copyTable(table: readonly BadStatusDef[]): BadStatusDef[] {
  return table.map((d) => ({ ...d, name: { ...d.name } }));
}

/** Most combatants in one combat (a channel-sized fight; keeps every pass cheap). */
export const MAX_COMBATANTS = 40;

export interface CombatSetup {
  combatants: CombatantInit[];
  /** the side caught by surprise: no turn in round 1 (JA L64) — a GM ruling */
  surprised?: Side | null;
  config?: Partial<PersonaConfig>;
}

// ---------------------------------------------------------------------------------------------
// Internals shared by the action files (attack.ts, ailment.ts, escape.ts). Not re-exported by index.

export interface Draft {
  d: CombatState;
  events: PersonaEvent[];
}

export function draft(state: CombatState): Draft {
  return { d: structuredClone(state), events: [] };
}

export function finish({ d, events }: Draft): Step {
  comboKept(d, events);
  d.log.push(...events);
  return { state: d, events };
}

/**
 * A declared combination magic fails as soon as a participant can no longer do the declared action or
 * choose it (JA L480, KO L283): checked after every rule call, so a participant knocked out and
 * revived in between still makes it fail.
 */
function comboKept(d: CombatState, events: PersonaEvent[]): void {
  const wait = d.comboWait;
  if (!wait || d.phase === 'ended') return;
  const all = wait.ids.map((id) => findCombatant(d, id));
  const side = all[0]!.side;
  const keeps = (c: Combatant) => c.side === side && canAct(d, c) && choiceBlockingStatus(d, c) === undefined && skillBlockingStatus(d, c) === undefined && (!c.personaUser || c.summoned);
  const broken = all.find((c) => !keeps(c));
  if (!broken) return;
  d.comboWait = null;
  events.push(ev('persona.combo.failed', { names: all.map((c) => c.name).join(', '), name: broken.name }));
}

/**
 * Opens a rule call that acts in the current slot: the slot must be open and, if given, belong to actorId.
 * Any action in a slot of an analyst whose analysis still runs abandons it (JA L431), unless the call
 * keeps it (keepAnalyzing).
 */
export function beginAction(state: CombatState, actorId?: string, keepAnalysis = false): Draft & { actor: Combatant } {
  if (state.phase !== 'slot' || state.slot === null) throw new PersonaError('persona.error.noSlot', { phase: state.phase });
  if (actorId !== undefined && actorId !== state.slot.ownerId) {
    throw new PersonaError('persona.error.notYourSlot', { id: actorId });
  }
  const dr = draft(state);
  const actor = findCombatant(dr.d, dr.d.slot!.ownerId);
  if (actor.analyzing && !keepAnalysis) {
    const target = dr.d.combatants.find((c) => c.id === actor.analyzing!.target);
    dr.events.push(ev('persona.analyze.abandoned', { name: actor.name, target: target?.name ?? '-' }));
    actor.analyzing = null;
  }
  return { ...dr, actor };
}

/**
 * ⑧ slot end: a Hold-up riding on this slot ends (JA L1030); a Down caused in this slot gives its
 * owner a 1 More, queued after any extra slot already granted (JA L1025; one per slot, digest §12
 * #8), and a Hold-up when every enemy is down (JA L1028). Then the end of combat is checked.
 */
export function closeSlot(dr: Draft): void {
  const { d, events } = dr;
  const slot = d.slot;
  if (slot === null) return;
  const owner = findCombatant(d, slot.ownerId);
  if (slot.holdUp && d.holdUp !== null) {
    d.holdUp = null;
    events.push(ev('persona.holdUp.end', { name: owner.name }));
  }
  if (slot.causedDown && inCombat(owner)) {
    const holdUp = holdUpAvailable(d, owner.side);
    d.pending.push({ ownerId: owner.id, kind: 'oneMore', holdUp });
    events.push(ev('persona.oneMore', { name: owner.name }));
    if (holdUp) {
      d.holdUp = { side: owner.side, ownerId: owner.id };
      events.push(ev('persona.holdUp', { name: owner.name }));
    }
  }
  d.slot = null;
  d.phase = 'idle';
  checkEnd(dr);
}

/**
 * Combat ends as soon as one side has nobody left in it (KO L457; JA L842 for escape; JA L35 at
 * round end). Fled PCs: nobody wins (KO L457). Incapacitated Persona users come back at HP 1,
 * incapacitated and unconscious until healed to 3 (JA L1166–1167; the section speaks of Persona
 * users, so defeated shadows stay down).
 */
export function checkEnd(dr: Draft, reasonIfOver?: EndReason): boolean {
  const { d, events } = dr;
  if (d.phase === 'ended') return true;
  const pcs = d.combatants.filter((c) => c.side === 'pc');
  const npcs = d.combatants.filter((c) => c.side === 'npc');
  const pcIn = pcs.some(inCombat);
  const npcIn = npcs.some(inCombat);
  if (pcIn && npcIn) return false;
  let reason: EndReason;
  if (reasonIfOver !== undefined) reason = reasonIfOver;
  else if (!pcIn) reason = pcs.some((c) => c.fled) ? 'escape' : 'npcWin';
  else reason = 'pcWin';
  endWith(dr, reason);
  return true;
}

/**
 * The GM ends the fight (/combat end) while both sides are still in it: ⑪ as when the rules end it,
 * so an incapacitated Persona user comes back at HP 1, incapacitated and unconscious (JA L1166–1167),
 * and no turn or slot is left open on the board.
 */
export function endByGm(state: CombatState): Step {
  if (state.phase === 'ended') return { state, events: [] };
  const dr = draft(state);
  endWith(dr, 'gm');
  return finish(dr);
}

function endWith(dr: Draft, reason: EndReason): void {
  const { d, events } = dr;
  d.phase = 'ended';
  d.endReason = reason;
  d.slot = null;
  d.turn = null;
  d.pending = [];
  d.holdUp = null;
  d.escapeWait = null;
  d.comboWait = null;
  events.push(ev(`persona.combat.end.${reason}`, { round: d.round }));
  for (const c of d.combatants) {
    if (c.personaUser && c.incapacitated && !c.dead && !c.fled) {
      c.hp = 1;
      c.unconscious = true;
      events.push(ev('persona.combat.afterKo', { name: c.name }));
    }
  }
}

// ---------------------------------------------------------------------------------------------

/** ① combat start: the roster, the surprise ruling and the house settings. */
export function createCombat(setup: CombatSetup): Step {
  const config: PersonaConfig = { ...DEFAULT_CONFIG, badStatuses: copyTable(DEFAULT_CONFIG.badStatuses), ...(setup.config ?? {}) };
  if (setup.config?.badStatuses) config.badStatuses = copyTable(setup.config.badStatuses);
  validateConfig(config);
  if (setup.combatants.length > MAX_COMBATANTS) {
    throw new PersonaError('persona.error.tooMany', { count: setup.combatants.length, max: MAX_COMBATANTS });
  }
  const combatants = setup.combatants.map(makeCombatant);
  const ids = new Set<string>();
  for (const c of combatants) {
    if (ids.has(c.id)) throw new PersonaError('persona.error.duplicateId', { id: c.id });
    ids.add(c.id);
  }
  if (!combatants.some((c) => c.side === 'pc' && inCombat(c)) || !combatants.some((c) => c.side === 'npc' && inCombat(c))) {
    throw new PersonaError('persona.error.needBothSides');
  }
  const state: CombatState = {
    phase: 'declaration',
    round: 0,
    combatants,
    surprised: setup.surprised ?? null,
    turn: null,
    slot: null,
    pending: [],
    holdUp: null,
    endReason: null,
    config,
    log: [],
  };
  const events = [ev('persona.combat.start', { count: combatants.length })];
  if (state.surprised !== null) events.push(ev(`persona.combat.surprise.${state.surprised}`));
  state.log.push(...events);
  return { state, events };
}

export function validateConfig(c: PersonaConfig): void {
  const ok =
    Number.isInteger(c.criticalMax) &&
    Number.isInteger(c.fumbleMin) &&
    c.criticalMax >= 0 &&
    c.fumbleMin <= 101 &&
    c.criticalMax < c.fumbleMin &&
    (c.rounding === 'floor' || c.rounding === 'round' || c.rounding === 'ceil') &&
    Number.isInteger(c.holdUpMinAllies) &&
    c.holdUpMinAllies >= 1 &&
    (c.recoveryCount === undefined || c.recoveryCount === 'rounds' || c.recoveryCount === 'turns') &&
    new Set(c.badStatuses.map((s) => s.id)).size === c.badStatuses.length &&
    (c.fumbleEvade === undefined || typeof c.fumbleEvade === 'boolean');
  if (!ok) throw new PersonaError('persona.error.badConfig');
  if (c.dbLadder !== undefined) c.dbLadder = checkLadder(c.dbLadder);
}

/**
 * ② start-of-combat declaration (JA L47–49; KO L38–39): one <ペルソナ> action per Persona user,
 * here the summon. On a failed roll the Persona is summoned anyway but the character loses its
 * first slot, i.e. gets no turn in round 1 (JA L49, L64).
 */
export function declarePersona(state: CombatState, id: string, rng: RandomSource): Step {
  if (state.phase !== 'declaration') throw new PersonaError('persona.error.phase', { phase: state.phase });
  const dr = draft(state);
  const c = findCombatant(dr.d, id);
  if (!c.personaUser) throw new PersonaError('persona.error.notPersonaUser', { name: c.name });
  if (c.summoned || c.lostFirstRound) throw new PersonaError('persona.error.alreadyDeclared', { name: c.name });
  if (!inCombat(c)) throw new PersonaError('persona.error.cannotAct', { name: c.name });
  const check = percentile(c.personaSkill, rng, dr.d.config);
  c.summoned = true;
  c.everSummoned = true;
  const params = { name: c.name, roll: check.roll, chance: check.target };
  if (check.success) {
    dr.events.push(ev('persona.declare.summonOk', params));
  } else {
    c.lostFirstRound = true;
    dr.events.push(ev('persona.declare.summonFail', params));
  }
  return finish(dr);
}

/** ③ round start: per-round counters reset; round 1 skips the surprised side and failed summoners (JA L64). */
function startRound(dr: Draft): void {
  const { d, events } = dr;
  d.round += 1;
  for (const c of d.combatants) {
    c.acted = false;
    c.waiting = false;
    c.finishOff = null;
    c.evasions = 0;
    c.coverUsed = false;
  }
  events.push(ev('persona.round.start', { round: d.round }));
  if (d.round === 1) {
    for (const c of d.combatants) {
      if (!inCombat(c)) continue;
      if (d.surprised === c.side) {
        c.acted = true;
        events.push(ev('persona.round.surprised', { name: c.name }));
      } else if (c.lostFirstRound) {
        c.acted = true;
        events.push(ev('persona.round.lostSummon', { name: c.name }));
      }
    }
  }
  d.phase = 'roundStart';
}

/** ⑥ slot start for its owner; false when the slot is lost (owner out, Dizzy, petrified…). */
function openSlot(dr: Draft, ownerId: string, kind: SlotKind, holdUp: boolean): boolean {
  const { d, events } = dr;
  const owner = findCombatant(d, ownerId);
  if (!inCombat(owner)) {
    if (holdUp) d.holdUp = null;
    return false;
  }
  if (!startSlotEffects(d, owner, events)) {
    if (holdUp && d.holdUp !== null) {
      d.holdUp = null;
      events.push(ev('persona.holdUp.end', { name: owner.name }));
    }
    return false;
  }
  d.slot = { ownerId, kind, changeTried: false, causedDown: false, holdUp: holdUp && d.holdUp !== null };
  d.phase = 'slot';
  events.push(ev(`persona.slot.${kind}`, { name: owner.name }));
  analysisAtSlotStart(d, owner, events);
  const def = statusDef(d, owner.badStatus);
  if (def?.randomAction) events.push(ev('persona.status.randomAction', { name: owner.name, status: def.id }));
  return true;
}

/**
 * An analyst's own slot (JA L428–431): once the skill's rounds have passed since it was used, the
 * result is revealed at the start of this slot and the analyst acts again; before that the slot opens
 * for the analyst to keep analyzing (keepAnalyzing) or abandon it by acting.
 */
function analysisAtSlotStart(d: CombatState, owner: Combatant, events: PersonaEvent[]): void {
  const a = owner.analyzing;
  if (!a) return;
  const target = d.combatants.find((c) => c.id === a.target)?.name ?? '-';
  if (d.round - a.since >= a.rounds) {
    owner.analyzing = null;
    events.push(ev('persona.analyze.revealed', { name: owner.name, target }));
    return;
  }
  events.push(ev('persona.analyze.continuing', { name: owner.name, target, left: a.since + a.rounds - d.round }));
}

export interface AdvanceOptions {
  /** who takes the next turn among tied candidates (JA L62: the side chooses); default the first */
  actorId?: string;
}

/**
 * Runs the automatic steps until a decision is needed (see the file header). From 'declaration'
 * it starts round 1; from 'roundStart' or 'idle' it opens the next usable slot, or ends the round
 * and starts the next one (stopping at 'roundStart'), or ends the combat.
 */
export function advance(state: CombatState, rng: RandomSource, options: AdvanceOptions = {}): Step {
  if (state.phase === 'ended') throw new PersonaError('persona.error.ended');
  if (state.phase === 'slot') throw new PersonaError('persona.error.slotOpen');
  const dr = draft(state);
  const { d, events } = dr;
  if (d.phase === 'declaration') {
    startRound(dr);
    return finish(dr);
  }
  let choice = options.actorId;
  for (;;) {
    // ⑧ → ⑥: any character's remaining slot comes first (JA L27)
    const pending = d.pending.shift();
    if (pending !== undefined) {
      if (openSlot(dr, pending.ownerId, pending.kind, pending.holdUp)) return finish(dr);
      continue;
    }
    // ⑨ turn end
    if (d.turn !== null) {
      events.push(ev('persona.turn.end', { name: findCombatant(d, d.turn.actorId).name }));
      d.turn = null;
    }
    // ④ initiative comparison, every time (JA L61); a turn reaching an incapacitated one ends (JA L73)
    passOverIncapacitated(d);
    const candidates = nextActorCandidates(d);
    if (candidates.length === 0) {
      // ⑩ round end; back to ③ while both sides have someone in combat (JA L35, KO L28)
      events.push(ev('persona.round.end', { round: d.round }));
      if (!checkEnd(dr)) startRound(dr);
      return finish(dr);
    }
    let actor = candidates[0]!;
    if (choice !== undefined) {
      const chosen = candidates.find((c) => c.id === choice);
      if (chosen === undefined) throw new PersonaError('persona.error.notNextActor', { id: choice });
      actor = chosen;
      choice = undefined;
    }
    // ⑤ turn start: natural recovery just before it, not on a turn gained by Wait (JA L352, L949)
    const fromWait = actor.waiting;
    if (!fromWait) rollNaturalRecovery(d, actor, rng, events);
    d.turnCount = (d.turnCount ?? 0) + 1;
    actor.acted = true;
    d.turn = { actorId: actor.id, fromWait };
    events.push(ev(fromWait ? 'persona.turn.startWait' : 'persona.turn.start', { name: actor.name, initiative: initiativeOf(actor) }));
    // the original slot (JA L71–73)
    if (openSlot(dr, actor.id, 'original', false)) return finish(dr);
  }
}

// ---------------------------------------------------------------------------------------------
// Actions that need no dice or only the <ペルソナ> roll.

/**
 * Wait (JA L945–954; KO L391): only on the original slot; initiative 0 until the round ends and the
 * turn comes back later with an original slot. With initiative already 0 it is giving up the action.
 */
export function wait(state: CombatState, actorId?: string): Step {
  const dr = beginAction(state, actorId);
  const { d, actor, events } = dr;
  if (d.slot!.kind !== 'original') throw new PersonaError('persona.error.waitOriginalOnly');
  // a Wait is a choice: 悩殺・石化… that take the choice away also end a Wait (JA L948), so none is begun
  const noChoice = statusDef(d, actor.badStatus);
  if (noChoice?.blocksActionChoice) throw new PersonaError('persona.error.waitNoChoice', { name: actor.name, status: noChoice.id });
  if (initiativeOf(actor) === 0) {
    events.push(ev('persona.wait.forfeit', { name: actor.name }));
  } else {
    actor.waiting = true;
    actor.acted = false;
    events.push(ev('persona.wait', { name: actor.name }));
  }
  closeSlot(dr);
  return finish(dr);
}

/**
 * Defend (JA L726–736): needs the Persona summoned (shadows need nothing); until the start of the
 * next slot or until a Down/Release would land: weaknesses count as normal, −50% damage, no bad
 * statuses (applied by resistanceOf, damageTakenMods, inflictionBlock).
 */
export function defend(state: CombatState, actorId?: string): Step {
  const dr = beginAction(state, actorId);
  const { actor, events } = dr;
  if (actor.personaUser && !actor.summoned) throw new PersonaError('persona.error.notSummoned', { name: actor.name });
  actor.defending = true;
  events.push(ev('persona.defend', { name: actor.name }));
  closeSlot(dr);
  return finish(dr);
}

/**
 * Ends the slot with an action the GM resolves outside these rules (CoC normal action, item,
 * Analyze, Wild Talk, support or recovery skill…). Its effects are for the GM to apply.
 */
export function endAction(state: CombatState, actorId?: string): Step {
  const dr = beginAction(state, actorId);
  dr.events.push(ev('persona.action.other', { name: dr.actor.name }));
  closeSlot(dr);
  return finish(dr);
}

/** A Persona change's new Persona: what it changes on the character (JA L797). Current HP/SP stay (JA L798). */
export interface PersonaPatch {
  name: string;
  agi?: number;
  luck?: number;
  dex?: number | null;
  resistances?: CombatantInit['resistances'];
  physDb?: string;
  magDb?: string;
  hpMax?: number;
  spMax?: number;
  defense?: number;
  downResistance?: number;
  personaEnd?: number;
  personaMag?: number;
}

function applyPatch(c: Combatant, p: PersonaPatch): void {
  c.persona = p.name;
  if (p.agi !== undefined) c.agi = p.agi;
  if (p.luck !== undefined) c.luck = p.luck;
  if (p.dex !== undefined) c.dex = p.dex;
  if (p.resistances !== undefined) c.resistances = { ...p.resistances };
  if (p.physDb !== undefined) c.physDb = p.physDb;
  if (p.magDb !== undefined) c.magDb = p.magDb;
  if (p.hpMax !== undefined) c.hpMax = p.hpMax;
  if (p.spMax !== undefined) c.spMax = p.spMax;
  if (p.defense !== undefined) c.defense = p.defense;
  if (p.downResistance !== undefined) c.downResistance = p.downResistance;
  if (p.personaEnd !== undefined) c.personaEnd = p.personaEnd;
  if (p.personaMag !== undefined) c.personaMag = p.personaMag;
}

/**
 * Persona change (JA L786–801; KO L319–332), once per slot, <ペルソナ> roll:
 * - success: the change does not use up the slot, the character acts again in it (JA L794);
 * - failure: the change still happens (the flow has no failure branch; digest §12 #16), slot used.
 * Without a new Persona it is the 「ペルソナチェンジ相当の行動」 that ends a Persona Release
 * (JA L1074–1075): success ends it (Persona back, slot kept), failure keeps it (slot used).
 */
export function personaChange(state: CombatState, persona: PersonaPatch | null, rng: RandomSource, actorId?: string): Step {
  const dr = beginAction(state, actorId);
  const { d, actor, events } = dr;
  if (d.slot!.changeTried) throw new PersonaError('persona.error.changeUsed', { name: actor.name });
  if (persona !== null && !actor.wild) throw new PersonaError('persona.error.notWild', { name: actor.name });
  if (persona === null && !actor.released) throw new PersonaError('persona.error.nothingToChange', { name: actor.name });
  if (persona !== null && !actor.summoned && !actor.released) throw new PersonaError('persona.error.notSummoned', { name: actor.name });
  requirePersonaSkill(actor);
  d.slot!.changeTried = true;
  const check = percentile(actor.personaSkill, rng, d.config);
  const params = { name: actor.name, roll: check.roll, chance: check.target, persona: persona?.name ?? '' };
  if (actor.released) {
    if (!check.success) {
      events.push(ev('persona.release.continue', params));
      closeSlot(dr);
      return finish(dr);
    }
    actor.released = false;
    actor.summoned = true;
    actor.everSummoned = true;
    if (persona !== null) applyPatch(actor, persona);
    events.push(ev('persona.release.end', params));
    return finish(dr);
  }
  applyPatch(actor, persona!);
  if (check.success) {
    events.push(ev('persona.change.success', params));
    return finish(dr);
  }
  events.push(ev('persona.change.fail', params));
  closeSlot(dr);
  return finish(dr);
}

/**
 * Summoning mid-combat (JA L83–84; KO L65): "succeed at <ペルソナ> or spend one slot's worth of
 * time". Our reading (digest §12 #15): a successful roll summons and keeps the slot; a failed one
 * leaves the slot (the character may then spend it to summon); `spendSlot` summons with no roll and
 * uses the slot. A Released Persona needs the roll, and a failure uses the slot (JA L84). One
 * <ペルソナ> roll per slot.
 */
export function summonPersona(state: CombatState, options: { spendSlot?: boolean }, rng: RandomSource, actorId?: string): Step {
  if (state.slot !== null && state.phase === 'slot') {
    const owner = state.combatants.find((c) => c.id === state.slot!.ownerId);
    if (owner?.released) {
      if (options.spendSlot) throw new PersonaError('persona.error.releasedNeedsRoll', { name: owner.name });
      return personaChange(state, null, rng, actorId);
    }
  }
  const dr = beginAction(state, actorId);
  const { d, actor, events } = dr;
  if (!actor.personaUser) throw new PersonaError('persona.error.notPersonaUser', { name: actor.name });
  if (actor.summoned) throw new PersonaError('persona.error.alreadySummoned', { name: actor.name });
  if (options.spendSlot) {
    actor.summoned = true;
    actor.everSummoned = true;
    events.push(ev('persona.summon.spent', { name: actor.name }));
    closeSlot(dr);
    return finish(dr);
  }
  if (d.slot!.changeTried) throw new PersonaError('persona.error.changeUsed', { name: actor.name });
  requirePersonaSkill(actor);
  d.slot!.changeTried = true;
  const check = percentile(actor.personaSkill, rng, d.config);
  const params = { name: actor.name, roll: check.roll, chance: check.target };
  if (check.success) {
    actor.summoned = true;
    actor.everSummoned = true;
    events.push(ev('persona.summon.success', params));
  } else {
    events.push(ev('persona.summon.fail', params));
  }
  return finish(dr);
}

/**
 * Finish-off declaration (JA L882–886; KO L385–386): at round start, against incapacitated
 * characters; the declarer's initiative is 0 for the round, and only in that turn can the targets
 * be attacked; 1 damage to one of them kills it (attack.ts).
 */
export function declareFinishOff(state: CombatState, declarerId: string, targetIds: string[]): Step {
  if (state.phase !== 'roundStart') throw new PersonaError('persona.error.phase', { phase: state.phase });
  const dr = draft(state);
  const { d, events } = dr;
  const declarer = findCombatant(d, declarerId);
  if (!canAct(d, declarer)) throw new PersonaError('persona.error.cannotAct', { name: declarer.name });
  if (targetIds.length === 0) throw new PersonaError('persona.error.noTargets');
  const targets = targetIds.map((id) => findCombatant(d, id));
  for (const t of targets) {
    if (!t.incapacitated || t.dead || t.fled) throw new PersonaError('persona.error.notIncapacitated', { name: t.name });
  }
  declarer.finishOff = [...new Set(targetIds)];
  events.push(ev('persona.finishOff.declare', { name: declarer.name, targets: targets.map((t) => t.name).join(', ') }));
  return finish(dr);
}

/**
 * An extra slot from outside these rules (「獣の眼光」 and the like, JA L5; a failed Wild Talk gives
 * the target one at the end of that slot, JA L1068). Queued with the other pending slots.
 */
export function grantExtraSlot(state: CombatState, ownerId: string): Step {
  if (state.phase === 'ended' || state.phase === 'declaration') throw new PersonaError('persona.error.phase', { phase: state.phase });
  const dr = draft(state);
  const owner = findCombatant(dr.d, ownerId);
  if (!inCombat(owner)) throw new PersonaError('persona.error.cannotAct', { name: owner.name });
  dr.d.pending.push({ ownerId, kind: 'extra', holdUp: false });
  dr.events.push(ev('persona.extraSlot', { name: owner.name }));
  return finish(dr);
}
