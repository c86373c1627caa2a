// /system set | show | clear: the BCDice game system this channel's /roll falls back to when the
// seed's engine does not understand a command (`PT60` in PersonaO, `F8+11-5>=50` in
// ToshiakiHolyGrailWar). Any system the `bcdice` package ships; DiceBot when none is set.
import { SlashCommandBuilder } from '@discordjs/builders';
import { DEFAULT_SYSTEM, findSystem, listSystems, preloadSystem } from '../src/bcdice/index.js';
import { UserError } from '../src/services/errors.js';
import { describe } from '../src/services/localize.js';
import type { CommandContext, CommandModule } from '../src/services/types.js';
import { escapeMarkdown } from '../src/core/dice/index.js';
import { foldForSearch } from '../src/core/text/fold.js';
import type { Tx } from '../src/store/db.js';
import { appendEvent } from '../src/store/events.js';
import { channelGm } from '../src/store/gms.js';
import { channelSystem, clearChannelSystem, setChannelSystem } from '../src/store/systems.js';
import { forgetChannelSystem } from '../src/services/channel-system.js';
import { text, type Reply } from '../src/views/view.js';
import { forTable } from '../src/services/table.js';

const SYSTEM_MAX = 64;

const definition = describe(new SlashCommandBuilder(), 'cmd.system')
  .addSubcommand((s) =>
    describe(s, 'cmd.system.set').addStringOption((o) => describe(o, 'cmd.system.set.system').setRequired(true).setAutocomplete(true).setMaxLength(SYSTEM_MAX)),
  )
  .addSubcommand((s) => describe(s, 'cmd.system.show'))
  .addSubcommand((s) => describe(s, 'cmd.system.clear'))
  .toJSON();

export const system: CommandModule = {
  definition,
  helpKey: 'help.system',
  async execute(ctx, options) {
    const sub = options.subcommand();
    if (sub === 'show') return await show(ctx);
    await assertMayChange(ctx);
    if (sub === 'clear') {
      await ctx.store.transaction(async (tx) => {
        const before = await channelSystem(tx, ctx.channelId);
        await clearChannelSystem(tx, ctx.channelId);
        await record(ctx, tx, before ?? null, null);
      });
      forgetChannelSystem(ctx.channelId);
      return publicReply(ctx, forTable(ctx).t('system.cleared', { system: DEFAULT_SYSTEM }));
    }
    const typed = options.string('system') ?? '';
    const found = findSystem(typed);
    if (!found) throw new UserError('system.unknown', { system: typed.slice(0, SYSTEM_MAX) });
    await ctx.store.transaction(async (tx) => {
      const before = await channelSystem(tx, ctx.channelId);
      await setChannelSystem(tx, { channelId: ctx.channelId, guildId: ctx.guildId, system: found.id, setBy: ctx.user.id, setAt: ctx.now() });
      await record(ctx, tx, before ?? null, found.id);
    });
    forgetChannelSystem(ctx.channelId);
    void preloadSystem(found.id); // the channel's first roll then finds it loaded
    return publicReply(ctx, forTable(ctx).t('system.set', { system: found.id, name: escapeMarkdown(found.name) }));
  },
  autocomplete(_ctx, focused) {
    const key = foldForSearch(focused.value.trim());
    const matches = listSystems().filter((s) => foldForSearch(s.id).includes(key) || foldForSearch(s.name).includes(key) || foldForSearch(s.sortKey).includes(key));
    // Systems whose id starts with what was typed first, then by BCDice's own sort key.
    matches.sort((a, b) => Number(!foldForSearch(a.id).startsWith(key)) - Number(!foldForSearch(b.id).startsWith(key)) || a.sortKey.localeCompare(b.sortKey));
    return matches.slice(0, 25).map((s) => ({ name: `${s.name} (${s.id})`, value: s.id }));
  },
};

/** A channel with a GM lets only the GM (or a channel manager) change how its dice read. */
async function assertMayChange(ctx: CommandContext): Promise<void> {
  const gm = await ctx.store.transaction(async (tx) => channelGm(tx, ctx.channelId));
  if (gm && gm.userId !== ctx.user.id && !ctx.canManageChannel) throw new UserError('system.refused.notGm', { gm: `<@${gm.userId}>` });
}

async function record(ctx: CommandContext, tx: Tx, before: string | null, after: string | null): Promise<void> {
  await appendEvent(tx, {
    at: ctx.now(),
    guildId: ctx.guildId,
    channelId: ctx.channelId,
    actorId: ctx.user.id,
    type: 'system.set',
    subject: `channel:${ctx.channelId}`,
    before: before === null ? null : { system: before },
    after: after === null ? null : { system: after },
  });
}

async function show(ctx: CommandContext): Promise<Reply> {
  const current = await ctx.store.transaction(async (tx) => channelSystem(tx, ctx.channelId));
  const info = findSystem(current ?? DEFAULT_SYSTEM);
  const line = current
    ? ctx.t('system.current', { system: current, name: escapeMarkdown(info?.name ?? current) })
    : ctx.t('system.default', { system: DEFAULT_SYSTEM });
  return { view: { locale: ctx.locale, tone: 'info', title: ctx.t('system.title'), blocks: [text(line)], ephemeral: true }, dms: [] };
}

/** The channel's system changed: the table's news, in its language (the line is written with forTable). */
function publicReply(ctx: CommandContext, line: string): Reply {
  const table = forTable(ctx);
  return { view: { locale: table.locale, tone: 'info', title: table.t('system.title'), blocks: [text(line)], ephemeral: false }, dms: [] };
}
