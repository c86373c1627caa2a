// The Fate fight's steps beside attack and defend: delay, escape, priority, inflict, flight, cover, yield.
import { hydrate, resourceLine } from '../../src/services/characters.js';
import { currentActor, findCombatant, withSheets } from '../../src/services/combat/fate.js';
import { type FateCombatant, type FateCombatState } from '../../src/services/combat/state.js';
import { escapeStep } from '../../src/services/combat/fate-escape.js';
import { getCharacter } from '../../src/store/characters.js';
import { isGm, requireCombat, requireGm, saveCombatState } from '../../src/services/combat/store.js';
import { fateBoard } from '../../src/services/combat/tracker.js';
import { readersOf } from '../../src/services/secrecy.js';
import { luckButtons } from '../../src/views/check-display.js';
import { fightGm, gmCopy, hiddenRollView } from '../../src/services/combat/fate-hidden.js';
import { isPersona } from '../../src/services/combat/persona.js';
import { UserError } from '../../src/services/errors.js';
import type { CommandContext, CommandOptions } from '../../src/services/types.js';
import { delayedIv } from '../../src/core/fate/combat/initiative.js';
import type { Tx } from '../../src/store/db.js';
import { assertMagicAllowed } from '../../src/services/combat/fate-magic.js';
import { resolveButton } from '../../src/services/combat/fate-buttons.js';
import { inflict } from '../../src/services/combat/fate-bad-status.js';
import { coverAllowed, rollCover } from '../../src/services/combat/fate-cover.js';
import { declarePriority } from '../../src/services/combat/fate-priority.js';
import { achievementOf } from '../../src/services/combat/fate.js';
import { magicFlightTurns } from '../../src/core/fate/combat/attack.js';
import type { CoverMeans } from '../../src/core/fate/combat/cover.js';
import type { CheckStatus } from '../../src/core/fate/status-names.js';
import { storeRoll, storedResult } from '../../src/services/rolls.js';
import { getRoll } from '../../src/store/rolls.js';
import { asideOf, ownAside, rollView } from '../../src/views/roll.js';
import { text, type Reply } from '../../src/views/view.js';
import { withTracker } from './lifecycle.js';
import type { FateStep } from './setup.js';
import { splitSkills } from '../../src/services/skill-list.js';
import { wording } from '../../src/i18n/wording.js';

/**
 * Voluntary delay of the current actor, down to IV 0 (seed 001 L197, L201). Landing on another's IV,
 * the one who delayed chooses to act before (`first`) or after them (L201).
 */
export async function delay(tx: Tx, ctx: CommandContext, state: FateCombatState, amount: number, first: boolean): Promise<FateCombatState> {
  const actor = currentActor(state);
  if (!actor) throw new UserError('combat.notStarted');
  if (actor.ownerId !== ctx.user.id && !await isGm(tx, ctx)) throw new UserError('combat.notYourTurn', { name: actor.name });
  delayedIv(actor.iv, amount);
  const combatants = state.combatants.map((c) => (c.key === actor.key ? { ...c, delay: amount } : c));
  // Move the actor behind everyone whose IV is now higher this round.
  const rest = state.order.slice(state.turn + 1);
  const ivOf = (k: string) => {
    const c = combatants.find((x) => x.key === k)!;
    return c.iv - c.delay;
  };
  const insertAt = rest.findIndex((k) => (first ? ivOf(k) <= actor.iv - amount : ivOf(k) < actor.iv - amount));
  const reordered = insertAt === -1 ? [...rest, actor.key] : [...rest.slice(0, insertAt), actor.key, ...rest.slice(insertAt)];
  return { ...state, combatants, order: [...state.order.slice(0, state.turn), ...reordered] };
}

/**
 * 戦闘離脱 (L520–524), declared at a turn's start and ruled by the GM: unopposed or with a
 * rearguard it succeeds; otherwise every character of every side rolls AGI and the escaping
 * side needs the single highest achievement, ties rerolled. Escapees leave the order.
 */
