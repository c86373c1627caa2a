// Combination magic (合体魔法, JA L456–500; KO L277–300) from the participants' stored skills.
// Declared in a participant's slot, it waits (core/persona/combo.ts) until every other participant has
// had an original slot, and starts in the last one's (JA L476–483), each paying its own cost then
// (JA L484). Our readings, where the seed gives only a guideline ("程度を目安", JA L493–494):
//   power = (highest skill power + (skills − 1)) × Σ participants' db (each by its own skill's kind);
//   against every enemy (highest + (skills − 1) / 2), rounded down; kind and default elements from
//   the most powerful skill (JA L463); hit = the highest non-auto rate, auto only if all are (JA L488);
//   the first added status rides along. The GM's approval (JA L461) is the GM running or allowing it.
import { abandonCombo, attack, declareCombo, PersonaError, type AttackSpec, type CombatState, type CoverDeclaration, type Step } from '../../core/persona/index.js';
import type { ComboWait } from '../../core/persona/types.js';
import { KeyedError } from '../../core/keyed-error.js';
import { sumDb, expandDb } from '../../core/persona/damage.js';
import { inCombat } from '../../core/persona/combatant.js';
import { effectiveDb } from '../../core/persona/db-rank.js';
import type { RandomSource } from '../../core/random.js';
import { UserError } from '../errors.js';
import type { PersonaCombatState } from './persona.js';
import { parseElement } from './persona-input.js';
import { coversFor, evasionSpec, standingEvasion } from './persona-evasion.js';

export interface ComboInput {
  /** "アキ:アギ, ベン:ガル" */
  skills: string;
  targets: string[];
  element: string | null;
  name: string | null;
  evading: Set<string>;
  cover: CoverDeclaration[];
}

/** The attack of the participants' skills, for the open slot's owner (one of them). Refuses bad parts. */
function comboSpec(combat: CombatState, state: PersonaCombatState, input: ComboInput): AttackSpec {
  const actorId = combat.slot?.ownerId;
  const parts = input.skills.split(/[,、，]/).map((p) => p.trim()).filter(Boolean).map((p) => {
    const [who, skillName] = p.split(/[:：]/).map((x) => x.trim());
    const c = combat.combatants.find((x) => x.name === who);
    if (!c || !skillName) throw new UserError('persona.cmd.comboPart', { part: p.slice(0, 60) });
    const skill = state.setup.find((s) => s.id === c.id)?.skills?.find((s) => s.name === skillName);
    if (!skill || (skill.kind !== 'physical' && skill.kind !== 'magic') || skill.power === undefined) throw new UserError('persona.cmd.comboPart', { part: p.slice(0, 60) });
    return { c, skill };
  });
  if (parts.length < 2 || new Set(parts.map((p) => p.c.id)).size !== parts.length) throw new UserError('persona.cmd.comboNeedsTwo');
  const me = parts.find((p) => p.c.id === actorId);
  if (!me) throw new UserError('persona.cmd.comboSlot');
  const main = parts.reduce((a, b) => (b.skill.power! > a.skill.power! ? b : a));
  const all = main.skill.all === true;
  const coefficient = Math.floor(main.skill.power! + (parts.length - 1) / (all ? 2 : 1));
  // each participant's db after its own タル/マカ stages (JA L599–600)
  const dice = expandDb(sumDb(parts.map((p) => effectiveDb(combat.config, p.c, p.skill.kind as 'physical' | 'magic'))), coefficient);
  const allowed = new Set(parts.flatMap((p) => p.skill.elements));
  const elements = input.element ? input.element.split(/[+/]/).map((e) => parseElement(e.trim())) : main.skill.elements;
  for (const e of elements) if (!allowed.has(e)) throw new UserError('persona.cmd.comboElement', { element: e });
  const rates = parts.map((p) => p.skill.hit);
  if (rates.some((r) => r === undefined)) throw new UserError('persona.cmd.needHit');
  const numeric = rates.filter((r): r is number => typeof r === 'number');
  let targets = input.targets;
  if (targets.length === 0) {
    if (!all) throw new UserError('persona.cmd.needTargets', { skill: input.name ?? '-' });
    targets = combat.combatants.filter((c) => inCombat(c) && c.side !== me.c.side).map((c) => c.id);
  }
  const status = parts.find((p) => p.skill.status)?.skill.status;
  const cost = (s: (typeof parts)[number]['skill']) => ({ ...(s.hp ? { hp: s.hp } : {}), ...(s.sp ? { sp: s.sp } : {}) });
  return {
      skill: input.name ?? parts.map((p) => p.skill.name).join('+'),
      kind: main.skill.kind as 'physical' | 'magic',
      elements,
      targets,
      dice,
      hitRate: numeric.length > 0 ? Math.max(...numeric) : 'auto',
      cost: cost(me.skill),
      ...evasionSpec(targets, input.evading, input.cover),
      ...(status ? { ailment: { status: status.id, rate: status.rate } } : {}),
      combination: { participants: parts.filter((p) => p !== me).map((p) => ({ id: p.c.id, cost: cost(p.skill) })) },
  };
}

/**
 * /persona combo in the open slot: the declaration (JA L476). The parts are checked now; the attack
 * waits for the participants' original slots and is built again when it starts.
 */
export function declareCombination(combat: CombatState, state: PersonaCombatState, input: ComboInput): Step {
  const spec = comboSpec(combat, state, input);
  const ids = [combat.slot!.ownerId, ...(spec.combination?.participants ?? []).map((p) => p.id)];
  return declareCombo(combat, ids, { skills: input.skills, targets: input.targets, element: input.element, name: input.name });
}

/**
 * The declared magic starts in the last participant's slot (JA L482–484): built from the plan with the
 * db stages, costs, evasion choices and Covers of this moment. A target gone meanwhile is left out; a
 * participant unable to pay, or no target left, makes it fail (JA L480: the declared action cannot be done).
 */
export function fireCombination(combat: CombatState, state: PersonaCombatState, wait: ComboWait, rng: RandomSource): Step {
  const plan = wait.plan;
  const declared = (plan.targets as string[] | null) ?? [];
  const targets = declared.filter((id) => combat.combatants.some((c) => c.id === id && inCombat(c)));
  const owner = combat.combatants.find((c) => c.id === combat.slot?.ownerId)!;
  const failed = (name: string) => abandonCombo({ ...combat, comboWait: wait }, name);
  if (declared.length > 0 && targets.length === 0) return failed(owner.name);
  const evading = standingEvasion(combat, state);
  const cover = coversFor(combat, state);
  const input: ComboInput = { skills: String(plan.skills ?? ''), targets, element: (plan.element as string | null) ?? null, name: (plan.name as string | null) ?? null, evading, cover };
  try {
    return attack(combat, comboSpec(combat, state, input), rng);
  } catch (e) {
    if (e instanceof PersonaError || e instanceof KeyedError) return failed(typeof e.params.name === 'string' ? e.params.name : owner.name);
    throw e;
  }
}
