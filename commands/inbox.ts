// /inbox: what waits for you in this server, shown to you alone (issue 28 §2). A private result that
// Discord could not deliver by DM (closed DMs, a player who left, a failure that went on) is kept
// for its reader (src/discord/outbox.ts) and shown here once; and, for a GM, the requests that wait
// for their decision (Command Seals) with their buttons, so no decision depends on a DM. The nudge
// posted in the channel carries a "Show mine" button that answers the same to whoever presses it.
import { SlashCommandBuilder } from '@discordjs/builders';
import { UserError } from '../src/services/errors.js';
import { describe } from '../src/services/localize.js';
import type { CommandContext, CommandModule } from '../src/services/types.js';
import { channelGm } from '../src/store/gms.js';
import { dismissEffects, undeliveredFor, type OutboxRow } from '../src/store/outbox.js';
import { pendingSealRequests } from '../src/store/seals.js';
import { mention, text, type Block, type Button, type Reply, type View } from '../src/views/view.js';

const definition = describe(new SlashCommandBuilder(), 'cmd.inbox').setDMPermission(false).toJSON();

/** Buttons Discord shows on one message (5 rows of 5). */
const BUTTONS_MAX = 25;
/**
 * Characters of undelivered messages one answer shows (an embed's description holds 4,096; the rest is
 * for the requests and the frame). A dice block is counted at its rendered size, about 300.
 */
const SHOWN_MAX = 2_500;
const DICE_SIZE = 300;

/** The oldest messages that fit one answer (at least one); the others wait for the next /inbox. */
function fitting(rows: OutboxRow[]): OutboxRow[] {
  let used = 0;
  const out: OutboxRow[] = [];
  for (const row of rows) {
    const view = (row.body as { view: View }).view;
    const size = (view.title?.length ?? 0) + view.blocks.reduce((n, b) => n + (b.kind === 'text' ? b.text.length : DICE_SIZE), 0) + (view.fields ?? []).reduce((n, f) => n + f.name.length + (typeof f.value === 'string' ? f.value.length : 0), 0);
    if (out.length > 0 && used + size > SHOWN_MAX) break;
    out.push(row);
    used += size;
  }
  return out;
}

export const inbox: CommandModule = {
  definition,
  helpKey: 'help.inbox',
  execute: show,
  async component(ctx, customId) {
    if (customId !== 'inbox:show') throw new UserError('error.staleButton');
    return await show(ctx);
  },
};

async function show(ctx: CommandContext): Promise<Reply> {
  if (!ctx.guildId) throw new UserError('error.guildOnly');
  const guildId = ctx.guildId;
  const { undelivered, more, requests } = await ctx.store.transaction(async (tx) => {
    const waiting = await undeliveredFor(tx, ctx.user.id, guildId);
    // As many as one message holds; read once and gone: the reader has them now (shown to them alone).
    const undelivered = fitting(waiting);
    await dismissEffects(tx, undelivered.map((r) => r.id));
    const pending = await pendingSealRequests(tx, guildId);
    const requests = [];
    for (const req of pending) if ((await channelGm(tx, req.channelId))?.userId === ctx.user.id) requests.push(req);
    return { undelivered, more: waiting.length - undelivered.length, requests };
  });
  const blocks: Block[] = [];
  const buttons: Button[] = [];
  const offer = (b: Button) => {
    if (buttons.length < BUTTONS_MAX && !buttons.some((x) => x.customId === b.customId)) buttons.push(b);
  };
  for (const row of undelivered) {
    const view = (row.body as { view: View }).view;
    blocks.push(text(ctx.t('inbox.undelivered', { when: `<t:${Math.floor(row.createdAt.getTime() / 1000)}:f>` })));
    if (view.title) blocks.push(text(`**${view.title}**`));
    blocks.push(...view.blocks);
    for (const f of view.fields ?? []) if (typeof f.value === 'string') blocks.push(text(`**${f.name}**\n${f.value}`));
    for (const b of view.buttons ?? []) offer(b);
  }
  if (more > 0) blocks.push(text(ctx.t('inbox.more', { n: more })));
  for (const req of requests) {
    blocks.push(text(ctx.t('inbox.sealRequest', { id: req.id, player: mention(req.requesterId), channel: `<#${req.channelId}>` })));
    offer({ customId: `seal:approve:${req.id}`, label: ctx.t('inbox.approve', { id: req.id }), style: 'success' });
    offer({ customId: `seal:refuse:${req.id}`, label: ctx.t('inbox.refuse', { id: req.id }), style: 'danger' });
  }
  const view: View = {
    locale: ctx.locale,
    tone: 'secret',
    title: ctx.t('inbox.title'),
    blocks: blocks.length ? blocks : [text(ctx.t('inbox.empty'))],
    ...(buttons.length ? { buttons } : {}),
    ephemeral: true,
  };
  return { view, dms: [] };
}
