// /roll: any dice expression of the engine; secret rolls go to the roller and, by DM, to the channel's GM.
import { SlashCommandBuilder } from '@discordjs/builders';
import { DICE_LIMITS, DiceError, diceHints, evaluateDice, type DiceResult } from '../src/core/dice/index.js';
import { asLocale, translator } from '../src/i18n/index.js';
import { UserError } from '../src/command/errors.js';
import { describe } from '../src/command/localize.js';
import type { CommandContext, CommandModule } from '../src/command/types.js';
import { appendEvent } from '../src/store/events.js';
import { channelGm } from '../src/store/gms.js';
import { insertRoll } from '../src/store/rolls.js';
import type { ChannelGmRow } from '../src/store/schema.js';
import { mention, text, type Reply, type View } from '../src/views/view.js';

export const COMMENT_MAX = 200;

const definition = describe(new SlashCommandBuilder(), 'cmd.roll')
  .addStringOption((o) => describe(o, 'cmd.roll.expression').setRequired(true).setMaxLength(DICE_LIMITS.maxLength))
  .addStringOption((o) => describe(o, 'cmd.roll.comment').setMaxLength(COMMENT_MAX))
  .addBooleanOption((o) => describe(o, 'cmd.roll.secret'))
  .toJSON();

export const roll: CommandModule = {
  definition,
  helpKey: 'help.roll',
  execute(ctx, options) {
    const expression = options.string('expression');
    if (!expression) throw new UserError('error.missingOption', { option: 'expression' });
    const comment = options.string('comment')?.trim() || null;
    if (comment && comment.length > COMMENT_MAX) throw new UserError('error.tooLong', { option: 'comment', max: COMMENT_MAX });
    const secret = options.boolean('secret') ?? false;

    const result = evaluate(expression, ctx);
    const { id, gm } = ctx.store.transaction((tx) => {
      const at = ctx.now();
      const id = insertRoll(tx, {
        createdAt: at,
        guildId: ctx.guildId,
        channelId: ctx.channelId,
        userId: ctx.user.id,
        expression,
        normalized: result.normalized,
        kind: result.kind,
        value: result.value,
        outcome: result.outcome,
        dice: result.dice,
        result: result.tree,
        comment,
        secret,
      });
      appendEvent(tx, {
        at,
        guildId: ctx.guildId,
        channelId: ctx.channelId,
        actorId: ctx.user.id,
        type: 'roll.created',
        subject: `roll:${id}`,
        before: null,
        after: { id, secret },
      });
      return { id, gm: secret ? channelGm(tx, ctx.channelId) : undefined };
    });

    return secret ? secretReply(ctx, result, comment, id, gm) : { view: rollView(ctx, result, comment, id), dms: [] };
  },
};

function evaluate(expression: string, ctx: CommandContext): DiceResult {
  try {
    return evaluateDice(expression, ctx.rng);
  } catch (error) {
    if (error instanceof DiceError) {
      throw new UserError(`dice.error.${error.code}`, { ...error.params, column: error.column ?? '-' });
    }
    throw error;
  }
}

function rollView(ctx: CommandContext, result: DiceResult, comment: string | null, id: number): View {
  return {
    locale: ctx.locale,
    tone: result.outcome === 'success' ? 'success' : result.outcome === 'failure' ? 'failure' : 'info',
    title: comment ? ctx.t('roll.titleWithComment', { name: ctx.user.name, comment }) : ctx.t('roll.title', { name: ctx.user.name }),
    blocks: [{ kind: 'dice', result }, ...diceHints(result).map((hint) => text(ctx.t(hint.key, hint.params)))],
    footer: ctx.t('roll.footer', { id }),
    ephemeral: false,
  };
}

function secretReply(ctx: CommandContext, result: DiceResult, comment: string | null, id: number, gm: ChannelGmRow | undefined): Reply {
  const view = { ...rollView(ctx, result, comment, id), tone: 'secret' as const, ephemeral: true };
  if (!gm) return { view: { ...view, blocks: [...view.blocks, text(ctx.t('roll.secret.noGm'))] }, dms: [] };
  if (gm.userId === ctx.user.id) return { view: { ...view, blocks: [...view.blocks, text(ctx.t('roll.secret.youAreGm'))] }, dms: [] };

  const gmLocale = asLocale(gm.locale);
  const gmT = translator(gmLocale);
  const dmView: View = {
    locale: gmLocale,
    tone: 'secret',
    title: gmT('roll.secret.dmTitle', { name: ctx.user.name, channel: `<#${ctx.channelId}>` }),
    blocks: comment ? [text(gmT('roll.secret.dmComment', { comment })), { kind: 'dice', result }] : [{ kind: 'dice', result }],
    footer: gmT('roll.footer', { id }),
    ephemeral: false,
  };
  return {
    view: { ...view, blocks: [...view.blocks, text(ctx.t('roll.secret.sentToGm', { gm: mention(gm.userId) }))] },
    dms: [{ userId: gm.userId, view: dmView }],
  };
}
