// /gm claim | set | show | release: the channel's GM, whom every GM-only action checks; language,
// timezone and images: the table's settings; chatrolls: rolls typed in this channel answered (issue 30 §2).
import { SlashCommandBuilder } from '@discordjs/builders';
import { UserError } from '../src/services/errors.js';
import { describe, localizedChoices } from '../src/services/localize.js';
import { setTableImages, setTableLanguage, setTableTimeZone, TABLE_LOCALES } from '../src/services/table-language.js';
import { forTable } from '../src/services/table.js';
import { RULESETS, startButton, type Ruleset } from '../src/services/setup/guide.js';
import { setChannelChatRolls } from '../src/services/chat-rolls.js';
import type { CommandContext, CommandModule, Invoker } from '../src/services/types.js';
import { decideAppoint, decideClaim, decideRelease, type GmDecision } from '../src/core/session/gm.js';
import { appendEvent } from '../src/store/events.js';
import { channelGm, clearChannelGm, setChannelGm } from '../src/store/gms.js';
import type { ChannelGmRow } from '../src/store/schema/index.js';
import type { Tx } from '../src/store/db.js';
import { mention, text, type Reply } from '../src/views/view.js';

const definition = describe(new SlashCommandBuilder(), 'cmd.gm')
  .setDMPermission(false)
  .addSubcommand((s) => describe(s, 'cmd.gm.claim'))
  .addSubcommand((s) => describe(s, 'cmd.gm.set').addUserOption((o) => describe(o, 'cmd.gm.set.user').setRequired(true)))
  .addSubcommand((s) => describe(s, 'cmd.gm.show'))
  .addSubcommand((s) => describe(s, 'cmd.gm.release'))
  .addSubcommand((s) =>
    describe(s, 'cmd.gm.language')
      .addStringOption((o) => describe(o, 'cmd.gm.language.locale').setRequired(true).addChoices(...localizedChoices(TABLE_LOCALES, 'choice.tableLocale')))
      .addStringOption((o) => describe(o, 'cmd.gm.language.scope').addChoices(...localizedChoices(['channel', 'server'] as const, 'choice.tableScope'))),
  )
  .addSubcommand((s) => describe(s, 'cmd.gm.timezone').addStringOption((o) => describe(o, 'cmd.gm.timezone.zone').setRequired(true).setMaxLength(64)))
  .addSubcommand((s) => describe(s, 'cmd.gm.images').addBooleanOption((o) => describe(o, 'cmd.gm.images.on').setRequired(true)))
  .addSubcommand((s) => describe(s, 'cmd.gm.chatrolls').addBooleanOption((o) => describe(o, 'cmd.gm.chatrolls.on').setRequired(true)))
  .toJSON();

export const gm: CommandModule = {
  definition,
  helpKey: 'help.gm',
  async execute(ctx, options) {
    if (!ctx.guildId) throw new UserError('error.guildOnly');
    switch (options.subcommand()) {
      case 'claim':
        return await assign(ctx, ctx.user, (current) => decideClaim(current, actorOf(ctx)), 'gm.claimed');
      case 'set': {
        const target = options.user('user');
        if (!target) throw new UserError('error.missingOption', { option: 'user' });
        if (target.notMember) throw new UserError('gm.notMember', { user: mention(target.id) });
        return await assign(ctx, target, (current) => decideAppoint(current, actorOf(ctx)), 'gm.appointed');
      }
      case 'release':
        return await release(ctx);
      case 'timezone':
        return await setTableTimeZone(ctx, options.string('zone') ?? '');
      case 'images':
        return await setTableImages(ctx, options.boolean('on') ?? true);
      case 'chatrolls':
        return await setChannelChatRolls(ctx, options.boolean('on') ?? true);
      case 'language':
        return await setTableLanguage(ctx, options.string('language') ?? '', options.string('scope') === 'server' ? 'server' : 'channel');
      case 'show':
      default:
        return await show(ctx);
    }
  },
  // gm:claim:<ruleset>, the guide's first step (/setup, /help topic:start): the claim, then the next step's button.
  async component(ctx, customId) {
    const [, action, ruleset] = customId.split(':');
    if (action !== 'claim' || !ctx.guildId || !(RULESETS as readonly string[]).includes(ruleset ?? '')) throw new UserError('error.staleButton');
    const reply = await assign(ctx, ctx.user, (current) => decideClaim(current, actorOf(ctx)), 'gm.claimed');
    return { ...reply, view: { ...reply.view, buttons: [startButton(forTable(ctx), ruleset as Ruleset)] } };
  },
};

