// /seal: a Command Seal use the GM approves or refuses with buttons (sent by DM); a seal is spent
// only on approval (seed 001 L272–295; digest §15.5 reading). Numeric effects change the stored
// check or the target's HP/MP and are shown.
import { SlashCommandBuilder } from '@discordjs/builders';
import { assertCanEdit, hydrate, resolveCharacter, resolveFateCharacter, resourceLine, saveCharacter, type Character } from '../src/services/characters.js';
import { tableOf } from '../src/services/table.js';
import { UserError } from '../src/services/errors.js';
import { describe } from '../src/services/localize.js';
import { isChangeableRoll, lastChangeableCheck, rewriteRoll, storedResult, type CheckRecord } from '../src/services/rolls.js';
import type { CommandContext, CommandModule, CommandOptions } from '../src/services/types.js';
import type { DiceResult } from '../src/core/dice/index.js';
import { applyAutoSuccess, applyBonus, parseSealEffect, sealsCost, spendSeals, type SealEffect } from '../src/core/fate/seals.js';
import { asLocale, translator, wordIn, type Locale } from '../src/i18n/index.js';
import { getCharacter, listCharacters } from '../src/store/characters.js';
import { activeWar, warFactions } from '../src/store/wars.js';
import { activeCombat } from '../src/store/combats.js';
import { fateBoard, trackerAfterSheetChange } from '../src/services/combat/tracker.js';
import type { Tx } from '../src/store/db.js';
import { appendEvent } from '../src/store/events.js';
import { channelGm } from '../src/store/gms.js';
import { getRoll } from '../src/store/rolls.js';
import { decideSealRequest, getSealRequest, insertSealRequest } from '../src/store/seals.js';
import type { RollRow, SealRequestRow } from '../src/store/schema/index.js';
import { rollView } from '../src/views/roll.js';
import { outcomeLine, settleOpposed } from '../src/services/fate-opposed.js';
import { resettleEscape } from '../src/services/combat/fate-escape.js';
import { mention, text, type ChannelPost, type DirectMessage, type Reply, type View } from '../src/views/view.js';
import { characterChoices } from '../src/services/character-search.js';

type Settled = Awaited<ReturnType<typeof settleOpposed>>;
type Resettled = Awaited<ReturnType<typeof resettleEscape>>;

const EFFECTS = ['+10', '+5/+5', '+20', 'hp', 'mp', 'block', 'auto', 'order', 'rest'] as const;

const definition = describe(new SlashCommandBuilder(), 'cmd.seal')
  .setDMPermission(false)
  .addStringOption((o) =>
    describe(o, 'cmd.seal.effect')
      .setRequired(true)
      .addChoices(...EFFECTS.map((e) => ({ name: effectName('en', e), name_localizations: { ja: effectName('ja', e), ko: effectName('ko', e) }, value: e }))),
  )
  .addIntegerOption((o) => describe(o, 'cmd.seal.roll').setMinValue(1))
  .addIntegerOption((o) => describe(o, 'cmd.seal.roll2').setMinValue(1))
  .addStringOption((o) => describe(o, 'cmd.seal.target').setMaxLength(100).setAutocomplete(true))
  .addStringOption((o) => describe(o, 'cmd.seal.text').setMaxLength(200))
  .addStringOption((o) => describe(o, 'cmd.seal.master').setMaxLength(100).setAutocomplete(true))
  .toJSON();

function effectName(locale: 'en' | 'ja' | 'ko', effect: string): string {
  return translator(locale)(`seal.effect.${effect}`);
}

interface StoredEffect {
  effect: SealEffect;
  /** hp / mp / block target; defaults to the master. */
  targetId: number;
  /** The requester reads the outcome (DM) in their own language; the table's posts use it too. */
  locale: Locale;
}

export const seal: CommandModule = {
  definition,
  helpKey: 'help.seal',
  execute: request,
  async component(ctx, customId) {
    const [, action, id] = customId.split(':');
    return await decide(ctx, Number(id), action === 'approve');
  },
  async autocomplete(ctx, focused) {
    // the master is the caller's own (assertCanEdit); the target may be anyone's
    return await characterChoices(ctx, focused.value, focused.name === 'master' ? 'own' : 'any');
  },
};

