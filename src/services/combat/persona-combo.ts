// Combination magic (合体魔法, JA L456–500; KO L277–300) from the participants' stored skills,
// resolved in the slot of the participant acting now (the last to get a turn, JA L483). Our
// readings, where the seed gives only a guideline ("程度を目安", JA L493–494):
//   power = (highest skill power + (skills − 1)) × Σ participants' db (each by its own skill's kind);
//   against every enemy (highest + (skills − 1) / 2), rounded down; kind and default elements from
//   the most powerful skill (JA L463); hit = the highest non-auto rate, auto only if all are (JA L488);
//   the first added status rides along. The GM's approval (JA L461) is the GM running or allowing it;
//   the participants' waiting (JA L476–481) is theirs to keep: they pass until the last one's slot.
import { attack, type CombatState, type CoverDeclaration, type Step } from '../../core/persona/index.js';
import { sumDb, expandDb } from '../../core/persona/damage.js';
import { inCombat } from '../../core/persona/combatant.js';
import { effectiveDb } from '../../core/persona/db-rank.js';
import type { RandomSource } from '../../core/random.js';
import { UserError } from '../errors.js';
import type { PersonaCombatState } from './persona.js';
import { parseElement } from './persona-input.js';
import { evasionSpec } from './persona-evasion.js';

export interface ComboInput {
  /** "アキ:アギ, ベン:ガル" */
  skills: string;
  targets: string[];
  element: string | null;
  name: string | null;
  evading: Set<string>;
  cover: CoverDeclaration[];
}

export function combination(combat: CombatState, state: PersonaCombatState, input: ComboInput, rng: RandomSource): Step {
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
  return attack(
    combat,
    {
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
    },
    rng,
  );
}
