// /luck reroll | share | unshare — per-day luck rerolls of a check's failed dice (seed 001 L215–218).
import { SlashCommandBuilder } from '@discordjs/builders';
import { assertCanEdit, hydrate, resolveCharacter, resolveFateCharacter, resourceLine, saveCharacter, withFateSheet, type Character } from '../src/services/characters.js';
import { forTable } from '../src/services/table.js';
import { UserError } from '../src/services/errors.js';
import { describe } from '../src/services/localize.js';
import { commitRoll, isChangeableRoll, lastChangeableCheck, rewriteRoll, storedResult, type CheckRecord } from '../src/services/rolls.js';
import type { CommandContext, CommandModule } from '../src/services/types.js';
import { escapeMarkdown, failedDiceCount, rerollFailed } from '../src/core/dice/index.js';
import { spendLuck } from '../src/core/fate/luck.js';
import { activeCharacterId, consentLuckShare, getCharacter, luckSharePartner, revokeLuckShare } from '../src/store/characters.js';
import type { Tx } from '../src/store/db.js';
import { appendEvent } from '../src/store/events.js';
import { channelGm } from '../src/store/gms.js';
import { getRoll, lastCountingRoll } from '../src/store/rolls.js';
import type { RollRow } from '../src/store/schema/index.js';
import { rollReply, rollView, type Note } from '../src/views/roll.js';
import { text, type Reply, type View } from '../src/views/view.js';
import { checkDisplay } from '../src/views/check-display.js';
import { readersOf } from '../src/services/secrecy.js';
import { characterChoices } from '../src/services/character-search.js';
import { defendButtons, resolveButton } from '../src/services/combat/fate-buttons.js';
import { outcomeLine, settleOpposed } from '../src/services/fate-opposed.js';
import { summonRerolled } from '../src/services/war/fate-summon.js';
import { activeCombat } from '../src/store/combats.js';
import type { FateCombatState } from '../src/services/combat/state.js';
import { resettleEscape } from '../src/services/combat/fate-escape.js';
import { fateBoard } from '../src/services/combat/tracker.js';
import { wordIn } from '../src/i18n/index.js';

const definition = describe(new SlashCommandBuilder(), 'cmd.luck')
  .setDMPermission(false)
  .addSubcommand((s) => describe(s, 'cmd.luck.reroll').addIntegerOption((o) => describe(o, 'cmd.luck.reroll.roll').setMinValue(1)))
  .addSubcommand((s) => describe(s, 'cmd.luck.share').addStringOption((o) => describe(o, 'cmd.luck.share.partner').setRequired(true).setMaxLength(100).setAutocomplete(true)))
  .addSubcommand((s) => describe(s, 'cmd.luck.unshare'))
  .toJSON();

export const luck: CommandModule = {
  definition,
  helpKey: 'help.luck',
  async execute(ctx, options) {
    switch (options.subcommand()) {
      case 'share':
        return await share(ctx, options.string('partner') ?? '');
      case 'unshare':
        return await unshare(ctx);
      default:
        return await reroll(ctx, options.integer('roll'), false);
    }
  },
  async component(ctx, customId) {
    const id = Number(customId.split(':')[2]);
    return await reroll(ctx, Number.isInteger(id) ? id : null, true);
  },
  async autocomplete(ctx, focused) {
    return await characterChoices(ctx, focused.value); // the share partner: anyone's
  },
};

