// The GM's and the defenders' /persona steps outside the open slot's action: adjust, dodge, first, cover,
// finish, go, extra; Analyze, the fight's settings, and Wild Talk rewards.
import { channelGm } from '../../src/store/gms.js';
import { normalizeDice, parseStatus } from '../../src/services/combat/persona-input.js';
import { advanceToSlot, isPersona, relogged, unlogged, type PersonaCombatState } from '../../src/services/combat/persona.js';
import { isGm, requireCombat, requireGm, saveCombatState } from '../../src/services/combat/store.js';
import { UserError } from '../../src/services/errors.js';
import type { CommandContext, CommandOptions } from '../../src/services/types.js';
import { adjustCombatant, analyze as analyzeRule, createCombat, declareFinishOff, grantExtraSlot, configure, type Adjustment, type PersonaEvent, type ConfigPatch, type TalkSpec, PersonaError } from '../../src/core/persona/index.js';
import { requireAnalyzeAllowed } from '../../src/services/combat/persona-status-rules.js';
import { coverRefusal } from '../../src/core/persona/defense.js';
import type { Reply } from '../../src/views/view.js';
import { publicReply, targetIds } from './step.js';
import { withStatusNames } from './status-table.js';

/** GM (or the combatant's player for dodge/first): adjust, evasion choice, tie order within a side. */
export async function manage(ctx: CommandContext, sub: 'adjust' | 'dodge' | 'first' | 'cover' | 'finish' | 'go' | 'extra', options: CommandOptions): Promise<Reply> {
  const { updated, events, gm } = await ctx.store.transaction(async (tx) => {
    const combatRow = await requireCombat(tx, ctx);
    const state = combatRow.state;
    if (!isPersona(state)) throw new UserError('persona.cmd.notRunning');
    const gm = await isGm(tx, ctx);
    const whoName = options.string('who')?.trim();
    const mine = state.setup.filter((c) => c.owner === ctx.user.id);
    if (!state.combat && (sub === 'dodge' || sub === 'first')) {
      // before round 1: a defender's standing evasion choice and the tie order are already theirs to set
      // (the setup's ids are the fight's), so the first attack of round 1 finds them
      const entry = whoName ? state.setup.find((c) => c.name === whoName) : mine[0];
      if (!entry) throw new UserError('combat.unknown', { name: whoName ?? '-' });
      if (!gm && !mine.some((m) => m.id === entry.id)) throw new UserError('combat.gmOnly');
      const early = standingChoice(state, sub, entry, options);
      return { updated: await saveCombatState(tx, ctx, combatRow, `combat.${sub}`, early.next), events: early.events, gm: (await channelGm(tx, ctx.channelId)) ?? null };
    }
    if (!state.combat) throw new UserError('persona.cmd.notRunning');
    // the rules run on the fight without its log, which they only append to (persona.ts unlogged)
    const log = state.combat.log;
    const combat = unlogged(state.combat);
    if (sub === 'go') {
      // the finish-off window is over: on to the round's first slot
      if (!gm && mine.length === 0) throw new UserError('combat.gmOnly');
      if (combat.phase !== 'roundStart') throw new UserError('persona.cmd.notRoundStart');
      const advanced = advanceToSlot(combat, ctx.rng, state);
      return { updated: await saveCombatState(tx, ctx, combatRow, 'combat.persona', { ...state, combat: relogged(log, advanced.combat) }), events: advanced.events, gm: (await channelGm(tx, ctx.channelId)) ?? null };
    }
    const target = whoName ? combat.combatants.find((c) => c.name === whoName) : combat.combatants.find((c) => mine.some((m) => m.id === c.id));
    if (!target) throw new UserError('combat.unknown', { name: whoName ?? '-' });
    const ownsTarget = mine.some((m) => m.id === target.id);
    if (!gm && (sub === 'adjust' || sub === 'extra' || !ownsTarget)) throw new UserError('combat.gmOnly');
    let next: PersonaCombatState = state;
    let evs: PersonaEvent[] = [];
    if (sub === 'extra') {
      // an extra slot from a skill or effect outside these rules (獣の眼光 and the like, JA L5)
      const step = grantExtraSlot(combat, target.id);
      const advanced = step.state.phase === 'idle' ? advanceToSlot(step.state, ctx.rng, state) : { combat: step.state, events: [] };
      next = { ...state, combat: relogged(log, advanced.combat) };
      evs = [...step.events, ...advanced.events];
    } else if (sub === 'finish') {
      // JA L882–886: at round start, against incapacitated characters; initiative 0 for the round
      if (combat.phase !== 'roundStart') throw new UserError('persona.cmd.notRoundStart');
      const step = declareFinishOff(combat, target.id, targetIds(combat, options.string('targets')));
      next = { ...state, combat: relogged(log, step.state) };
      evs = step.events;
    } else if (sub === 'cover') {
      // JA L961–966: the coverer's own choice, once per round; the next attack on the target goes to it
      const covered = targetIds(combat, options.string('target'))[0]!;
      const refusal = coverRefusal(combat, target, combat.combatants.find((c) => c.id === covered)!, false);
      if (refusal !== null && refusal !== 'persona.error.coverUsed') throw new PersonaError(refusal, { name: target.name, target: combat.combatants.find((c) => c.id === covered)!.name });
      const entry = { by: target.id, target: covered, evade: options.boolean('evade') ?? false, round: combat.round };
      next = { ...state, cover: [...(state.cover ?? []).filter((c) => c.round === combat.round && c.by !== target.id && c.target !== covered), entry] };
      evs = [{ key: 'persona.cover.ready', params: { name: target.name, target: combat.combatants.find((c) => c.id === covered)!.name } }];
    } else if (sub === 'adjust') {
      const adj: Adjustment = {};
      if (options.integer('hp') !== null) adj.hp = options.integer('hp')!;
      if (options.integer('sp') !== null) adj.sp = options.integer('sp')!;
      const status = options.string('status');
      if (status) adj.badStatus = ['none', 'なし', '없음', '-'].includes(status.trim().toLowerCase()) ? null : parseStatus(status, combat.config.badStatuses);
      if (options.boolean('down') !== null) adj.down = options.boolean('down')!;
      if (options.boolean('released') !== null) adj.released = options.boolean('released')!;
      // stages from auto-effect skills or effects the bot does not model (JA L409)
      for (const k of ['suku', 'raku', 'taru', 'maka'] as const) if (options.integer(k) !== null) adj[k] = options.integer(k)!;
      // a block without a <ペルソナ> % (JA L1074: ending a Release needs its roll)
      if (options.integer('persona') !== null) adj.personaSkill = options.integer('persona')!;
      const step = withStatusNames(() => adjustCombatant(combat, target.id, adj), combat, ctx.locale);
      next = { ...state, combat: relogged(log, step.state) };
      evs = step.events;
    } else {
      ({ next, events: evs } = standingChoice(state, sub, target, options));
    }
    return { updated: await saveCombatState(tx, ctx, combatRow, `combat.${sub}`, next), events: evs, gm: (await channelGm(tx, ctx.channelId)) ?? null };
  });
  return publicReply(ctx, updated, events, true, gm);
}

