// /data delete — the server owner removes everything the bot stored for the server (Discord's
// developer policy: data is deleted on request), after a confirm button.
import { SlashCommandBuilder } from '@discordjs/builders';
import { UserError } from '../src/services/errors.js';
import { describe } from '../src/services/localize.js';
import type { CommandContext, CommandModule } from '../src/services/types.js';
import { deleteGuildData } from '../src/store/retention.js';
import { forgetChannelSystem } from '../src/services/channel-system.js';
import { text, type Reply, type View } from '../src/views/view.js';

const definition = describe(new SlashCommandBuilder(), 'cmd.data')
  .setDMPermission(false)
  .addSubcommand((s) => describe(s, 'cmd.data.delete'))
  .toJSON();

function view(ctx: CommandContext, line: string): View {
  return { locale: ctx.locale, tone: 'info', title: ctx.t('data.title'), blocks: [text(line)], ephemeral: true };
}

function assertOwner(ctx: CommandContext): string {
  if (!ctx.guildId) throw new UserError('error.guildOnly');
  if (!ctx.isGuildOwner) throw new UserError('data.ownerOnly');
  return ctx.guildId;
}

export const data: CommandModule = {
  definition,
  helpKey: 'help.data',
  execute(ctx) {
    assertOwner(ctx);
    const reply: Reply = {
      view: {
        ...view(ctx, ctx.t('data.delete.confirm')),
        tone: 'failure',
        buttons: [
          { customId: 'data:delete', label: ctx.t('data.delete.yes'), style: 'danger' },
          { customId: 'data:cancel', label: ctx.t('data.delete.no'), style: 'secondary' },
        ],
      },
      dms: [],
    };
    return reply;
  },
  async component(ctx, customId) {
    if (customId !== 'data:delete') return { view: view(ctx, ctx.t('data.delete.cancelled')), dms: [], update: true };
    const guildId = assertOwner(ctx);
    const deleted = await ctx.store.transaction((tx) => deleteGuildData(tx, guildId));
    forgetChannelSystem();
    const total = Object.values(deleted).reduce((a, b) => a + b, 0);
    return { view: view(ctx, ctx.t('data.delete.done', { rows: total })), dms: [], update: true };
  },
};