const actorOf = (ctx: CommandContext) => ({ id: ctx.user.id, canManageChannel: ctx.canManageChannel });

function refuse(decision: GmDecision, current: ChannelGmRow | undefined): never {
  if (decision.ok) throw new Error('refuse() called with an allowed decision');
  throw new UserError(`gm.refused.${decision.reason}`, { gm: current ? mention(current.userId) : '-' });
}

async function assign(ctx: CommandContext, target: Invoker, decide: (current: string | null) => GmDecision, type: string): Promise<Reply> {
  const row = await ctx.store.transaction(async (tx) => {
    const current = await channelGm(tx, ctx.channelId);
    const decision = await decide(current?.userId ?? null);
    if (!decision.ok) refuse(decision, current);
    if (current?.userId === target.id) throw new UserError('gm.refused.alreadyGm', { gm: mention(target.id) });
    const next: ChannelGmRow = {
      channelId: ctx.channelId,
      guildId: ctx.guildId,
      userId: target.id,
      // The appointed GM's language is unknown until they run a command; claim records the caller's.
      locale: target.id === ctx.user.id ? ctx.locale : (current?.locale ?? ctx.locale),
      assignedBy: ctx.user.id,
      assignedAt: ctx.now(),
    };
    await setChannelGm(tx, next);
    await record(tx, ctx, type, current, next);
    return next;
  });
  const table = forTable(ctx);
  return {
    view: {
      locale: table.locale,
      tone: 'success',
      title: table.t('gm.title'),
      blocks: [text(table.t(type === 'gm.claimed' ? 'gm.claimed' : 'gm.appointed', { gm: mention(row.userId), by: mention(ctx.user.id) }))],
      ephemeral: false,
    },
    dms: [],
  };
}

async function release(ctx: CommandContext): Promise<Reply> {
  const previous = await ctx.store.transaction(async (tx) => {
    const current = await channelGm(tx, ctx.channelId);
    const decision = decideRelease(current?.userId ?? null, actorOf(ctx));
    if (!decision.ok) refuse(decision, current);
    await clearChannelGm(tx, ctx.channelId);
    await record(tx, ctx, 'gm.released', current, null);
    return current!;
  });
  const table = forTable(ctx);
  return {
    view: {
      locale: table.locale,
      tone: 'info',
      title: table.t('gm.title'),
      blocks: [text(table.t('gm.released', { gm: mention(previous.userId) }))],
      ephemeral: false,
    },
    dms: [],
  };
}

async function show(ctx: CommandContext): Promise<Reply> {
  const current = await ctx.store.transaction(async (tx) => await channelGm(tx, ctx.channelId));
  const line = current
    ? ctx.t('gm.current', { gm: mention(current.userId), since: `<t:${Math.floor(current.assignedAt.getTime() / 1000)}:R>` })
    : ctx.t('gm.none');
  return { view: { locale: ctx.locale, tone: 'info', title: ctx.t('gm.title'), blocks: [text(line)], ephemeral: true }, dms: [] };
}

async function record(tx: Tx, ctx: CommandContext, type: string, before: ChannelGmRow | undefined | null, after: ChannelGmRow | null): Promise<void> {
  await appendEvent(tx, {
    at: ctx.now(),
    guildId: ctx.guildId,
    channelId: ctx.channelId,
    actorId: ctx.user.id,
    type,
    subject: `channel:${ctx.channelId}`,
    before: before ?? null,
    after,
  });
}
