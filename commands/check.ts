// /check: a check built from the active character's sheet (status pool + skill pools + modifiers),
// rolled by the dice engine and stored so /luck and /seal can reach it.
import { SlashCommandBuilder } from '@discordjs/builders';
import { assertCanEdit, resolveFateCharacterHere, resourceLine, saveCharacter, warStanding } from '../src/services/characters.js';
import { describe, localizedChoices } from '../src/services/localize.js';
import { MARK_PAY, markChoice, payMarks } from '../src/services/fate-marks.js';
import { commitRoll, storeRoll, type CheckRecord } from '../src/services/rolls.js';
import type { CommandContext, CommandModule } from '../src/services/types.js';
import { evaluateDice } from '../src/core/dice/index.js';
import { planCheck, CHECK_LIMITS, type CheckPlan } from '../src/core/fate/check.js';
import { findSkill } from '../src/core/fate/sheet/index.js';
import { CHECK_STATUSES, STATUS_LABELS, parseStatusName } from '../src/core/fate/status-names.js';
import { UserError } from '../src/services/errors.js';
import { characterChoices } from '../src/services/character-search.js';
import { characterSkillChoices } from '../src/services/skill-choices.js';
import { channelGm } from '../src/store/gms.js';
import { forTable } from '../src/services/table.js';
import type { Locale } from '../src/i18n/index.js';
import { asideOf, noteLine, ownAside, rollReply, type Note } from '../src/views/roll.js';
import { line } from '../src/views/line.js';
import { own } from '../src/views/owned.js';
import { checkDisplay } from '../src/views/check-display.js';
import { COMMENT_MAX } from '../src/services/roll-limits.js';
import { splitSkills } from '../src/services/skill-list.js';
import { spendWealth, useSkillItems, wealthMax } from '../src/core/fate/wealth.js';
import { OPPOSED_KINDS, TIE_RULES, type OpposedKind } from '../src/core/fate/opposed.js';
import { opposedView, rollOpposed } from '../src/services/fate-opposed.js';
import { conditionsOf } from '../src/services/combat/fate-conditions.js';
import { planLabel, planNotesWorded } from '../src/services/plan-words.js';


const definition = describe(new SlashCommandBuilder(), 'cmd.check')
  .setDMPermission(false)
  .addStringOption((o) =>
    describe(o, 'cmd.check.status').addChoices(
      ...CHECK_STATUSES.map((s) => ({ name: STATUS_LABELS[s].en, name_localizations: { ja: STATUS_LABELS[s].ja, ko: STATUS_LABELS[s].ko }, value: s })),
    ),
  )
  .addStringOption((o) => describe(o, 'cmd.check.skills').setMaxLength(300).setAutocomplete(true))
  .addIntegerOption((o) => describe(o, 'cmd.check.plus').setMinValue(0).setMaxValue(CHECK_LIMITS.maxModifier))
  .addIntegerOption((o) => describe(o, 'cmd.check.minus').setMinValue(0).setMaxValue(CHECK_LIMITS.maxModifier))
  .addIntegerOption((o) => describe(o, 'cmd.check.lower_dice').setMinValue(0).setMaxValue(CHECK_LIMITS.maxLower))
  .addIntegerOption((o) => describe(o, 'cmd.check.lower_threshold').setMinValue(0).setMaxValue(CHECK_LIMITS.maxLower))
  .addIntegerOption((o) => describe(o, 'cmd.check.target').setMinValue(0).setMaxValue(CHECK_LIMITS.maxTarget))
  .addIntegerOption((o) => describe(o, 'cmd.check.support').setMinValue(1).setMaxValue(CHECK_LIMITS.maxModifier))
  .addIntegerOption((o) => describe(o, 'cmd.check.wealth').setMinValue(1).setMaxValue(CHECK_LIMITS.maxModifier))
  .addIntegerOption((o) => describe(o, 'cmd.check.items').setMinValue(1).setMaxValue(20))
  .addStringOption((o) => describe(o, 'cmd.check.character').setMaxLength(100).setAutocomplete(true))
  .addStringOption((o) => describe(o, 'cmd.check.comment').setMaxLength(COMMENT_MAX))
  .addBooleanOption((o) => describe(o, 'cmd.check.secret'))
  .addBooleanOption((o) => describe(o, 'cmd.check.marks'))
  .addBooleanOption((o) => describe(o, 'cmd.check.no_minus'))
  .addStringOption((o) => describe(o, 'cmd.check.pay').addChoices(...localizedChoices(MARK_PAY, 'check.pay')))
  // An opposed check (L41): the other character rolls from its own sheet; the GM may name the tie reading.
  .addStringOption((o) => describe(o, 'cmd.check.against').setMaxLength(100).setAutocomplete(true))
  .addStringOption((o) =>
    describe(o, 'cmd.check.against_status').addChoices(
      ...CHECK_STATUSES.map((s) => ({ name: STATUS_LABELS[s].en, name_localizations: { ja: STATUS_LABELS[s].ja, ko: STATUS_LABELS[s].ko }, value: s })),
    ),
  )
  .addStringOption((o) => describe(o, 'cmd.check.against_skills').setMaxLength(300).setAutocomplete(true))
  .addStringOption((o) => describe(o, 'cmd.check.tie').addChoices(...localizedChoices(TIE_RULES, 'opposed.tie')))
  .addStringOption((o) => describe(o, 'cmd.check.kind').addChoices(...localizedChoices(OPPOSED_KINDS, 'opposed.kind')))
  // 魔力放出 named in skills: the MP it spends, added to the achievement (seed 001 L1150); default its level.
  .addIntegerOption((o) => describe(o, 'cmd.check.burst').setMinValue(1).setMaxValue(6))
  .toJSON();

