// Familiars used after the roll (seed 000 L4 「주사위 굴림 후 사용」): /war resolve offers the declarer
// of a failed information gathering a button when the faction's familiars would turn it into a
// success; pressing it spends them, records the success and tells the gatherer what it learns.
// Nothing reaches the channel; the GM is told by DM.
import { eq } from 'drizzle-orm';
import { familiarsToSucceed, FAMILIAR_BONUS, type ActionDeclaration } from '../../core/grailwar/actions.js';
import { translator } from '../../i18n/index.js';
import { updateDeclaration } from '../../store/declarations.js';
import { appendEvent } from '../../store/events.js';
import { channelGm } from '../../store/gms.js';
import { getWar, updateFaction, warFactions } from '../../store/wars.js';
import { text, type DirectMessage, type Reply } from '../../views/view.js';
import { UserError } from '../errors.js';
import { recipientLocales } from '../locales.js';
import type { CommandContext } from '../types.js';
import { percentOf } from './profiles.js';
import { infoReport } from './resolve.js';
import type { FactionState, WarConfig } from './state.js';

interface Resolved {
  kind: string;
  roll: number;
  chance: number;
  success: boolean;
  familiarOffer?: number;
  familiars?: number;
}

export async function spendFamiliarsAfterRoll(ctx: CommandContext, declarationId: number): Promise<Reply> {
  const out = await ctx.store.transaction(async (tx) => {
    const { declarations } = tx.t;
    const [row] = await tx.db.select().from(declarations).where(eq(declarations.id, declarationId));
    if (!row) throw new UserError('familiars.gone');
    const war = await getWar(tx, row.warId);
    const factions = war ? await warFactions(tx, war.id) : [];
    const faction = factions.find((f) => f.id === row.factionId);
    if (!war || !faction) throw new UserError('familiars.gone');
    if (!(faction.members as string[]).includes(ctx.user.id)) throw new UserError('familiars.notYours', { faction: faction.name });
    const result = row.result as Resolved | null;
    if (!result || result.success || !result.familiarOffer) throw new UserError('familiars.settled');
    // The offer belongs to its turn: once the war has moved on, what the gathering would have seen is gone.
    if (war.status !== 'active' || war.day !== row.day || war.turn !== row.turn || faction.eliminated) throw new UserError('familiars.tooLate');
    const p = percentOf(faction);
    const need = familiarsToSucceed(result.roll, result.chance);
    const have = p?.items?.familiar ?? 0;
    if (!p || need === null || need > have) throw new UserError('familiars.notEnough', { faction: faction.name, have, count: need ?? 0 });
    const decl = row.action as ActionDeclaration;
    const others = factions.filter((f) => f.id !== faction.id && !f.eliminated);
    const report = infoReport(decl, others, (war.config as WarConfig).infoSkills);
    const spent = { ...p, items: { ...(p.items ?? {}), familiar: have - need } };
    // A deep look keeps track of the target from now on (L17), as a success at resolve does.
    const percent = decl.infoMode === 'deep' ? { ...spent, tracking: [...new Set([...(spent.tracking ?? []), ...decl.targets])] } : spent;
    const before = faction.state as FactionState;
    const state: FactionState = { ...before, percent };
    const { familiarOffer: _offer, ...rest } = result;
    const next = { ...rest, success: true, familiars: need, report: report.map((r) => r(ctx.t)) };
    // Written under the war's channel, so /war undo there reverts the spending and the result together.
    const at = ctx.now();
    const where = { at, guildId: war.guildId, channelId: war.channelId, actorId: ctx.user.id, type: 'war.familiars' };
    await updateDeclaration(tx, row.id, { result: next });
    await appendEvent(tx, { ...where, subject: `declaration:${row.id}`, before: { result: row.result }, after: { result: next } });
    await updateFaction(tx, faction.id, { state });
    await appendEvent(tx, { ...where, subject: `faction:${faction.id}`, before: { state: before }, after: { state } });
    const gm = (await channelGm(tx, war.channelId))?.userId ?? null;
    const localeOf = await recipientLocales(tx, gm ? [gm] : [], ctx.locale);
    return { faction: faction.name, need, result, report, decl, gm, gmLocale: gm ? localeOf(gm) : ctx.locale };
  });
  const t = ctx.t;
  const lines = [
    t('resolve.familiars', { count: out.need, value: out.need * FAMILIAR_BONUS }),
    t('resolve.success', { action: t(`gw.action.${out.decl.kind}`), roll: out.result.roll, chance: out.result.chance + out.need * FAMILIAR_BONUS }),
    ...out.report.map((r) => r(t)),
  ];
  const dms: DirectMessage[] = [];
  if (out.gm && out.gm !== ctx.user.id) {
    const gmT = translator(out.gmLocale);
    dms.push({ userId: out.gm, view: { locale: out.gmLocale, tone: 'secret', title: gmT('familiars.offer.title', { faction: out.faction }), blocks: [text(gmT('familiars.gm', { faction: out.faction, count: out.need, roll: out.result.roll, chance: out.result.chance + out.need * FAMILIAR_BONUS }))], ephemeral: false } });
  }
  return { view: { locale: ctx.locale, tone: 'secret', title: t('familiars.offer.title', { faction: out.faction }), blocks: lines.map(text), ephemeral: false }, dms, update: true };
}

