// Commitments for hidden results: stored with their text, announced in the channel by hash only.
import { commit, makeNonce } from '../core/secrets/commit.js';
import type { Tx } from '../store/db.js';
import { appendEvent } from '../store/events.js';
import { insertSecret } from '../store/secrets.js';
import { text, type ChannelPost } from '../views/view.js';
import { tableOf } from './table.js';
import type { CommandContext } from './types.js';

/** Commits to `result` for `ownerId` and returns the channel post that announces the hash. */
export async function commitSecret(tx: Tx, ctx: CommandContext, kind: string, ownerId: string, result: unknown, channelId = ctx.channelId): Promise<ChannelPost> {
  const c = commit(result, ownerId, makeNonce(ctx.rng));
  const at = ctx.now();
  const id = await insertSecret(tx, { guildId: ctx.guildId, channelId, ownerId, kind, hash: c.hash, text: c.text, createdAt: at });
  await appendEvent(tx, { at, guildId: ctx.guildId, channelId, actorId: ctx.user.id, type: 'secret.committed', subject: `secret:${id}`, before: null, after: { kind } }); // the hash is on the secret row
  // Posted to the table: in its language, which for another channel is read from that channel.
  const table = channelId === ctx.channelId ? ctx.table : await tableOf(tx, channelId, ctx.guildId, ctx.table.locale);
  return {
    channelId,
    view: {
      locale: table.locale,
      tone: 'secret',
      title: table.t('secret.commitTitle', { id }),
      blocks: [text(table.t(`secret.kind.${kind}`, { owner: `<@${ownerId}>` })), text(`\`sha256:${c.hash}\``)],
      footer: table.t('secret.commitFooter', { id }),
      ephemeral: false,
    },
  };
}