export async function escape(ctx: CommandContext, options: CommandOptions): Promise<Reply> {
  const side = (options.string('side') ?? '').trim();
  const { updated, lines, buttons, gmReader } = await ctx.store.transaction(async (tx) => {
    const combatRow = await requireCombat(tx, ctx);
    await requireGm(tx, ctx);
    if (isPersona(combatRow.state)) throw new UserError('persona.cmd.fateOnly');
    const state = await withSheets(tx, combatRow.state as FateCombatState);
    const step = await escapeStep(tx, ctx, state, side, { opposed: options.boolean('opposed') ?? true, rearguard: options.boolean('rearguard') ?? false });
    const updated = await saveCombatState(tx, ctx, combatRow, 'combat.escaped', step.state);
    return { updated, lines: step.lines, buttons: step.buttons, gmReader: step.hides ? await fightGm(tx, ctx) : null };
  });
  const reply = await withTracker(ctx, updated, lines);
  const view = { ...reply.view, ephemeral: false };
  // Each roller's Luck button (L215–217): a reroll settles the escape again. A hidden NPC's achievements
  // are the GM's: the GM reads the escape with them by DM.
  return { ...reply, view: { ...view, ...(buttons.length ? { buttons } : {}) }, dms: gmCopy(ctx, gmReader, (reader) => ({ ...view, locale: reader.locale, title: reader.t('combat.title') })) };
}

/** Only the fighter's player or the GM may act for it. */
async function mayActFor(tx: Tx, ctx: CommandContext, c: FateCombatant): Promise<void> {
  if (c.ownerId !== ctx.user.id && !await isGm(tx, ctx)) throw new UserError('combat.notYourTurn', { name: c.name });
}

/** 攻撃優先 / 防御優先 for this round (L220–225): `dice` of AGI or MAG move; 0 clears it. */
export async function priority(tx: Tx, ctx: CommandContext, options: CommandOptions, state: FateCombatState): Promise<FateStep> {
  if (state.round === 0) throw new UserError('combat.notStarted');
  const name = options.string('fighter');
  const c = name ? findCombatant(state, name) : currentActor(state);
  if (!c) throw new UserError('combat.notStarted');
  await mayActFor(tx, ctx, c);
  const row = c.characterId === null ? undefined : await getCharacter(tx, c.characterId);
  const mode = options.string('mode') === 'defense' ? 'defense' : 'attack';
  const status = options.string('status') === 'mag' ? 'mag' : 'agi';
  const dice = options.integer('dice') ?? 0;
  const skill = options.string('skill')?.trim() || null;
  const declared = declarePriority(row ? hydrate(row) : null, c, state.round, mode, dice, status, skill);
  const combatants = state.combatants.map((x) => {
    if (x.key !== c.key) return x;
    const { priority: _old, ...rest } = x;
    return declared ? { ...rest, priority: declared } : rest;
  });
  const from = declared?.skill ?? ctx.t(`choice.coverStatus.${status}`);
  const line = declared ? ctx.t(`fate.priority.declared.${mode}`, { name: c.name, dice, status: from }) : ctx.t('fate.priority.cleared', { name: c.name });
  return { state: { ...state, combatants }, ties: [line] };
}