/**
 * The declarer keeps the failure (seed 000 L4: whether to use them is theirs, after the roll): the
 * offer is settled, so /war advance no longer waits for it; the GM is told by DM.
 */
export async function declineFamiliarsAfterRoll(ctx: CommandContext, declarationId: number): Promise<Reply> {
  const out = await ctx.store.transaction(async (tx) => {
    const { declarations } = tx.t;
    const [row] = await tx.db.select().from(declarations).where(eq(declarations.id, declarationId));
    if (!row) throw new UserError('familiars.gone');
    const war = await getWar(tx, row.warId);
    const faction = war ? (await warFactions(tx, war.id)).find((f) => f.id === row.factionId) : undefined;
    if (!war || !faction) throw new UserError('familiars.gone');
    if (!(faction.members as string[]).includes(ctx.user.id)) throw new UserError('familiars.notYours', { faction: faction.name });
    const result = row.result as Resolved | null;
    if (!result || result.success || !result.familiarOffer) throw new UserError('familiars.settled');
    if (war.status !== 'active' || war.day !== row.day || war.turn !== row.turn || faction.eliminated) throw new UserError('familiars.tooLate');
    const { familiarOffer: _offer, ...rest } = result;
    const next = { ...rest, familiarsDeclined: true };
    await updateDeclaration(tx, row.id, { result: next });
    await appendEvent(tx, { at: ctx.now(), guildId: war.guildId, channelId: war.channelId, actorId: ctx.user.id, type: 'war.familiarsDeclined', subject: `declaration:${row.id}`, before: { result: row.result }, after: { result: next } });
    const gm = (await channelGm(tx, war.channelId))?.userId ?? null;
    const localeOf = await recipientLocales(tx, gm ? [gm] : [], ctx.locale);
    return { faction: faction.name, gm, gmLocale: gm ? localeOf(gm) : ctx.locale };
  });
  const dms: DirectMessage[] = [];
  if (out.gm && out.gm !== ctx.user.id) {
    const gmT = translator(out.gmLocale);
    dms.push({ userId: out.gm, view: { locale: out.gmLocale, tone: 'secret', title: gmT('familiars.offer.title', { faction: out.faction }), blocks: [text(gmT('familiars.declinedGm', { faction: out.faction }))], ephemeral: false } });
  }
  return { view: { locale: ctx.locale, tone: 'secret', title: ctx.t('familiars.offer.title', { faction: out.faction }), blocks: [text(ctx.t('familiars.declined'))], ephemeral: false }, dms, update: true };
}
