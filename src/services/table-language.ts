// /gm language: the channel's GM (or Manage Channels) chooses what the table reads; `server` clears
// the choice. A server-wide choice needs Manage Channels (it changes channels with other GMs).
import { LOCALES, asLocale, type Locale } from '../i18n/index.js';
import { channelGm } from '../store/gms.js';
import { appendEvent } from '../store/events.js';
import { setChannelLocale, tableSettings, updateGuildSettings } from '../store/settings.js';
import { text, type Reply } from '../views/view.js';
import { UserError } from './errors.js';
import { forgetTable, localeOfTable, tableContextOf } from './table.js';
import type { CommandContext } from './types.js';

export const TABLE_LOCALES = [...LOCALES.filter((l) => l !== 'en'), 'en', 'server'] as const;

export async function setTableLanguage(ctx: CommandContext, choice: string, scope: 'channel' | 'server'): Promise<Reply> {
  if (!ctx.guildId) throw new UserError('error.guildOnly');
  const guildId = ctx.guildId;
  const chosen: Locale | null = choice === 'server' ? null : (LOCALES as readonly string[]).includes(choice) ? asLocale(choice) : null;
  if (choice !== 'server' && !chosen) throw new UserError('error.badOptionValue', { option: 'language', expected: 'ja, ko, en, server' });
  const table = await ctx.store.transaction(async (tx) => {
    if (scope === 'server') {
      if (!ctx.canManageChannel) throw new UserError('table.refused.serverNeedsManage');
    } else {
      const gm = await channelGm(tx, ctx.channelId);
      if (gm?.userId !== ctx.user.id && !ctx.canManageChannel) throw new UserError('table.refused.notGm');
    }
    const before = await tableSettings(tx, ctx.channelId, guildId);
    if (scope === 'server') await updateGuildSettings(tx, guildId, { locale: chosen }, ctx.now());
    else await setChannelLocale(tx, { channelId: ctx.channelId, guildId, locale: chosen, setBy: ctx.user.id, setAt: ctx.now() });
    const after = await tableSettings(tx, ctx.channelId, guildId);
    await appendEvent(tx, {
      at: ctx.now(),
      guildId,
      channelId: ctx.channelId,
      actorId: ctx.user.id,
      type: 'table.language',
      subject: scope === 'server' ? `guild:${guildId}` : `channel:${ctx.channelId}`,
      before: { channel: before.channelLocale, server: before.guildLocale },
      after: { channel: after.channelLocale, server: after.guildLocale },
    });
    return tableContextOf(localeOfTable(after, ctx.locale));
  });
  forgetTable();
  // Announced to the table, in its new language.
  const key = `table.language.${scope}${chosen ? '' : 'Cleared'}`;
  return {
    view: { locale: table.locale, tone: 'success', title: table.t('table.title'), blocks: [text(table.t(key, { language: table.t(`language.${chosen ?? table.locale}`) }))], ephemeral: false },
    dms: [],
  };
}

/** The time zone a table's log is printed in: the GM's choice, else the table's language's usual one. */
export function tableTimeZone(chosen: string | null, locale: Locale): string {
  if (chosen) return chosen;
  return locale === 'ja' ? 'Asia/Tokyo' : locale === 'ko' ? 'Asia/Seoul' : 'UTC';
}

export function validTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** /gm timezone: the server's time zone for session logs (Manage Channels); `default` clears it. */
export async function setTableTimeZone(ctx: CommandContext, zone: string): Promise<Reply> {
  if (!ctx.guildId) throw new UserError('error.guildOnly');
  const guildId = ctx.guildId;
  if (!ctx.canManageChannel) throw new UserError('table.refused.serverNeedsManage');
  const chosen = zone.trim() === '' || zone.trim().toLowerCase() === 'default' ? null : zone.trim();
  if (chosen !== null && (chosen.length > 64 || !validTimeZone(chosen))) throw new UserError('table.timeZone.unknown', { zone: chosen.slice(0, 64) });
  await ctx.store.transaction(async (tx) => {
    const before = await tableSettings(tx, ctx.channelId, guildId);
    await updateGuildSettings(tx, guildId, { timeZone: chosen }, ctx.now());
    await appendEvent(tx, { at: ctx.now(), guildId, channelId: ctx.channelId, actorId: ctx.user.id, type: 'table.timeZone', subject: `guild:${guildId}`, before: { timeZone: before.timeZone }, after: { timeZone: chosen } });
  });
  const zoneNow = tableTimeZone(chosen, ctx.table.locale);
  return { view: { locale: ctx.locale, tone: 'success', title: ctx.t('table.title'), blocks: [text(ctx.t('table.timeZone.set', { zone: zoneNow }))], ephemeral: true }, dms: [] };
}

/** /gm images: the server's pictures on or off (Manage Channels); the text is shown either way (issue 22 §2). */
export async function setTableImages(ctx: CommandContext, on: boolean): Promise<Reply> {
  if (!ctx.guildId) throw new UserError('error.guildOnly');
  const guildId = ctx.guildId;
  if (!ctx.canManageChannel) throw new UserError('table.refused.imagesNeedManage');
  await ctx.store.transaction(async (tx) => {
    const before = await tableSettings(tx, ctx.channelId, guildId);
    await updateGuildSettings(tx, guildId, { images: on }, ctx.now());
    await appendEvent(tx, { at: ctx.now(), guildId, channelId: ctx.channelId, actorId: ctx.user.id, type: 'table.images', subject: `guild:${guildId}`, before: { images: before.images }, after: { images: on } });
  });
  return { view: { locale: ctx.locale, tone: 'success', title: ctx.t('table.title'), blocks: [text(ctx.t(on ? 'table.images.on' : 'table.images.off'))], ephemeral: true }, dms: [] };
}
