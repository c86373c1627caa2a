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
