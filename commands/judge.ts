// /judge color difficulty: reveal two cards from the player's library (seed 004): target = MV₁ +
// difficulty, achievement = MV₂ + color modifier; a Boost button re-evaluates once per turn.
// The report lines follow the seed's own wording (src/core/mtg/report.ts); a picture shows the cards
// (issue 22).
import { SlashCommandBuilder } from '@discordjs/builders';
import { UserError } from '../src/services/errors.js';
import { describe } from '../src/services/localize.js';
import type { CommandContext, CommandModule } from '../src/services/types.js';
import { boost, boostReport, canBoost, foreseeableResult, judge as judgeRule, judgeReport, parseJudgeColor } from '../src/core/mtg/index.js';
import { text, type Button } from '../src/views/view.js';
import { requireLibrary, saveState, type LibraryState } from '../src/services/library-state.js';
import { librarySummary } from '../src/views/library-summary.js';
import { judgeModel } from '../src/pictures/judge-model.js';
import { tableSettings } from '../src/store/settings.js';
import type { Tx } from '../src/store/db.js';

const ACTION_MAX = 100;

const definition = describe(new SlashCommandBuilder(), 'cmd.judge')
  .setDMPermission(false)
  .addStringOption((o) =>
    describe(o, 'cmd.judge.color')
      .setRequired(true)
      .setMaxLength(20)
      .setAutocomplete(true),
  )
  .addIntegerOption((o) => describe(o, 'cmd.judge.difficulty').setRequired(true).setMinValue(-99).setMaxValue(99))
  .addStringOption((o) => describe(o, 'cmd.judge.action').setMaxLength(ACTION_MAX))
  .toJSON();

const COLORS = ['white', 'blue', 'black', 'red', 'green', 'colorless'] as const;

export const judge: CommandModule = {
  definition,
  helpKey: 'help.judge',
  async execute(ctx, options) {
    if (!ctx.guildId) throw new UserError('error.guildOnly');
    const input = options.string('color') ?? '';
    const color = parseJudgeColor(input);
    if (!color) throw new UserError('judge.badColor', { color: input });
    const difficulty = options.integer('difficulty') ?? 0;
    const { result, state, images } = await ctx.store.transaction(async (tx) => {
      const row = await requireLibrary(tx, ctx);
      const current = row.state as LibraryState;
      // A player who can tell the result beforehand may not judge (seed 004 L133–137): e.g. a library
      // of Forests only gives target 0 + difficulty and achievement 0 + green's modifier every time.
      const foreseen = foreseeableResult(current.library, color, difficulty);
      if (foreseen !== null) throw new UserError(foreseen ? 'judge.foreseeableSuccess' : 'judge.foreseeableFailure', { difficulty });
      const { library, result } = judgeRule(current.library, color, difficulty, ctx.rng, options.string('action')?.slice(0, ACTION_MAX) ?? null);
      const next: LibraryState = { library, lastJudge: result };
      await saveState(tx, ctx, row, 'deck.judged', next);
      return { result, state: next, images: await picturesOn(tx, ctx) };
    });
    const buttons: Button[] = canBoost(state.library, result) ? [{ customId: `judge:boost:${ctx.user.id}`, label: ctx.t('judge.boostButton'), style: 'primary' }] : [];
    const title = ctx.t('judge.title', { name: ctx.user.name });
    return { view: { locale: ctx.locale, tone: result.success ? 'success' : 'failure', title, blocks: judgeReport(result, ctx.t, ctx.locale).map(text), ...(images ? { picture: judgeModel(title, result, ctx.t, ctx.locale) } : {}), buttons, ephemeral: false }, dms: [] };
  },
  async component(ctx, customId) {
    // The owner is everything after `judge:boost:`: console ids (`console:alice`) contain ':' themselves (seed 004 L24, L83).
    const owner = customId.slice('judge:boost:'.length);
    if (owner !== ctx.user.id) throw new UserError('judge.notYours');
    const { judged, boosted, state, images } = await ctx.store.transaction(async (tx) => {
      const row = await requireLibrary(tx, ctx);
      const current = row.state as LibraryState;
      if (!current.lastJudge) throw new UserError('judge.nothingToBoost');
      const { library, result } = boost(current.library, current.lastJudge);
      const next: LibraryState = { library, lastJudge: { ...current.lastJudge, achievement: result.achievement, success: result.success } };
      await saveState(tx, ctx, row, 'deck.boosted', next);
      return { judged: current.lastJudge, boosted: result, state: next, images: await picturesOn(tx, ctx) };
    });
    const title = ctx.t('judge.title', { name: ctx.user.name });
    return {
      view: { locale: ctx.locale, tone: boosted.success ? 'success' : 'failure', title, blocks: [...judgeReport(judged, ctx.t, ctx.locale), ...boostReport(judged, boosted, ctx.t, ctx.locale), librarySummary(ctx, state)].map(text), ...(images ? { picture: judgeModel(title, judged, ctx.t, ctx.locale, boosted) } : {}), ephemeral: false },
      dms: [],
      update: true,
    };
  },
  autocomplete(ctx, focused) {
    const typed = focused.value.toLowerCase();
    return COLORS.map((c) => ({ name: ctx.t(`mtg.color.${c}`), value: c })).filter((c) => c.value.startsWith(typed) || c.name.includes(focused.value));
  },
};


/** Pictures beside the text (issue 22 §1) unless the server turned them off (/gm images). */
async function picturesOn(tx: Tx, ctx: CommandContext): Promise<boolean> {
  return (await tableSettings(tx, ctx.channelId, ctx.guildId)).images !== false;
}