/** A defender's evasion choice (/persona dodge) or the tie order within a side (/persona first). */
function standingChoice(state: PersonaCombatState, sub: 'dodge' | 'first', target: { id: string; name: string }, options: CommandOptions): { next: PersonaCombatState; events: PersonaEvent[] } {
  if (sub === 'dodge') {
    const on = options.boolean('on') ?? true;
    return { next: { ...state, dodge: { ...(state.dodge ?? {}), [target.id]: on } }, events: [{ key: on ? 'persona.dodge.on' : 'persona.dodge.off', params: { name: target.name } }] };
  }
  return { next: { ...state, tieFirst: [target.id, ...(state.tieFirst ?? []).filter((id) => id !== target.id)] }, events: [{ key: 'persona.tie.first', params: { name: target.name } }] };
}

/**
 * Analyze (アナライズ, JA L419–431; KO L232–236) in the open slot. Only a combatant whose Persona holds an
 * Analyze skill may (JA L421: an Arcanist Persona whose specialty is Analyze learns it; a GM's NPC too,
 * with one in its block); it is used like a support skill (JA L426): the Persona out, not sealed, its
 * cost paid, the slot used. For the skill's rounds (its block's `NR`, else 1, 「ハイ・アナライズ」's
 * JA L429) the analyst takes no action at all, passive ones included (JA L427); the result — the
 * enemy's abilities, resistances and weaknesses (JA L420) — reaches the analyst's player by DM at the
 * start of the analyst's slot after them (JA L428; persona-dms.ts). The channel reads that it began
 * and ended, never the result.
 */
