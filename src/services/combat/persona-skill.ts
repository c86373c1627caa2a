// A stored skill used in the open slot: the bot works out power (db × N, JA L137–138), costs, hit
// rate, targets and statuses from the stat block and calls the matching rule of the core.
import { attack, buff, castAilment, heal, type CombatState, type CoverDeclaration, type Step } from '../../core/persona/index.js';
import { inCombat } from '../../core/persona/combatant.js';
import type { RandomSource } from '../../core/random.js';
import { UserError } from '../errors.js';
import type { PersonaSkill } from './persona-block.js';
import { evasionSpec } from './persona-evasion.js';

export interface SkillUse {
  skill: PersonaSkill;
  /** chosen target ids; empty for an 「全体」 skill means every enemy (every ally for heals/buffs) */
  targets: string[];
  /** ids of everyone who chose to try Persona evasion (the defenders' own decision; standingEvasion) */
  evading: Set<string>;
  /** this round's Cover declarations (the coverers' own decision) */
  cover?: CoverDeclaration[];
}

const supportive = (k: PersonaSkill['kind']) => k === 'heal' || k.endsWith('+');

export function useSkill(combat: CombatState, use: SkillUse, rng: RandomSource): Step {
  const { skill } = use;
  const actor = combat.combatants.find((c) => c.id === combat.slot?.ownerId);
  if (!actor) throw new UserError('persona.cmd.notRunning');
  let targets = use.targets;
  if (targets.length === 0) {
    if (!skill.all) throw new UserError('persona.cmd.needTargets', { skill: skill.name });
    const friends = supportive(skill.kind);
    // the incapacitated are left out of skills that do not act on them (JA L1164, KO L449)
    const reaches = (c: (typeof combat.combatants)[number]) => inCombat(c) || (skill.kind === 'heal' && skill.revive === true && c.incapacitated && !c.dead && !c.fled);
    targets = combat.combatants.filter((c) => reaches(c) && (friends ? c.side === actor.side : c.side !== actor.side)).map((c) => c.id);
  }
  const cost = { ...(skill.hp ? { hp: skill.hp } : {}), ...(skill.sp ? { sp: skill.sp } : {}) };
  const power = skill.dice !== undefined ? { dice: skill.dice } : { coefficient: skill.power ?? 1 };
  switch (skill.kind) {
    // Analyze locks its user out for rounds and reveals later (JA L427–431): /persona analyze
    case 'analyze':
      throw new UserError('persona.cmd.analyzeCommand', { skill: skill.name });
    case 'physical':
    case 'magic': {
      if (skill.hit === undefined) throw new UserError('persona.cmd.needHit');
      return attack(
        combat,
        {
          skill: skill.name,
          kind: skill.kind,
          elements: skill.elements,
          targets,
          ...power,
          hitRate: skill.hit,
          hits: skill.hits ?? 1,
          cost,
          ...evasionSpec(targets, use.evading, use.cover ?? []),
          ...(skill.status ? { ailment: { status: skill.status.id, rate: skill.status.rate } } : {}),
        },
        rng,
      );
    }
    case 'heal':
      // HP healed = 2 × the roll of magic db × N, one roll for every target (JA L377–382)
      return heal(combat, { skill: skill.name, targets, kind: 'magic', ...power, cost, ...(skill.cure ? { cure: true } : {}), ...(skill.revive ? { revive: true } : {}) }, rng);
    case 'ailment':
    case 'death': {
      if (skill.kind === 'ailment' && skill.status === undefined) throw new UserError('persona.cmd.needStatus', { skill: skill.name });
      const rate = skill.status?.rate;
      const base = typeof rate === 'number' ? rate : typeof skill.hit === 'number' ? skill.hit : null;
      if (base === null) throw new UserError('persona.cmd.needHit');
      return castAilment(
        combat,
        {
          skill: skill.name,
          targets,
          effect: skill.kind === 'death' ? { kind: 'instantDeath' } : { kind: 'status', statuses: [skill.status!.id] },
          baseRate: base,
          ...(skill.elements[0] ? { element: skill.elements[0] } : {}),
          hits: skill.hits ?? 1,
          cost,
          // Cover answers 「攻撃・各種効果」 alike (JA L957): the coverer takes the infliction check
          cover: (use.cover ?? []).filter((c) => targets.includes(c.target)),
        },
        rng,
      );
    }
    default: {
      const [stat, sign] = [skill.kind.slice(0, 4) as 'suku' | 'raku' | 'taru' | 'maka', skill.kind.endsWith('+') ? 1 : -1] as const;
      return buff(combat, { skill: skill.name, targets, stat, delta: sign, cost });
    }
  }
}