/** Rerolls the failed dice of the roll (default: the caller's last check here), spending one use. */
async function reroll(ctx: CommandContext, rollId: number | null, fromButton: boolean): Promise<Reply> {
  const { row, c, next, spentFrom, gm, commitment, inFight, opposed, escape, board, ownedResources } = await ctx.store.transaction(async (tx) => {
    // By default the last check Luck can reroll; none: the last counting roll, refused below with its reason.
    const row = rollId === null ? ((await lastChangeableCheck(tx, ctx.user.id, ctx.channelId)) ?? (await lastCountingRoll(tx, ctx.user.id, ctx.channelId))) : await getRoll(tx, rollId);
    if (!row) {
      // Nothing to reroll: a Ccfolia character here is told it has no luck to spend, not to roll a check first.
      if (rollId === null) await activeFateCharacter(tx, ctx);
      throw new UserError('luck.noCheck');
    }
    if (row.userId !== ctx.user.id) throw new UserError('luck.notYourRoll');
    if (row.normalized.startsWith('x')) throw new UserError('luck.repeated');
    if (!isChangeableRoll(row)) throw new UserError('luck.notRerollable', { id: row.id, roll: escapeMarkdown(row.normalized) });
    const result = storedResult(row);
    if (failedDiceCount(result) === 0) throw new UserError('luck.nothingFailed');
    const c = await rollCharacter(tx, ctx, row);
    await assertCanEdit(tx, ctx, c);

    // Spend from the character, or from its partner when both agreed to share (L216–217).
    const partnerId = await luckSharePartner(tx, c.row.id);
    const partnerRow = partnerId === undefined ? undefined : await getCharacter(tx, partnerId);
    const partner = partnerRow ? hydrate(partnerRow) : null;
    const spent = spendLuck(
      { perDay: c.max.luckPerDay, usedToday: c.runtime.luckUsedToday },
      partner ? { perDay: partner.max.luckPerDay, usedToday: partner.runtime.luckUsedToday } : null,
      // The master–servant opinion check: no shared uses (L469).
      { opinionCheck: (row.check as CheckRecord | null)?.opposed?.kind === 'opinion' },
    );
    const from = spent.spentFrom === 'own' ? c : partner!;
    const saved = await saveCharacter(tx, ctx, from, 'luck.spent', { runtime: { ...from.runtime, luckUsedToday: from.runtime.luckUsedToday + 1 } });

    const next = rerollFailed(result, ctx.rng);
    const check = row.check as CheckRecord | null;
    await rewriteRoll(tx, ctx, row, next, check ? { ...check, luckUses: check.luckUses + 1 } : null, 'roll.luckReroll');
    const roller = spent.spentFrom === 'own' ? saved : c;
    const commitment = row.secret ? await commitRoll(tx, ctx, row.id, next, wordIn(ctx.locale, row.comment)) : undefined;
    const inFight = await pendingAttackRoll(tx, ctx, row.id);
    // Part of an opposed check: settled again with the rerolled dice (L41, L215).
    const opposed = await settleOpposed(tx, ctx, row.id);
    // A summoning check (L113): the war board shows the new figure.
    // A roll of this turn's escape (L522–523): the escape is settled again, the tracker follows.
    const escape = await resettleEscape(tx, forTable(ctx), row.id);
    const board = escape ? await fateBoard(tx, forTable(ctx), escape.saved) : await summonRerolled(tx, ctx, row.id, next.value);
    const ownedResources = (await readersOf(tx, ctx.guildId, roller.row.id)) !== null;
    return { escape, board, row, c: roller, next, spentFrom: spent.spentFrom === 'own' ? null : from.row.name, gm: row.secret ? await channelGm(tx, row.channelId) : undefined, commitment, inFight, opposed, ownedResources };
  });
  const check = row.check as CheckRecord | null;
  // A public reroll is the table's; the roller's resources reach the roller alone (seed 001 L50).
  const speaker = row.secret ? ctx : forTable(ctx);
  const notes: Note[] = [{ key: spentFrom ? 'luck.spentPartner' : 'luck.spent', params: { partner: spentFrom ?? '' } }];
  if (opposed) notes.push(outcomeLine(speaker, opposed.names, opposed.outcome));
  if (escape) notes.push(...escape.lines);
  const shown = checkDisplay(speaker, c, next, row.id, wordIn(speaker.locale, row.comment ?? check?.label ?? row.normalized), notes, ownedResources);
  // A defense (or attack) of a pending fight keeps its resolve button under the rerolled check; an attack
  // not yet defended keeps the defender's buttons.
  // A 必中 attack keeps its LUK defense and its cancel button (seed 001 L1404).
  const display = inFight ? { ...shown, buttons: [...shown.buttons, ...(inFight === 'resolve' ? [resolveButton(speaker)] : defendButtons(speaker, { sureHit: inFight === 'defendSure' ? 'active' : undefined }))] } : shown;
  const own = (t: typeof ctx.t) => resourceLine({ ...ctx, t }, c);
  // An opposed check's or an escape's message shows every roll: the reroll gets its own reply below it.
  if (fromButton && !opposed && !escape) {
    // The button sits on the check's reply: show the rerolled check in its place.
    const view = rollView(speaker, row.secret ? { ...display, notes: [...(display.notes ?? []), own] } : display);
    const aside: View | undefined = row.secret ? undefined : { locale: ctx.locale, tone: 'info', blocks: [text(own(ctx.t))], ephemeral: true };
    return { view: { ...view, ephemeral: row.secret, tone: row.secret ? 'secret' : view.tone }, dms: [], update: true, posts: commitment ? [commitment] : [], ...(aside ? { aside } : {}), ...(board ? { board } : {}) };
  }
  return { ...rollReply(ctx, display, row.secret, gm, commitment, own), ...(board ? { board } : {}) };
}

