// What the GM changes outside the rules' own flow: a combatant's numbers or statuses mid-fight, and
// reinforcements joining after round 1. Both work in any phase but the end, and never open a slot.
import { findCombatant, inCombat, makeCombatant } from './combatant.js';
import { endSupportEffects } from './down.js';
import { dbLadder, ladderIndex } from './db-rank.js';
import { MAX_COMBATANTS, checkEnd, draft, finish, validateConfig } from './state.js';
import { STATUS_ID_MAX, STATUS_TABLE_MAX, findBadStatus, type BadStatusDef } from './status-table.js';
import { PersonaError, ev, type CombatState, type CombatantInit, type PersonaConfig, type PersonaEvent, type Step } from './types.js';

export interface Adjustment {
  hp?: number;
  sp?: number;
  /** a bad-status id, or null to clear it */
  badStatus?: string | null;
  down?: boolean;
  released?: boolean;
  dizzy?: boolean;
  suku?: number;
  raku?: number;
  /** タル/マカ stages; a db off the fight's ladder cannot take them (db-rank.ts) */
  taru?: number;
  maka?: number;
  /** the <ペルソナ> % (a block without one: the rolls of JA L83, L787, L1074 need it) */
  personaSkill?: number;
}

/** The GM sets a combatant's HP/SP/status (a ruling, an effect the bot does not model). */
export function adjustCombatant(state: CombatState, id: string, adj: Adjustment): Step {
  if (state.phase === 'ended') throw new PersonaError('persona.error.ended');
  const dr = draft(state);
  const { d, events } = dr;
  const c = findCombatant(d, id);
  if (adj.hp !== undefined) {
    if (!Number.isSafeInteger(adj.hp) || adj.hp < 0 || adj.hp > 99999) throw new PersonaError('persona.error.badField', { id: c.name, field: 'hp', value: String(adj.hp) });
    c.hp = adj.hp;
    // back above 0: incapacitation lifts (a GM's revival); to 0: incapacitated
    if (adj.hp > 0 && c.incapacitated && !c.dead) c.incapacitated = false;
    if (adj.hp === 0 && !c.incapacitated) {
      c.incapacitated = true;
      endSupportEffects(c, events);
    }
  }
  if (adj.sp !== undefined) {
    if (!Number.isSafeInteger(adj.sp) || adj.sp < 0 || adj.sp > 99999) throw new PersonaError('persona.error.badField', { id: c.name, field: 'sp', value: String(adj.sp) });
    c.sp = adj.sp;
  }
  // besides HP/SP, each change is said in its own line (issue 20: the GM sees what the command did)
  const changed: PersonaEvent[] = [];
  if (adj.badStatus !== undefined) {
    const before = c.badStatus?.id;
    if (adj.badStatus === null) {
      c.badStatus = null;
      changed.push(before ? ev('persona.gm.statusCleared', { name: c.name, status: before }) : ev('persona.gm.statusNone', { name: c.name }));
    } else {
      if (findBadStatus(d.config.badStatuses, adj.badStatus) === undefined) throw new PersonaError('persona.error.unknownStatus', { status: adj.badStatus });
      c.badStatus = { id: adj.badStatus, round: d.round, turn: d.turnCount ?? 0 };
      changed.push(ev('persona.gm.status', { name: c.name, status: adj.badStatus }));
    }
  }
  if (adj.down !== undefined) {
    c.down = adj.down;
    changed.push(ev(adj.down ? 'persona.gm.down' : 'persona.gm.up', { name: c.name }));
  }
  if (adj.dizzy !== undefined) c.dizzy = adj.dizzy ? 2 : 0;
  if (adj.released !== undefined) {
    c.released = adj.released;
    if (adj.released) c.summoned = false;
    changed.push(ev(adj.released ? 'persona.gm.released' : 'persona.gm.unreleased', { name: c.name }));
  }
  if (adj.personaSkill !== undefined) {
    if (!Number.isSafeInteger(adj.personaSkill) || adj.personaSkill < 0 || adj.personaSkill > 200) throw new PersonaError('persona.error.badField', { id: c.name, field: 'personaSkill', value: String(adj.personaSkill) });
    c.personaSkill = adj.personaSkill;
    delete c.noPersonaSkill;
    changed.push(ev('persona.gm.personaSkill', { name: c.name, n: adj.personaSkill }));
  }
  // カジャ/ンダ stages, e.g. from auto-effect skills, which count toward the 3-stage cap (JA L409)
  for (const k of ['suku', 'raku', 'taru', 'maka'] as const) {
    const v = adj[k];
    if (v === undefined) continue;
    if (!Number.isInteger(v) || v < -3 || v > 3) throw new PersonaError('persona.error.badField', { id: c.name, field: k, value: String(v) });
    if (v !== 0 && (k === 'taru' || k === 'maka')) {
      const kind = k === 'taru' ? 'physical' : 'magic';
      if (ladderIndex(d.config, c, kind) < 0) throw new PersonaError('persona.error.dbOffLadder', { name: c.name, db: kind === 'physical' ? c.physDb : c.magDb });
    }
    c[k] = v;
    changed.push(ev(`persona.gm.stage.${k}`, { name: c.name, n: v > 0 ? `+${v}` : String(v) }));
  }
  events.push(ev('persona.gm.adjusted', { name: c.name, hp: c.hp, hpMax: c.hpMax, sp: c.sp, spMax: c.spMax }), ...changed);
  if (!inCombat(c) || adj.hp !== undefined) checkEnd(dr);
  return finish(dr);
}