async function request(ctx: CommandContext, options: CommandOptions): Promise<Reply> {
  const input = options.string('effect') ?? '';
  if (input === 'rest') return await useBanked(ctx, options);
  const effect = parseSealEffect(input, options.string('text') ?? undefined);
  if (!effect) throw new UserError(input === 'order' ? 'seal.orderNeedsText' : 'seal.badEffect', { effect: input });

  const { id, gmId, gmLocale, master, summary } = await ctx.store.transaction(async (tx) => {
    const picked = await resolveFateCharacter(tx, ctx, options.string('master'));
    // Playing the servant: its master's seals are meant (the war's contract, else the caller's master sheet naming it).
    const master = picked.sheet.type === 'servant' && !options.string('master') ? ((await masterOf(tx, ctx, picked)) ?? picked) : picked;
    if (master.sheet.type !== 'master' || master.runtime.sealsRemaining === null) {
      throw new UserError(master.sheet.type === 'servant' ? 'seal.servantNeedsMaster' : 'seal.notMaster', { name: master.row.name });
    }
    await assertCanEdit(tx, ctx, master);
    spendSeals(master.runtime.sealsRemaining, effect); // refuse now if it could never be approved
    const gm = await channelGm(tx, ctx.channelId);
    if (!gm) throw new UserError('seal.noGm');

    const rollIds = await targetRolls(tx, ctx, effect, options);
    const targetName = options.string('target');
    // Without target:, HP/MP/block go to the character the caller plays (the servant, when its master was found for it).
    const target = targetName ? await resolveCharacter(tx, ctx, targetName) : picked;
    const stored: StoredEffect = { effect, targetId: target.row.id, locale: ctx.locale };
    const at = ctx.now();
    const id = await insertSealRequest(tx, {
      guildId: ctx.guildId,
      channelId: ctx.channelId,
      characterId: master.row.id,
      requesterId: ctx.user.id,
      gmId: gm.userId,
      effect: stored,
      rollIds,
      status: 'pending',
      createdAt: at,
    });
    await appendEvent(tx, { at, guildId: ctx.guildId, channelId: ctx.channelId, actorId: ctx.user.id, type: 'seal.requested', subject: `seal:${id}`, before: null, after: { effect: stored, rollIds } });
    return { id, gmId: gm.userId, gmLocale: asLocale(gm.locale), master, summary: (t: typeof ctx.t) => describeEffect(t, effect, target.row.name, rollIds) };
  });

  const gmT = translator(gmLocale);
  const dm: DirectMessage = {
    userId: gmId,
    view: {
      locale: gmLocale,
      tone: 'secret',
      title: gmT('seal.dm.title', { master: master.row.name, channel: `<#${ctx.channelId}>` }),
      blocks: [text(gmT('seal.dm.body', { player: mention(ctx.user.id), effect: summary(gmT), cost: sealsCost(effect), left: master.runtime.sealsRemaining ?? 0 }))],
      buttons: [
        { customId: `seal:approve:${id}`, label: gmT('seal.approve'), style: 'success' },
        { customId: `seal:refuse:${id}`, label: gmT('seal.refuse'), style: 'danger' },
      ],
      footer: gmT('seal.footer', { id }),
      ephemeral: false,
    },
  };
  return {
    view: { locale: ctx.locale, tone: 'secret', title: ctx.t('seal.title'), blocks: [text(ctx.t('seal.requested', { effect: summary(ctx.t), gm: mention(gmId) }))], footer: ctx.t('seal.footer', { id }), ephemeral: true },
    dms: [dm],
  };
}

/** The servant's master: its faction's in this channel's war, else a master sheet of the caller naming it. */
async function masterOf(tx: Tx, ctx: CommandContext, servant: Character): Promise<Character | null> {
  const war = await activeWar(tx, ctx.channelId);
  const faction = war ? (await warFactions(tx, war.id)).find((f) => f.servantId === servant.row.id && f.masterId !== null) : undefined;
  const byWar = faction ? await getCharacter(tx, faction.masterId!) : undefined;
  if (byWar) return hydrate(byWar);
  const mine = (await listCharacters(tx, ctx.guildId!, ctx.user.id)).map(hydrate);
  return mine.find((c) => c.sheet.type === 'master' && (c.sheet.master?.servantNames ?? []).includes(servant.row.name)) ?? null;
}