/** Whether the roll is the attack or defense of the fight's pending attack here, and what comes next. */
async function pendingAttackRoll(tx: Tx, ctx: CommandContext, rollId: number): Promise<'defend' | 'defendSure' | 'resolve' | null> {
  const combat = await activeCombat(tx, ctx.channelId);
  const pending = combat?.ruleset === 'fate' ? (combat.state as FateCombatState).pending : null;
  if (!pending) return null;
  if (pending.defenseRollId === undefined) return pending.rollId === rollId ? (pending.sureHit === 'active' ? 'defendSure' : 'defend') : null;
  return pending.rollId === rollId || pending.defenseRollId === rollId || pending.cover?.rollId === rollId ? 'resolve' : null;
}

/** Luck belongs to the character who rolled the check, else to the roller's active character. */
async function rollCharacter(tx: Tx, ctx: CommandContext, row: RollRow): Promise<Character> {
  const id = row.characterId ?? await activeCharacterId(tx, row.channelId, ctx.user.id);
  const found = id === undefined ? undefined : await getCharacter(tx, id);
  if (!found) throw new UserError('character.noActive');
  return withFateSheet(hydrate(found));
}

/** Refuses the caller's active character here if it has no Fate sheet; none active is not this refusal's business. */
async function activeFateCharacter(tx: Tx, ctx: CommandContext): Promise<void> {
  const id = await activeCharacterId(tx, ctx.channelId, ctx.user.id);
  const row = id === undefined ? undefined : await getCharacter(tx, id);
  if (row) withFateSheet(hydrate(row));
}

async function share(ctx: CommandContext, partnerName: string): Promise<Reply> {
  const { c, partner, active } = await ctx.store.transaction(async (tx) => {
    const c = await resolveFateCharacter(tx, ctx, null);
    const partner = await resolveFateCharacter(tx, ctx, partnerName);
    await assertCanEdit(tx, ctx, c);
    // Only a master and a servant pool their uses (L216).
    const types = new Set([c.sheet.type, partner.sheet.type]);
    if (!(types.has('master') && types.has('servant'))) throw new UserError('luck.sharePair');
    const active = await consentLuckShare(tx, c.row.id, partner.row.id);
    await appendEvent(tx, { at: ctx.now(), guildId: ctx.guildId, channelId: ctx.channelId, actorId: ctx.user.id, type: 'luck.shareConsent', subject: `character:${c.row.id}`, before: null, after: { partner: partner.row.id, active } });
    return { c, partner, active };
  });
  const table = forTable(ctx);
  const line = table.t(active ? 'luck.shareActive' : 'luck.shareWaiting', { name: c.row.name, partner: partner.row.name });
  return { view: { locale: table.locale, tone: 'info', title: table.t('luck.title'), blocks: [text(line)], ephemeral: false }, dms: [] };
}

async function unshare(ctx: CommandContext): Promise<Reply> {
  const c = await ctx.store.transaction(async (tx) => {
    const c = await resolveCharacter(tx, ctx, null);
    await assertCanEdit(tx, ctx, c);
    await revokeLuckShare(tx, c.row.id);
    await appendEvent(tx, { at: ctx.now(), guildId: ctx.guildId, channelId: ctx.channelId, actorId: ctx.user.id, type: 'luck.shareRevoked', subject: `character:${c.row.id}`, before: null, after: { revoked: true } });
    return c;
  });
  const table = forTable(ctx);
  return { view: { locale: table.locale, tone: 'info', title: table.t('luck.title'), blocks: [text(table.t('luck.unshared', { name: c.row.name }))], ephemeral: false }, dms: [] };
}