/** /combat inflict (GM): a bad status on a combatant, with its first effects (L427–433). */
export async function inflictFrom(tx: Tx, ctx: CommandContext, options: CommandOptions, state: FateCombatState): Promise<FateStep> {
  const kind = (options.string('kind') ?? 'continuous') as 'continuous' | 'impediment' | 'other';
  const nature = (options.string('nature') ?? 'physical') as 'physical' | 'magical' | 'mental';
  const checks = options.string('checks') as 'body' | 'magic' | 'luck' | null;
  const step = await inflict(tx, ctx, state, options.string('fighter') ?? '', {
    kind,
    strength: options.integer('strength') ?? 1,
    nature,
    target: options.string('target') === 'mp' ? 'mp' : 'hp',
    ...(kind === 'impediment' ? { checks: checks ?? 'body' } : {}),
    source: options.string('source') ?? '',
    sumWhenOverlapping: options.boolean('sum') ?? false,
    resistSkills: splitSkills(options.string('resist_skills')),
    resistible: options.boolean('resistible') ?? true,
    ...(options.boolean('must_exceed') ? { equalCancels: false } : {}),
    byAttack: options.boolean('by_attack') ?? true,
  });
  return { state: step.state, ties: step.lines };
}

/**
 * Flight (L513–518): the level of what gives it; 0 lands. With the achievement of a successful
 * MAG + magecraft check it lasts ceil(achievement / 2) rounds counted from the next (L517).
 */
export async function fly(tx: Tx, ctx: CommandContext, options: CommandOptions, state: FateCombatState): Promise<FateStep> {
  const c = findCombatant(state, options.string('fighter') ?? '');
  await mayActFor(tx, ctx, c);
  const level = options.integer('level') ?? 0;
  const achievement = options.integer('achievement');
  const turns = achievement === null ? null : magicFlightTurns(achievement);
  const combatants = state.combatants.map((x) => {
    if (x.key !== c.key) return x;
    const { flight: _old, ...rest } = x;
    return level === 0 ? rest : { ...rest, flight: { level, untilRound: turns === null ? null : state.round + turns } };
  });
  const line = level === 0 ? ctx.t('fate.flight.landed', { name: c.name }) : turns === null ? ctx.t('fate.flight.flying', { name: c.name, level }) : ctx.t('fate.flight.magic', { name: c.name, level, turns, round: state.round + turns });
  return { state: { ...state, combatants }, ties: [line] };
}