/** Which stored checks a bonus or auto-success changes: given ids, else the caller's last check here. */
async function targetRolls(tx: Tx, ctx: CommandContext, effect: SealEffect, options: CommandOptions): Promise<number[]> {
  if (effect.kind !== 'bonus' && effect.kind !== 'autoSuccess') return [];
  const wanted = effect.kind === 'bonus' ? effect.amounts.length : 1;
  const given = [options.integer('roll'), options.integer('roll2')].filter((x): x is number => x !== null);
  if (given.length === 0) {
    // the last check a seal can change: past BCDice answers and sums against a target
    const last = await lastChangeableCheck(tx, ctx.user.id, ctx.channelId);
    if (last) given.push(last.id);
  }
  // A +5/+5 split in a fight may name one check now; the other +5 waits for a later check of the same battle (L288).
  const splitLater = effect.kind === 'bonus' && wanted === 2 && given.length === 1 && (await activeCombat(tx, ctx.channelId))?.ruleset === 'fate';
  if (given.length < wanted && !splitLater) throw new UserError('seal.needRolls', { count: wanted });
  const ids = given.slice(0, wanted);
  for (const id of ids) {
    const row = await getRoll(tx, id);
    // refused now, not when the GM approves: a sum, a BCDice answer, `x3 …` (no pool to change)
    if (!row || row.guildId !== ctx.guildId || !isChangeableRoll(row)) throw new UserError('seal.badRoll', { id });
  }
  return ids;
}

function describeEffect(t: CommandContext['t'], effect: SealEffect, target: string, rollIds: number[]): string {
  switch (effect.kind) {
    case 'bonus':
      return effect.amounts.map((a, i) => t('seal.describe.bonus', { amount: a, roll: rollIds[i] ?? '?' })).join(', ');
    case 'autoSuccess':
      return t('seal.describe.auto', { roll: rollIds[0] ?? '?' });
    case 'order':
      return t('seal.describe.order', { text: effect.text });
    case 'fullHp':
      return t('seal.describe.hp', { target });
    case 'fullMp':
      return t('seal.describe.mp', { target });
    case 'block':
      return t('seal.describe.block', { target });
  }
}

