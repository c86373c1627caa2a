// /roll and /r: what a BCDice user types (see src/services/dice-roll.ts); secret rolls go to the
// roller and, by DM, to the channel's GM.
import { SlashCommandBuilder } from '@discordjs/builders';
import { DICE_LIMITS } from '../src/core/dice/index.js';
import { rollTyped } from '../src/services/dice-roll.js';
import { UserError } from '../src/services/errors.js';
import { describe } from '../src/services/localize.js';
import type { CommandModule } from '../src/services/types.js';
import { COMMENT_MAX } from '../src/services/roll-limits.js';

const definition = describe(new SlashCommandBuilder(), 'cmd.roll')
  .addStringOption((o) => describe(o, 'cmd.roll.expression').setRequired(true).setMaxLength(DICE_LIMITS.maxLength))
  .addStringOption((o) => describe(o, 'cmd.roll.comment').setMaxLength(COMMENT_MAX))
  .addBooleanOption((o) => describe(o, 'cmd.roll.secret'))
  .toJSON();

export const roll: CommandModule = {
  definition,
  helpKey: 'help.roll',
  // A plain roll is one statement and its reply: no command transaction around it (issue 23's speed).
  // A secret roll's DM to the GM is saved to the outbox right after it ran.
  effects: 'after',
  async execute(ctx, options) {
    const expression = options.string('expression');
    if (!expression) throw new UserError('error.missingOption', { option: 'expression' });
    const comment = options.string('comment')?.trim() || null;
    if (comment && comment.length > COMMENT_MAX) throw new UserError('error.tooLong', { option: 'comment', max: COMMENT_MAX });
    return rollTyped(ctx, { input: expression, comment, secret: options.boolean('secret') ?? false });
  },
};

/** `/r`: the same command under BCDice's and Dice Maiden's short name. */
export const r: CommandModule = {
  ...roll,
  definition: { ...definition, name: 'r', name_localizations: { ja: 'r', ko: 'r' }, description: roll.definition.description },
};