/** 庇う (L471–482): after the covered character's defense failed, another combatant rolls a cover defense. */
export async function cover(ctx: CommandContext, options: CommandOptions): Promise<Reply> {
  const out = await ctx.store.transaction(async (tx) => {
    const combatRow = await requireCombat(tx, ctx);
    if (isPersona(combatRow.state)) throw new UserError('persona.cmd.fateOnly');
    const state = await withSheets(tx, combatRow.state as FateCombatState);
    const pending = state.pending;
    if (!pending) throw new UserError('attack.noPending');
    if (pending.defenseRollId === undefined) throw new UserError('attack.notDefended');
    if (pending.cover) throw new UserError('fate.cover.already');
    const coverer = findCombatant(state, options.string('who') ?? '');
    await mayActFor(tx, ctx, coverer);
    const status = (options.string('status') ?? 'end') as CheckStatus;
    if (!await isGm(tx, ctx)) await assertMagicAllowed(tx, coverer, status, pending.magical);
    const achieved = async (id: number) => {
      const r = await getRoll(tx, id);
      return r ? achievementOf(storedResult(r)) : 0;
    };
    const attackValue = await achieved(pending.rollId);
    const defenseValue = pending.defenseless ? 0 : await achieved(pending.defenseRollId);
    const covered = state.combatants.find((c) => c.key === pending.target)!;
    if (!coverAllowed(attackValue, defenseValue)) throw new UserError('fate.cover.defenseWon', { name: covered.name });
    const comment = ctx.t('fate.cover.comment', { name: coverer.name, target: covered.name });
    const rolled = await rollCover(
      tx,
      ctx,
      state,
      { coverer, status, skills: splitSkills(options.string('skills')), means: (options.string('means') ?? 'body') as CoverMeans, reaction: options.integer('reaction') ?? 0, takeDamage: options.boolean('take_damage') ?? true },
      // A hidden NPC's cover is the GM's (its pool, its dice): a secret roll, kept out of /log export.
      // stored as a wording: a seal's or luck's later view words it for its own reader
      async (result) => await storeRoll(tx, ctx, { result, comment: wording({ key: 'fate.cover.comment', params: { name: coverer.name, target: covered.name } }), secret: coverer.hidden, ...(coverer.characterId !== null ? { characterId: coverer.characterId, ...(coverer.ownerId ? { userId: coverer.ownerId } : {}) } : {}) }),
    );
    const saved = await saveCombatState(tx, ctx, combatRow, 'combat.cover', rolled.state);
    const row = coverer.characterId === null ? undefined : await getCharacter(tx, coverer.characterId);
    const own = row ? hydrate(row) : null;
    const secret = (await readersOf(tx, ctx.guildId, coverer.characterId)) !== null;
    const gmReader = coverer.hidden ? await fightGm(tx, ctx) : null;
    return { ...rolled, saved, coverer, covered, comment, own, secret, gmReader, board: await fateBoard(tx, ctx, saved) };
  });
  const b = out.breakdown;
  // The cover's penalty comes from the coverer's statuses: a hidden NPC's are the GM's.
  const penalty = (reader: CommandContext) => reader.t('fate.cover.penalty', { status: b.statusPenalty, reaction: b.reactionBonus, total: b.total > 0 ? `−${b.total}` : `+${-b.total}` });
  const moves = (reader: CommandContext) => [
    ...(out.moved ? [reader.t('fate.cover.moved', { name: out.coverer.name })] : []),
    ...(out.canTakeDamage ? [] : [reader.t('fate.cover.cannotTake', { name: out.coverer.name })]),
  ];
  const full = (reader: CommandContext) => rollView(reader, { result: out.result, id: out.rollId, name: out.coverer.name, comment: reader.t('fate.cover.comment', { name: out.coverer.name, target: out.covered.name }), notes: [...out.notes, penalty(reader), ...moves(reader)] });
  const hidden = out.coverer.hidden;
  const shown = hidden ? hiddenRollView(ctx, out.coverer.name, out.comment) : full(ctx);
  const view = hidden ? { ...shown, blocks: [...shown.blocks, ...moves(ctx).map(text)] } : shown;
  // The cover roll takes Luck as a defense does (L215–217): the resolve step reads it as it stands; no count on the button.
  const luck = hidden ? [] : luckButtons(ctx, out.rollId, out.result, out.own ? { c: out.own, secret: out.secret } : null, { style: 'secondary' });
  const mine = out.own !== null && out.own.row.ownerId === ctx.user.id;
  return {
    view: { ...view, blocks: [...view.blocks, text(ctx.t('attack.resolvePrompt', { name: out.covered.name }))], buttons: [...luck, resolveButton(ctx)] },
    dms: hidden ? gmCopy(ctx, out.gmReader, full) : [],
    ...asideOf(out.own && mine && !hidden ? ownAside(ctx, out.notes, luck.length > 0 ? (t: typeof ctx.t) => resourceLine({ ...ctx, t }, out.own!) : undefined) : undefined),
    board: out.board,
  };
}

/**
 * The winner of an IV tie may let the other act first (L198: "あえて相手に先手を譲るのもあり"):
 * at the start of its turn the current actor swaps with the next one when their IVs are equal.
 */
export async function yieldTurn(tx: Tx, ctx: CommandContext, state: FateCombatState): Promise<FateCombatState> {
  const actor = currentActor(state);
  if (!actor) throw new UserError('combat.notStarted');
  if (actor.ownerId !== ctx.user.id && !await isGm(tx, ctx)) throw new UserError('combat.notYourTurn', { name: actor.name });
  const nextKey = state.order[state.turn + 1];
  const next = state.combatants.find((c) => c.key === nextKey);
  if (state.pending || !next || next.iv - next.delay !== actor.iv - actor.delay) throw new UserError('combat.cannotYield', { name: actor.name });
  const order = [...state.order];
  order[state.turn] = next.key;
  order[state.turn + 1] = actor.key;
  return { ...state, order };
}