/**
 * Reinforcements after the fight began. Our reading (the seeds are silent): they take their first
 * turn next round (a GM who wants them sooner grants an extra slot), summoned if Persona users.
 */
export function addReinforcement(state: CombatState, init: CombatantInit): Step {
  if (state.phase === 'ended') throw new PersonaError('persona.error.ended');
  if (state.combatants.length >= MAX_COMBATANTS) throw new PersonaError('persona.error.tooMany', { count: state.combatants.length + 1, max: MAX_COMBATANTS });
  if (state.combatants.some((c) => c.id === init.id)) throw new PersonaError('persona.error.duplicateId', { id: init.id });
  const dr = draft(state);
  const c = makeCombatant({ ...init, summoned: init.summoned ?? init.side === 'pc' });
  c.acted = dr.d.round > 0;
  dr.d.combatants.push(c);
  dr.events.push(ev('persona.gm.reinforcement', { name: c.name }));
  return finish(dr);
}

/** The GM's house settings for this fight (critical/fumble ranges, natural-recovery count); validated. */
export type ConfigPatch = Partial<Pick<PersonaConfig, 'criticalMax' | 'fumbleMin' | 'recoveryCount' | 'dbLadder' | 'fumbleEvade'>>;

export function configure(state: CombatState, patch: ConfigPatch): Step {
  const dr = draft(state);
  const config = { ...dr.d.config, ...patch };
  validateConfig(config);
  dr.d.config = config;
  dr.events.push(ev(`persona.gm.settings.${config.recoveryCount ?? 'rounds'}`, { critical: config.criticalMax, fumble: config.fumbleMin }));
  dr.events.push(ev(config.fumbleEvade === false ? 'persona.gm.settings.fumbleNoEvade' : 'persona.gm.settings.fumbleEvade'));
  dr.events.push(ev('persona.gm.settings.ladder', { ladder: dbLadder(config).join(' → ') }));
  return finish(dr);
}

/**
 * The GM defines or replaces a bad status of this fight's table (both seeds lost theirs, JA L345–349,
 * KO L171–181: the GM's table). The id is kept; a status in use may be redefined but not removed.
 */
export function defineBadStatus(state: CombatState, def: BadStatusDef): Step {
  if (state.phase === 'ended') throw new PersonaError('persona.error.ended');
  const id = def.id.trim();
  if (id === '' || id.length > STATUS_ID_MAX) throw new PersonaError('persona.error.badField', { id: 'status', field: 'id', value: id.slice(0, 40) });
  const dr = draft(state);
  const table = dr.d.config.badStatuses;
  const at = table.findIndex((x) => x.id === id);
  if (at < 0 && table.length >= STATUS_TABLE_MAX) throw new PersonaError('persona.error.tooManyStatuses', { max: STATUS_TABLE_MAX });
  const entry: BadStatusDef = { ...def, id, name: { ...def.name } };
  if (at < 0) table.push(entry);
  else table[at] = entry;
  dr.events.push(ev(at < 0 ? 'persona.gm.statusAdded' : 'persona.gm.statusChanged', { status: id }));
  return finish(dr);
}

export function removeBadStatus(state: CombatState, id: string): Step {
  if (state.phase === 'ended') throw new PersonaError('persona.error.ended');
  const dr = draft(state);
  if (findBadStatus(dr.d.config.badStatuses, id) === undefined) throw new PersonaError('persona.error.unknownStatus', { status: id });
  const holder = dr.d.combatants.find((c) => c.badStatus?.id === id);
  if (holder !== undefined) throw new PersonaError('persona.error.statusInUse', { status: id, name: holder.name });
  dr.d.config.badStatuses = dr.d.config.badStatuses.filter((x) => x.id !== id);
  dr.events.push(ev('persona.gm.statusRemoved', { status: id }));
  return finish(dr);
}

/**
 * The GM takes a combatant out of the fight (a ruling: it leaves, not defeated, like a Wild Talk's
 * target, JA L1046). Its open slot closes without an action, its pending slots and a Hold-up riding
 * on them go, and the end of combat is checked.
 */
export function removeCombatant(state: CombatState, id: string): Step {
  if (state.phase === 'ended') throw new PersonaError('persona.error.ended');
  const dr = draft(state);
  const { d, events } = dr;
  const c = findCombatant(d, id);
  d.combatants = d.combatants.filter((x) => x.id !== id);
  d.pending = d.pending.filter((p) => p.ownerId !== id);
  if (d.holdUp?.ownerId === id) d.holdUp = null;
  for (const x of d.combatants) if (x.finishOff) x.finishOff = x.finishOff.filter((t) => t !== id);
  if (d.turn?.actorId === id) d.turn = null;
  events.push(ev('persona.gm.removed', { name: c.name }));
  if (d.slot?.ownerId === id) {
    d.slot = null;
    d.phase = 'idle';
  }
  checkEnd(dr);
  return finish(dr);
}
