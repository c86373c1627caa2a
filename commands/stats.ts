// /stats [user] [character]: dice statistics from the stored rolls of this server (or DM channel):
// rolls, successes/failures, and each die size's face distribution as text bars, with a picture of
// each size against a fair die (d100 in tens) and its chi-square reading (issue 22), unless the
// server turned pictures off. Someone else's secret rolls are left out.
import { SlashCommandBuilder } from '@discordjs/builders';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import { describe } from '../src/services/localize.js';
import type { CommandModule } from '../src/services/types.js';
import { escapeMarkdown } from '../src/core/dice/index.js';
import { diceStats, faceBars, type RollFacts } from '../src/core/stats/dice-stats.js';
import { findCharacter } from '../src/store/characters.js';
import { characterChoices } from '../src/services/character-search.js';
import { UserError } from '../src/services/errors.js';
import { storedDice } from '../src/services/rolls.js';
import { text, type Field } from '../src/views/view.js';
import { histogramModel } from '../src/pictures/stats-model.js';
import { tableSettings } from '../src/store/settings.js';

/** The newest rolls read per request. */
const MAX_ROLLS = 10_000;

const definition = describe(new SlashCommandBuilder(), 'cmd.stats')
  .addUserOption((o) => describe(o, 'cmd.stats.user'))
  .addStringOption((o) => describe(o, 'cmd.stats.character').setAutocomplete(true).setMaxLength(100))
  .addBooleanOption((o) => describe(o, 'cmd.stats.channel'))
  .toJSON();

export const stats: CommandModule = {
  definition,
  helpKey: 'help.stats',
  async execute(ctx, options) {
    const user = options.user('user');
    const characterName = options.string('character');
    // channel:true — everyone's rolls in this channel (issue 22 §1: per player and per channel)
    const wholeChannel = options.boolean('channel') === true && !user && !characterName;
    const { rows, subject, images } = await ctx.store.transaction(async (tx) => {
      const { rolls } = tx.t;
      const where: SQL[] = [ctx.guildId && !wholeChannel ? eq(rolls.guildId, ctx.guildId) : eq(rolls.channelId, ctx.channelId)];
      let subject = user ? user.name : ctx.user.name;
      if (wholeChannel) {
        subject = ctx.channelName ? `#${ctx.channelName}` : ctx.t('stats.thisChannel');
      } else if (characterName) {
        if (!ctx.guildId) throw new UserError('error.guildOnly');
        const character = await findCharacter(tx, ctx.guildId, characterName, ctx.user.id);
        if (!character) throw new UserError('character.notFound', { name: characterName });
        where.push(eq(rolls.characterId, character.id));
        subject = character.name;
      } else {
        where.push(eq(rolls.userId, user?.id ?? ctx.user.id));
      }
      const rows = await tx.db
        .select()
        .from(rolls)
        .where(and(...where))
        .orderBy(desc(rolls.id))
        .limit(MAX_ROLLS);
      const images = (await tableSettings(tx, ctx.channelId, ctx.guildId)).images !== false;
      return { rows, subject, images };
    });
    const visible: RollFacts[] = rows
      .filter((r) => !r.secret || r.userId === ctx.user.id)
      .map((r) => ({ outcome: r.outcome, dice: storedDice(r) }));
    const s = diceStats(visible);
    const fields: Field[] = s.sizes.slice(0, 6).map((size) => ({
      name: ctx.t('stats.size', { sides: size.sides, count: size.count, mean: size.mean.toFixed(2), expected: ((size.sides + 1) / 2).toFixed(2) }),
      value: size.faces.length ? `\`\`\`\n${faceBars(size.faces).join('\n')}\n\`\`\`` : ctx.t('stats.noBars'),
    }));
    const picture = images ? histogramModel(s, ctx.t('stats.title', { name: subject }), ctx.t) : undefined;
    return {
      view: {
        locale: ctx.locale,
        tone: 'info',
        title: ctx.t('stats.title', { name: escapeMarkdown(subject) }),
        ...(picture && picture.charts.length ? { picture, footer: ctx.t('stats.textOnly') } : {}),
        blocks: [text(ctx.t('stats.summary', { rolls: s.rolls, successes: s.successes, failures: s.failures }))],
        fields,
        ephemeral: true,
      },
      dms: [],
    };
  },
  async autocomplete(ctx, focused) {
    return await characterChoices(ctx, focused.value);
  },
};