export async function analyze(ctx: CommandContext, options: CommandOptions): Promise<Reply> {
  const { updated, events } = await ctx.store.transaction(async (tx) => {
    const combatRow = await requireCombat(tx, ctx);
    const state = combatRow.state;
    if (!isPersona(state) || !state.combat) throw new UserError('persona.cmd.notRunning');
    const combat = state.combat;
    if (combat.phase !== 'slot') throw new UserError(combat.phase === 'roundStart' ? 'persona.cmd.finishWindow' : 'persona.cmd.notRunning');
    const ownerId = combat.slot?.ownerId;
    const entry = state.setup.find((c) => c.id === ownerId);
    const actor = combat.combatants.find((c) => c.id === ownerId)!;
    const gm = await isGm(tx, ctx);
    if ((entry?.owner ?? null) !== ctx.user.id && !gm) throw new UserError('combat.notYourTurn', { name: actor.name });
    withStatusNames(() => requireAnalyzeAllowed(combat, gm, ctx.locale), combat, ctx.locale);
    const skill = entry?.skills?.find((s) => s.kind === 'analyze');
    if (!skill) throw new UserError('persona.cmd.analyzeNoSkill', { name: actor.name });
    const targetId = targetIds(combat, options.string('target'))[0];
    if (!targetId) throw new UserError('persona.cmd.needTargets', { skill: skill.name });
    const cost = { ...(skill.hp ? { hp: skill.hp } : {}), ...(skill.sp ? { sp: skill.sp } : {}) };
    const step = withStatusNames(() => analyzeRule(combat, { target: targetId, rounds: skill.rounds ?? 1, skill: skill.name, cost }), combat, ctx.locale);
    const advanced = step.state.phase === 'ended' || step.state.phase === 'slot' ? { combat: step.state, events: [] as PersonaEvent[] } : advanceToSlot(step.state, ctx.rng, state);
    const next: PersonaCombatState = { ...state, combat: advanced.combat };
    return { updated: await saveCombatState(tx, ctx, combatRow, 'combat.persona', next), events: [...step.events, ...advanced.events] };
  });
  return publicReply(ctx, updated, events);
}

/**
 * /persona setting (GM): the readings a table may disagree on, per fight. Natural recovery counts
 * JA L352's rounds (default) or KO L183's turns; critical/fumble ranges are not in the seeds.
 * Before round 1 they wait in the fight's state and go to createCombat.
 */
export async function setting(ctx: CommandContext, options: CommandOptions): Promise<Reply> {
  const { updated, events } = await ctx.store.transaction(async (tx) => {
    const combatRow = await requireCombat(tx, ctx);
    await requireGm(tx, ctx);
    const state = combatRow.state;
    if (!isPersona(state)) throw new UserError('persona.cmd.notRunning');
    const patch: ConfigPatch = {};
    const recovery = options.string('recovery');
    if (recovery === 'rounds' || recovery === 'turns') patch.recoveryCount = recovery;
    if (options.integer('critical') !== null) patch.criticalMax = options.integer('critical')!;
    if (options.integer('fumble') !== null) patch.fumbleMin = options.integer('fumble')!;
    // the db rank ladder of タル/マカ (JA L599–600; not in the seeds): "1D4, 1D6, 1D6+1D4, …"
    const ladder = options.string('dbladder');
    if (ladder) patch.dbLadder = ladder.split(/[,、，→>\s]+/).map((x) => normalizeDice(x)).filter(Boolean);
    if (options.boolean('fumble_evade') !== null) patch.fumbleEvade = options.boolean('fumble_evade')!;
    const base = state.combat ?? createCombat({ combatants: [{ id: 'a', name: 'a', side: 'pc', agi: 0, luck: 0, hp: 1 }, { id: 'b', name: 'b', side: 'npc', agi: 0, luck: 0, hp: 1 }], config: state.config ?? {} }).state;
    const step = configure(base, patch); // validates the combination
    const next: PersonaCombatState = state.combat ? { ...state, combat: step.state } : { ...state, config: { ...(state.config ?? {}), ...patch, ...(patch.dbLadder ? { dbLadder: step.state.config.dbLadder! } : {}) } };
    return { updated: await saveCombatState(tx, ctx, combatRow, 'combat.setting', next), events: step.events };
  });
  return publicReply(ctx, updated, events);
}

/** The reward a Wild Talk asks for (JA L1038–1065): chosen with the roll, worked out by the core on success. */
export function talkReward(options: CommandOptions): Pick<TalkSpec, 'reward'> {
  const kind = options.string('reward');
  if (kind !== 'item' && kind !== 'macca' && kind !== 'persona') return {};
  const optional = <K extends string>(key: K, value: number | null) => (value === null ? {} : ({ [key]: value } as Record<K, number>));
  return {
    reward: {
      kind,
      ...optional('level', options.integer('level')),
      ...optional('coefficient', options.integer('coef')),
      ...optional('price', options.integer('price')),
      ...optional('rank', options.integer('rank')),
      ...optional('personaLevel', options.integer('plevel')),
      ...(options.string('item') ? { item: options.string('item')! } : {}),
    },
  };
}
