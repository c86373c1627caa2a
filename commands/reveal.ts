// /reveal id: publishes a committed secret's text and shows that it hashes to the commitment
// posted earlier, so the table can trust a hidden roll after the fact.
import { SlashCommandBuilder } from '@discordjs/builders';
import { UserError } from '../src/services/errors.js';
import { describe } from '../src/services/localize.js';
import type { CommandModule } from '../src/services/types.js';
import { sha256Hex, verify } from '../src/core/secrets/commit.js';
import { appendEvent } from '../src/store/events.js';
import { channelGm } from '../src/store/gms.js';
import { getSecret, markRevealed } from '../src/store/secrets.js';
import { text } from '../src/views/view.js';

const definition = describe(new SlashCommandBuilder(), 'cmd.reveal')
  .setDMPermission(false)
  .addIntegerOption((o) => describe(o, 'cmd.reveal.id').setRequired(true).setMinValue(1))
  .toJSON();

export const reveal: CommandModule = {
  definition,
  helpKey: 'help.reveal',
  async execute(ctx, options) {
    const id = options.integer('id') ?? 0;
    const secret = await ctx.store.transaction(async (tx) => {
      const row = await getSecret(tx, id);
      if (!row || row.guildId !== ctx.guildId) throw new UserError('secret.unknown', { id });
      const gm = await channelGm(tx, row.channelId);
      if (row.ownerId !== ctx.user.id && gm?.userId !== ctx.user.id) throw new UserError('secret.notYours', { id });
      if (!row.revealedAt) {
        const at = ctx.now();
        await markRevealed(tx, id, at);
        await appendEvent(tx, { at, guildId: ctx.guildId, channelId: row.channelId, actorId: ctx.user.id, type: 'secret.revealed', subject: `secret:${id}`, before: { revealedAt: null }, after: { revealedAt: at.getTime() } });
      }
      return row;
    });
    // Recomputed here, not trusted from the row: what the channel reads is checked the way anyone can.
    const ok = verify(secret.hash, secret.text);
    return {
      view: {
        locale: ctx.locale,
        tone: ok ? 'success' : 'failure',
        title: ctx.t('secret.revealTitle', { id }),
        blocks: [
          text(`\`\`\`json\n${secret.text}\n\`\`\``),
          text(`commitment \`sha256:${secret.hash}\`\nrecomputed \`sha256:${sha256Hex(secret.text)}\``),
          text(ctx.t(ok ? 'secret.verified' : 'secret.mismatch')),
          text(ctx.t('secret.howTo')),
        ],
        ephemeral: false,
      },
      dms: [],
    };
  },
};