/** The GM's button: approve spends the seals and applies the effect in one transaction; refuse spends nothing. */
async function decide(ctx: CommandContext, id: number, approve: boolean): Promise<Reply> {
  const outcome = await ctx.store.transaction(async (tx) => {
    const req = await getSealRequest(tx, id);
    if (!req) throw new UserError('seal.unknownRequest');
    const gm = await channelGm(tx, req.channelId);
    if (gm?.userId !== ctx.user.id) throw new UserError('character.gmOnly');
    if (req.status !== 'pending') throw new UserError('seal.alreadyDecided', { status: ctx.t(`seal.status.${req.status}`) });
    const at = ctx.now();
    const masterRow = await getCharacter(tx, req.characterId);
    if (!masterRow) throw new UserError('character.gone');
    const stored = req.effect as StoredEffect;
    if (!approve) {
      await decideSealRequest(tx, id, 'refused', at);
      await appendEvent(tx, { at, guildId: req.guildId, channelId: req.channelId, actorId: ctx.user.id, type: 'seal.refused', subject: `seal:${id}`, before: { status: 'pending' }, after: { status: 'refused' } });
      return { req, masterName: masterRow.name, approved: false as const };
    }
    const master = hydrate(masterRow);
    const sealsLeft = spendSeals(master.runtime.sealsRemaining ?? 0, stored.effect);
    const savedMaster = await saveCharacter(tx, ctx, master, 'seal.spent', { runtime: { ...master.runtime, sealsRemaining: sealsLeft } });
    const changed = await applyEffect(tx, ctx, req, stored, savedMaster);
    await decideSealRequest(tx, id, 'approved', at);
    await appendEvent(tx, { at, guildId: req.guildId, channelId: req.channelId, actorId: ctx.user.id, type: 'seal.approved', subject: `seal:${id}`, before: { status: 'pending' }, after: { status: 'approved', sealsLeft } });
    // Full HP/MP during a fight: the tracker shows it now (the sheet is the fight's source of truth).
    const moved = changed.rolls.find((r) => r.escape)?.escape;
    const board = moved ? await fateBoard(tx, ctx, moved.saved) : changed.character ? await trackerAfterSheetChange(tx, ctx, req.channelId, [changed.character.row.id]) : undefined;
    return { req, masterName: masterRow.name, approved: true as const, sealsLeft, board, ...changed };
  });

  const { req } = outcome;
  const decisionView = (c: CommandContext): View => ({
    locale: c.locale,
    tone: outcome.approved ? 'success' : 'failure',
    title: c.t('seal.title'),
    blocks: [text(c.t(outcome.approved ? 'seal.approved' : 'seal.refused', { master: outcome.masterName, id }))],
    footer: c.t('seal.footer', { id }),
    ephemeral: false,
  });
  const requesterLocale = (req.effect as StoredEffect).locale;
  const forRequester: CommandContext = { ...ctx, locale: requesterLocale, t: translator(requesterLocale) };
  const applied = outcome.approved ? outcome : null;
  const rollViews = (applied?.rolls ?? []).map((r) => ({ ...r, view: sealedRollView(forRequester, r.row, r.result, r.record, r.opposed, r.escape) }));
  const dms: DirectMessage[] = [
    { userId: req.requesterId, view: decisionView(forRequester) },
    ...rollViews.map((r) => ({ userId: req.requesterId, view: r.view })),
    ...(applied?.character ? [{ userId: req.requesterId, view: characterView(forRequester, applied.character) }] : []),
  ];
  const gmView = decisionView(ctx);
  // A seal on a public check changes what the table saw: show the new result where it was rolled, in
  // that table's language (the approval is pressed in the GM's DM).
  const table = await ctx.store.transaction((tx) => tableOf(tx, req.channelId, req.guildId, requesterLocale));
  const tableCtx: CommandContext = { ...ctx, locale: table.locale, t: table.t, table };
  const posts: ChannelPost[] = rollViews.filter((r) => !r.row.secret).map((r) => ({ channelId: r.row.channelId, view: sealedRollView(tableCtx, r.row, r.result, r.record, r.opposed, r.escape) }));
  const board = outcome.approved ? outcome.board : undefined;
  return { view: gmView, dms, posts, update: true, ...(board ? { board } : {}) };
}

interface Applied {
  rolls: { row: RollRow; result: DiceResult; record: CheckRecord; opposed: Settled | null; escape: Resettled }[];
  character: Character | null;
}

async function applyEffect(tx: Tx, ctx: CommandContext, req: SealRequestRow, stored: StoredEffect, master: Character): Promise<Applied> {
  const { effect } = stored;
  if (effect.kind === 'bonus' || effect.kind === 'autoSuccess') {
    const rollIds = req.rollIds as number[];
    const rolls: Applied['rolls'] = [];
    for (const [i, rollId] of rollIds.entries()) {
      const row = await getRoll(tx, rollId);
      if (!row) throw new UserError('seal.badRoll', { id: rollId });
      const check = (row.check as CheckRecord | null) ?? { label: row.normalized, target: null, luckUses: 0, sealBonus: 0, autoSuccess: false };
      const amount = effect.kind === 'bonus' ? effect.amounts[i]! : 0;
      const next = effect.kind === 'bonus' ? applyBonus(storedResult(row), amount) : applyAutoSuccess(storedResult(row));
      const record = effect.kind === 'bonus' ? { ...check, sealBonus: check.sealBonus + amount } : { ...check, autoSuccess: true };
      await rewriteRoll(tx, ctx, row, next, record, 'roll.sealApplied');
      // Part of an opposed check: settled again with the seal's bonus (L41, L288).
      const opposed = await settleOpposed(tx, ctx, row.id);
      // A roll of this turn's escape: settled again too (L288, L522–523).
      const escape = await resettleEscape(tx, ctx, row.id, req.channelId);
      rolls.push({ row, result: next, record, opposed, escape });
    }
    const rest = effect.kind === 'bonus' ? effect.amounts.slice(rollIds.length).reduce((a, b) => a + b, 0) : 0;
    if (rest > 0) {
      // The unused half of a split, kept for a later check of this battle (L288).
      const combat = await activeCombat(tx, req.channelId);
      if (combat) return { rolls, character: await saveCharacter(tx, ctx, master, 'seal.banked', { runtime: { ...master.runtime, sealBank: { amount: rest, combatId: combat.id } } }) };
    }
    return { rolls, character: null };
  }
  if (effect.kind === 'order') return { rolls: [], character: null };
  const targetRow = stored.targetId === master.row.id ? master.row : await getCharacter(tx, stored.targetId);
  if (!targetRow) throw new UserError('character.gone');
  const target = stored.targetId === master.row.id ? master : hydrate(targetRow);
  const runtime =
    effect.kind === 'fullHp'
      ? { ...target.runtime, hp: target.max.hpMax, incapacitated: false }
      : effect.kind === 'fullMp'
        ? { ...target.runtime, mp: target.max.mpMax }
        : { ...target.runtime, blocks: (target.runtime.blocks ?? 0) + 1 };
  return { rolls: [], character: await saveCharacter(tx, ctx, target, 'seal.effect', { runtime }) };
}

