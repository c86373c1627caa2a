// /roll: any dice expression of the engine; secret rolls go to the roller and, by DM, to the channel's GM.
import { SlashCommandBuilder } from '@discordjs/builders';
import { DICE_LIMITS, evaluateDice } from '../src/core/dice/index.js';
import { UserError } from '../src/command/errors.js';
import { describe } from '../src/command/localize.js';
import type { CommandModule } from '../src/command/types.js';
import { channelGm } from '../src/store/gms.js';
import { commitRoll, storeRoll } from '../src/command/rolls.js';
import { rollReply } from '../src/views/roll.js';

export const COMMENT_MAX = 200;

const definition = describe(new SlashCommandBuilder(), 'cmd.roll')
  .addStringOption((o) => describe(o, 'cmd.roll.expression').setRequired(true).setMaxLength(DICE_LIMITS.maxLength))
  .addStringOption((o) => describe(o, 'cmd.roll.comment').setMaxLength(COMMENT_MAX))
  .addBooleanOption((o) => describe(o, 'cmd.roll.secret'))
  .toJSON();

export const roll: CommandModule = {
  definition,
  helpKey: 'help.roll',
  async execute(ctx, options) {
    const expression = options.string('expression');
    if (!expression) throw new UserError('error.missingOption', { option: 'expression' });
    const comment = options.string('comment')?.trim() || null;
    if (comment && comment.length > COMMENT_MAX) throw new UserError('error.tooLong', { option: 'comment', max: COMMENT_MAX });
    const secret = options.boolean('secret') ?? false;

    const result = evaluateDice(expression, ctx.rng);
    const { id, gm, commitment } = await ctx.store.transaction(async (tx) => {
      const id = await storeRoll(tx, ctx, { result, comment, secret });
      return {
        id,
        gm: secret ? await channelGm(tx, ctx.channelId) : undefined,
        commitment: secret ? await commitRoll(tx, ctx, id, result, comment) : undefined,
      };
    });

    return rollReply(ctx, { result, id, name: ctx.user.name, comment }, secret, gm, commitment);
  },
};