/** Skills are typed as a list: "魔術, 高速詠唱" or "魔術/高速詠唱". */
export const check: CommandModule = {
  definition,
  helpKey: 'help.check',
  async execute(ctx, options) {
    const statusInput = options.string('status');
    const status = statusInput ? parseStatusName(statusInput) : null;
    if (statusInput && !status) throw new UserError('check.badStatus', { status: statusInput });
    const secret = options.boolean('secret') ?? false;
    const marks = markChoice(options);
    const request = {
      status,
      skills: splitSkills(options.string('skills')),
      plus: options.integer('plus') ?? 0,
      minus: options.integer('minus') ?? 0,
      lowerDice: options.integer('lower_dice') ?? 0,
      lowerThreshold: options.integer('lower_threshold') ?? 0,
      target: options.integer('target'),
      // "+" marks and EX's implicit "+" only when asked (L897–902, L867–868); "−" marks apply unless paid off or not met (L904–909).
      activateMarks: marks.activate,
      minusMarks: marks.minusMarks,
      burst: options.integer('burst'),
    };
    const against = options.string('against')?.trim() || null;
    const againstInput = options.string('against_status');
    const againstStatus = againstInput ? parseStatusName(againstInput) : null;
    if (againstInput && !againstStatus) throw new UserError('check.badStatus', { status: againstInput });
    if (against === null && (againstInput || options.string('against_skills') || options.string('tie') || options.string('kind'))) throw new UserError('opposed.needAgainst');
    // An opposed check has no target and is rolled in the open: the other side sees both rolls (L41).
    if (against !== null && (secret || request.target !== null)) throw new UserError('opposed.noSecretOrTarget');
    const support = options.integer('support') ?? 0;
    // Wealth points add their number to a 社会 or rank-level check (seed 001 L963, effect 1).
    const wealth = options.integer('wealth') ?? 0;
    if (wealth > 0 && status !== 'soc' && status !== 'rank') throw new UserError('check.wealthStatus');
    const { c, plan, result, id, gm, commitment, opposed, notes, ownedResources } = await ctx.store.transaction(async (tx) => {
      // the active character comes with its bad statuses in this channel's Fate fight (one statement)
      const here = await resolveFateCharacterHere(tx, ctx, options.string('character'));
      let c = here.c;
      await assertCanEdit(tx, ctx, c);
      // Points from the master's 支援 are spent on this check as achievement (seed 001 L229–230).
      if (support > c.runtime.supportPool) throw new UserError('check.supportTooMuch', { have: c.runtime.supportPool });
      // The dead, the incapacitated and a sleeping master make no checks; an all-nighter takes −1 more per awake turn;
      // an impediment borne in this channel's fight lowers the checks it names (seed 001 L204, L246–249, L430).
      // What the check spends of the character's resources (wealth, skill items, the marks' price) is its
      // faction's during a war (seed 001 L50): the table reads that it was spent, not how much. Read in
      // one statement with whether it is a master asleep or up all night in this channel's war.
      const standing = await warStanding(tx, ctx, c);
      const cond = await conditionsOf(tx, ctx, c, request.status, { standing, ...(here.bs ? { bs: here.bs } : {}) });
      const readers = standing.readers;
      const spent: Note[] = [];
      // Skill items bought with wealth points: +1 each on a check of their skill (L963 effect 4).
      const items = options.integer('items') ?? 0;
      if (items > 0) {
        const names = request.skills.map((s) => findSkill(c.sheet, s)?.name ?? s);
        const left = useSkillItems(c.runtime.wealthItems, names, items);
        if (!left) throw new UserError('wealth.noSkillItems', { name: c.row.name, count: items });
        c = await saveCharacter(tx, ctx, c, 'wealth.itemUsed', { runtime: { ...c.runtime, wealthItems: left } });
      }
      const plan = planCheck(c.sheet, { ...request, plus: request.plus + support + wealth + items, minus: request.minus + cond.minus }, findSkill);
      if (items > 0) spent.push(line('check.itemsUsed', { count: own(items, readers) }, line('check.itemsUsedHidden')));
      if (wealth > 0) {
        const max = wealthMax(c.sheet);
        const spentBefore = c.runtime.wealthSpent ?? 0;
        if (spentBefore + wealth > max) throw new UserError('wealth.tooMuch', { name: c.row.name, left: max - spentBefore });
        c = await saveCharacter(tx, ctx, c, 'wealth.spent', { runtime: { ...c.runtime, wealthSpent: spendWealth(spentBefore, max, wealth) } });
        spent.push(line('check.wealthUsed', { amount: own(wealth, readers) }, line('check.wealthUsedHidden')));
      }
      plan.notes.push(...cond.notes);
      if (support > 0) c = await saveCharacter(tx, ctx, c, 'support.spent', { runtime: { ...c.runtime, supportPool: c.runtime.supportPool - support } });
      // The marks' price is paid before the dice (L901, L908): EX's +14 from MP only (L868), the rest from the chosen pool.
      const paid = await payMarks(tx, ctx, c, plan, marks.payWith);
      c = paid.character;
      if (paid.paid) spent.push(paid.paid);
      const result = evaluateDice(withTarget(plan), ctx.rng);
      // Achievement minus has no floor in the seed (L38); an achievement below 0 counts as 0 (digest §1.7).
      const notes: Note[] = [...planNotes(plan), ...spent, ...(result.value < 0 ? [{ key: 'check.belowZero', params: { value: result.value } }] : [])];
      const record: CheckRecord = { label: planLabel(plan), target: plan.target, luckUses: 0, sealBonus: 0, autoSuccess: false, statuses: plan.pools.flatMap((p) => (p.status ? [p.status] : [])) };
      const id = await storeRoll(tx, ctx, { result, comment: options.string('comment')?.trim() || null, secret, characterId: c.row.id, check: record });
      const commitment = secret ? await commitRoll(tx, ctx, id, result, options.string('comment')?.trim() || null) : undefined;
      const opposed = against === null
        ? null
        : await rollOpposed(tx, ctx, { c, result, plan, rollId: id, record, notes: notes.map((n) => noteLine(forTable(ctx).t, n)) }, { name: against, status: againstStatus, skills: splitSkills(options.string('against_skills')), tie: options.string('tie'), comment: options.string('comment')?.trim() || null, kind: (OPPOSED_KINDS as readonly string[]).includes(options.string('kind') ?? '') ? (options.string('kind') as OpposedKind) : null });
      return { c, plan, result, id, gm: secret ? await channelGm(tx, ctx.channelId) : undefined, commitment, opposed, notes, ownedResources: readers !== null };
    });
    // Opposed checks are public (both rolls shown); each roller's resources stay theirs (seed 001 L50).
    // What the check cost (marks, wealth) is worded for the roller beside it, with their resources.
    if (opposed) return { view: opposedView(forTable(ctx), opposed, options.string('comment')?.trim() || null), dms: [], ...asideOf(ownAside(ctx, notes, (t) => resourceLine({ ...ctx, t }, c))) };
    const speaker = secret ? ctx : forTable(ctx);
    const typed = options.string('comment')?.trim() || null;
    const display = checkDisplay(speaker, c, result, id, typed ?? checkLabel(speaker, plan), notes, ownedResources);
    // Without a comment of the player's, the check's label is written in each reader's language.
    const shown = typed ? display : { ...display, commentFor: (locale: Locale) => checkLabel({ ...ctx, locale }, plan) };
    return rollReply(ctx, shown, secret, gm, commitment, (t) => resourceLine({ ...ctx, t }, c));
  },
  async autocomplete(ctx, focused, options) {
    if (focused.name === 'character') return await characterChoices(ctx, focused.value, 'own');
    if (focused.name === 'against') return await characterChoices(ctx, focused.value);
    // the opponent's skills are named by whoever rolls against it (opposed check, seed 001 L41)
    if (focused.name === 'against_skills') return options.string('against') ? await characterSkillChoices(ctx, focused.value, options.string('against'), 'any') : [];
    return await characterSkillChoices(ctx, focused.value, options.string('character'));
  },
};

/** A target makes the engine report success/failure: achievement ≥ target (digest §15.1). */
function withTarget(plan: CheckPlan): string {
  return plan.target === null ? plan.expression : `${plan.expression}>=${plan.target}`;
}

export function checkLabel(ctx: CommandContext, plan: CheckPlan): string {
  return plan.pools
    .map((p) => (p.status ? STATUS_LABELS[p.status][ctx.locale] : p.label))
    .join(' + ');
}

/** The plan's notes as catalog keys: each reader (the table, the roller, the GM) reads them in their language. */
function planNotes(plan: CheckPlan): Note[] {
  return planNotesWorded(plan).map((n) => ({ key: n.key, params: n.params }));
}