/** `/seal effect:rest`: the banked +5 of an approved split goes on a check of the same battle, no new approval. */
async function useBanked(ctx: CommandContext, options: CommandOptions): Promise<Reply> {
  const { row, next, record, master, opposed, escape } = await ctx.store.transaction(async (tx) => {
    const picked = await resolveFateCharacter(tx, ctx, options.string('master'));
    const master = picked.sheet.type === 'servant' && !options.string('master') ? ((await masterOf(tx, ctx, picked)) ?? picked) : picked;
    await assertCanEdit(tx, ctx, master);
    const bank = master.runtime.sealBank;
    const combat = await activeCombat(tx, ctx.channelId);
    if (!bank || !combat || combat.id !== bank.combatId) throw new UserError('seal.noBank', { name: master.row.name });
    const rollId = options.integer('roll') ?? (await lastChangeableCheck(tx, ctx.user.id, ctx.channelId))?.id;
    const row = rollId === undefined ? undefined : await getRoll(tx, rollId);
    if (!row || row.guildId !== ctx.guildId || !isChangeableRoll(row)) throw new UserError('seal.badRoll', { id: rollId ?? 0 });
    const check = (row.check as CheckRecord | null) ?? { label: row.normalized, target: null, luckUses: 0, sealBonus: 0, autoSuccess: false };
    const next = applyBonus(storedResult(row), bank.amount);
    const record = { ...check, sealBonus: check.sealBonus + bank.amount };
    await rewriteRoll(tx, ctx, row, next, record, 'roll.sealApplied');
    const opposed = await settleOpposed(tx, ctx, row.id);
    const escape = await resettleEscape(tx, ctx, row.id);
    const { sealBank: _spent, ...runtime } = master.runtime;
    const saved = await saveCharacter(tx, ctx, master, 'seal.bankUsed', { runtime });
    return { row, next, record, master: saved, opposed, escape };
  });
  const view = sealedRollView(ctx, row, next, record, opposed, escape);
  return { view: { ...view, blocks: [text(ctx.t('seal.bankUsed', { name: master.row.name, amount: record.sealBonus })), ...view.blocks] }, dms: [] };
}

function sealedRollView(ctx: CommandContext, row: RollRow, result: DiceResult, check: CheckRecord, opposed: Settled | null = null, escape: Resettled = null): View {
  const title = wordIn(ctx.locale, row.comment ?? check.label);
  const notes = [...(opposed ? [outcomeLine(ctx, opposed.names, opposed.outcome)] : []), ...(escape?.lines ?? [])];
  return { ...rollView(ctx, { result, id: row.id, name: ctx.t('seal.title'), comment: title, notes }), tone: row.secret ? 'secret' : 'success' };
}

function characterView(ctx: CommandContext, c: Character): View {
  return { locale: ctx.locale, tone: 'success', title: c.row.name, blocks: [text(resourceLine(ctx, c))], ephemeral: false };
}
