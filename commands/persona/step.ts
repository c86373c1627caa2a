// The open slot's action (seeds 002/003): one transaction reads the fight, runs the core rule, saves it
// and answers with the events and the board; the GM gets a copy of what hidden shadows did.
import { channelGm } from '../../src/store/gms.js';
import { normalizeDice, parseElement, parseResistances as parseResistancesOpt, parseStatus } from '../../src/services/combat/persona-input.js';
import { useSkill } from '../../src/services/combat/persona-skill.js';
import { advanceToSlot, eventLines, isPersona, relogged, standingEvasion, unlogged, type PersonaCombatState, type PersonaSetup } from '../../src/services/combat/persona.js';
import { coversFor, evasionSpec } from '../../src/services/combat/persona-evasion.js';
import { forTable } from '../../src/services/table.js';
import { personaDms, type KnownGm } from '../../src/services/combat/persona-dms.js';
import { isGm, requireCombat, saveCombatState } from '../../src/services/combat/store.js';
import { trackerUpdate } from '../../src/services/combat/tracker.js';
import { UserError } from '../../src/services/errors.js';
import type { CommandContext, CommandOptions } from '../../src/services/types.js';
import { attack, type CombatState, type PersonaEvent, type PersonaPatch, type Step } from '../../src/core/persona/index.js';
import { requireChoice } from '../../src/services/combat/persona-status-rules.js';
import type { RandomSource } from '../../src/core/random.js';
import type { Reply } from '../../src/views/view.js';
import { withStatusNames } from './status-table.js';

export function changePatch(options: CommandOptions): Omit<PersonaPatch, 'name'> {
  const optional = <T>(value: T | null, key: string) => (value === null ? {} : { [key]: value });
  return {
    ...optional(options.integer('agi'), 'agi'),
    ...optional(options.integer('luck'), 'luck'),
    ...optional(options.integer('defense'), 'defense'),
    ...(options.string('resist') ? { resistances: parseResistancesOpt(options.string('resist')) } : {}),
  };
}

export function targetIds(combat: CombatState, input: string | null): string[] {
  const names = (input ?? '').split(/[,、，]/).map((s) => s.trim()).filter(Boolean);
  return names.map((n) => {
    const c = combat.combatants.find((x) => x.name === n);
    if (!c) throw new UserError('combat.unknown', { name: n });
    return c.id;
  });
}

/**
 * An attack: a stored skill of the slot's owner (power db × N, costs, hit, statuses from its stat
 * block), or raw dice. A hit roll is always asked for: without a skill rate, `hit:` or `auto:true`
 * must be given (issue 12). Evasion is each defender's standing choice (/persona dodge).
 */
export function attackStep(combat: CombatState, state: PersonaCombatState, options: CommandOptions, rng: RandomSource): Step {
  const targets = targetIds(combat, options.string('targets'));
  const cover = coversFor(combat, state);
  const evading = standingEvasion(combat, state);
  const skillName = options.string('skill');
  const owner = state.setup.find((c) => c.id === combat.slot?.ownerId);
  const stored = skillName ? owner?.skills?.find((s) => s.name === skillName) : undefined;
  if (stored) return useSkill(combat, { skill: stored, targets, evading, cover }, rng);
  const element = options.string('element');
  const dice = options.string('dice');
  const kind = options.string('kind');
  if (!element || !dice || !kind) throw new UserError(skillName ? 'persona.cmd.unknownSkill' : 'persona.cmd.rawNeeds', { skill: skillName ?? '' });
  if (targets.length === 0) throw new UserError('persona.cmd.needTargets', { skill: skillName ?? '' });
  const hit = options.integer('hit');
  const auto = options.boolean('auto') ?? false;
  if (hit === null && !auto) throw new UserError('persona.cmd.needHit');
  const sp = options.integer('sp');
  const hp = options.integer('hpcost');
  const ailment = options.string('ailment');
  return attack(
    combat,
    {
      kind: kind as 'physical' | 'magic',
      elements: element.split(/[+/]/).map((e) => e.trim()).filter(Boolean).map(parseElement),
      targets,
      dice: normalizeDice(dice),
      hitRate: auto ? 'auto' : hit!,
      hits: options.integer('hits') ?? 1,
      cost: { ...(sp ? { sp } : {}), ...(hp ? { hp } : {}) },
      ...evasionSpec(targets, evading, cover),
      ...(skillName ? { skill: skillName } : {}),
      // An added bad status: base rate + booster + luck difference, ×2 weak / ×½ resist (JA L172, L190).
      ...(ailment ? { ailment: { status: parseStatus(ailment, combat.config.badStatuses), rate: options.integer('ailment_rate') ?? ('fuyo' as const) } } : {}),
    },
    rng,
  );
}

export { coversFor } from '../../src/services/combat/persona-evasion.js';

/** Applies the open slot's action, then runs the fight on to the next open slot. */
export async function act(ctx: CommandContext, sub: string, rule: (combat: CombatState, state: PersonaCombatState, rng: RandomSource) => Step & { setup?: PersonaSetup[] }): Promise<Reply> {
  const { updated, events, gm } = await ctx.store.transaction(async (tx) => {
    const combatRow = await requireCombat(tx, ctx);
    const state = combatRow.state;
    if (!isPersona(state) || !state.combat) throw new UserError('persona.cmd.notRunning');
    if (state.combat.phase === 'roundStart') throw new UserError('persona.cmd.finishWindow');
    const ownerId = state.combat.slot?.ownerId;
    const owner = state.setup.find((c) => c.id === ownerId)?.owner ?? null;
    // The slot's player acts for a PC; the GM for everyone.
    const gm = await isGm(tx, ctx);
    if (owner !== ctx.user.id && !gm) throw new UserError('combat.notYourTurn', { name: state.combat.combatants.find((c) => c.id === ownerId)?.name ?? '-' });
    // 悩殺・激昂…: the character does not choose (KO L174–179; persona-status-rules.ts)
    requireChoice(state.combat, gm, sub, ctx.locale);
    // the rules run on the fight without its log, which they only append to (persona.ts unlogged)
    const light: PersonaCombatState = { ...state, combat: unlogged(state.combat) };
    const step = withStatusNames(() => rule(light.combat!, light, ctx.rng), light.combat!, ctx.locale);
    const advanced = step.state.phase === 'ended' || step.state.phase === 'slot' ? { combat: step.state, events: [] as PersonaEvent[] } : advanceToSlot(step.state, ctx.rng, { ...light, ...(step.setup ? { setup: step.setup } : {}) });
    // a Persona change also swaps the skills kept beside the combatant (persona-change.ts)
    const next: PersonaCombatState = { ...state, ...(step.setup ? { setup: step.setup } : {}), combat: relogged(state.combat.log, advanced.combat) };
    return { updated: await saveCombatState(tx, ctx, combatRow, 'combat.persona', next), events: [...step.events, ...advanced.events], gm: (await channelGm(tx, ctx.channelId)) ?? null };
  });
  return publicReply(ctx, updated, events, false, gm);
}

/** `gm`: the channel's GM as the step read it (persona-dms.ts KnownGm), so its DM copy does not read it again. */
export async function publicReply(ctx: CommandContext, updated: Awaited<ReturnType<typeof saveCombatState>>, events: PersonaEvent[], ephemeral = false, gm?: KnownGm): Promise<Reply> {
  const state = updated.state as PersonaCombatState;
  return {
    // A public step is the table's; an ephemeral one (the GM's setup) the actor's. Either way its lines
    // are worded for their reader: a hidden combatant's numbers only for the GM (persona-lines.ts).
    view: ((speaker) => ({ locale: speaker.locale, tone: 'info' as const, title: speaker.t('combat.title'), blocks: eventLines(speaker, state.combat, events, state), ephemeral }))(ephemeral ? ctx : forTable(ctx)),
    dms: await personaDms(ctx, state, events, gm),
    board: trackerUpdate(ctx, updated),
  };
}
