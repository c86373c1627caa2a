// /persona — a Persona-style fight (seeds 002/003). The open slot's action (attack with a stored skill
// or raw dice, summon, change, item, wait, defend, escape, allout, pass); the bot advances to the
// next slot and shows the events. The GM also adds combatants from stat blocks, adjusts them mid-fight
// and orders ties; each defender chooses whether to try Persona evasion.
import { SlashCommandBuilder } from '@discordjs/builders';
import { normalizeDice, parseElement, parseResistances as parseResistancesOpt, parseStatus } from '../src/services/combat/persona-input.js';
import { statLine } from '../src/services/combat/persona-setup.js';
import { useSkill } from '../src/services/combat/persona-skill.js';
import { combination } from '../src/services/combat/persona-combo.js';
import { advanceToSlot, eventLines, hidesNumbers, isPersona, personaTrackerView, tries, type PersonaCombatState, type PersonaSetup } from '../src/services/combat/persona.js';
import { changeToPersona } from '../src/services/combat/persona-change.js';
import { changeChoices } from './persona/change.js';
import { addStart, addSubmitted, BLOCK_MAX } from './persona/add.js';
import { recipientLocales } from '../src/services/locales.js';
import { actorOf, forTable } from '../src/services/table.js';
import { channelGm } from '../src/store/gms.js';
import { asLocale, translator } from '../src/i18n/index.js';
import { isGm, requireCombat, requireGm, saveCombatState } from '../src/services/combat/store.js';
import { trackerUpdate } from '../src/services/combat/tracker.js';
import { UserError } from '../src/services/errors.js';
import { describe, localizedChoices } from '../src/services/localize.js';
import type { CommandContext, CommandModule, CommandOptions } from '../src/services/types.js';
import {
  adjustCombatant,
  createCombat,
  allOutAttack,
  attack,
  defend,
  endAction,
  escape,
  heal,
  summonPersona,
  wait,
  wildTalk,
  declareFinishOff,
  grantExtraSlot,
  configure,
  type Adjustment,
  type CoverDeclaration,
  type CombatState,
  type PersonaEvent,
  type PersonaPatch,
  type Step,
  type ConfigPatch,
  type TalkSpec,
  defineBadStatus,
  removeBadStatus,
  PersonaError,
} from '../src/core/persona/index.js';
import { requireAnalyzeAllowed, requireChoice } from '../src/services/combat/persona-status-rules.js';
import { coverRefusal } from '../src/core/persona/defense.js';
import { blockFields, statusBlock, type BadStatusDef, type StatusBlock } from '../src/core/persona/status-table.js';
import { randomAction } from '../src/services/combat/persona-random.js';
import { personaChoices } from '../src/services/combat/persona-choices.js';
import { nameChoices } from '../src/services/name-choices.js';
import type { Locale } from '../src/i18n/index.js';
import type { RandomSource } from '../src/core/random.js';
import { DEFAULT_BAD_STATUSES } from '../src/core/persona/status-table.js';
import { text, type DirectMessage, type Reply } from '../src/views/view.js';

const definition = describe(new SlashCommandBuilder(), 'cmd.persona')
  .setDMPermission(false)
  .addSubcommand((s) =>
    describe(s, 'cmd.persona.attack')
      .addStringOption((o) => describe(o, 'cmd.persona.skill').setMaxLength(60).setAutocomplete(true))
      .addStringOption((o) => describe(o, 'cmd.persona.targets').setMaxLength(200).setAutocomplete(true))
      .addStringOption((o) => describe(o, 'cmd.persona.kind').addChoices(...localizedChoices(['physical', 'magic'], 'choice.damageKind')))
      .addStringOption((o) => describe(o, 'cmd.persona.element').setMaxLength(60))
      .addStringOption((o) => describe(o, 'cmd.persona.dice').setMaxLength(60))
      .addIntegerOption((o) => describe(o, 'cmd.persona.hit').setMinValue(0).setMaxValue(200))
      .addBooleanOption((o) => describe(o, 'cmd.persona.auto'))
      .addIntegerOption((o) => describe(o, 'cmd.persona.sp').setMinValue(0).setMaxValue(999))
      .addIntegerOption((o) => describe(o, 'cmd.persona.hpcost').setMinValue(0).setMaxValue(999))
      .addIntegerOption((o) => describe(o, 'cmd.persona.hits').setMinValue(1).setMaxValue(10))
      // the fight's own table (the GM may add statuses, /persona status): a name in any language, suggested as typed
      .addStringOption((o) => describe(o, 'cmd.persona.ailment').setMaxLength(40).setAutocomplete(true))
      .addIntegerOption((o) => describe(o, 'cmd.persona.ailment_rate').setMinValue(0).setMaxValue(100)),
  )
  .addSubcommand((s) =>
    describe(s, 'cmd.persona.change')
      .addStringOption((o) => describe(o, 'cmd.persona.name').setRequired(true).setMaxLength(60).setAutocomplete(true))
      .addIntegerOption((o) => describe(o, 'cmd.persona.agi').setMinValue(0).setMaxValue(999))
      .addIntegerOption((o) => describe(o, 'cmd.persona.luck').setMinValue(0).setMaxValue(999))
      .addIntegerOption((o) => describe(o, 'cmd.persona.defense').setMinValue(0).setMaxValue(999))
      .addStringOption((o) => describe(o, 'cmd.persona.resist').setMaxLength(200)),
  )
  .addSubcommand((s) => describe(s, 'cmd.persona.summon').addBooleanOption((o) => describe(o, 'cmd.persona.spend')))
  .addSubcommand((s) =>
    describe(s, 'cmd.persona.item')
      .addStringOption((o) => describe(o, 'cmd.persona.itemNameOpt').setRequired(true).setMaxLength(60).setAutocomplete(true))
      .addStringOption((o) => describe(o, 'cmd.persona.amount').setRequired(true).setMaxLength(60))
      .addStringOption((o) => describe(o, 'cmd.persona.targets').setRequired(true).setMaxLength(200).setAutocomplete(true))
      .addStringOption((o) => describe(o, 'cmd.persona.resource').addChoices(...localizedChoices(['hp', 'sp'], `persona.resource`)))
      .addBooleanOption((o) => describe(o, 'cmd.persona.cure'))
      .addBooleanOption((o) => describe(o, 'cmd.persona.revive')),
  )
  .addSubcommand((s) => describe(s, 'cmd.persona.wait'))
  .addSubcommand((s) => describe(s, 'cmd.persona.defend'))
  .addSubcommand((s) => describe(s, 'cmd.persona.escape').addStringOption((o) => describe(o, 'cmd.persona.with').setMaxLength(200).setAutocomplete(true)))
  .addSubcommand((s) =>
    describe(s, 'cmd.persona.allout')
      .addStringOption((o) => describe(o, 'cmd.persona.allkind').addChoices(...localizedChoices(['bokosuka', 'showtime'], `persona.allkind`)))
      .addStringOption((o) => describe(o, 'cmd.persona.target').setMaxLength(100).setAutocomplete(true)),
  )
  .addSubcommand((s) =>
    describe(s, 'cmd.persona.talk')
      .addStringOption((o) => describe(o, 'cmd.persona.talkTarget').setRequired(true).setMaxLength(100).setAutocomplete(true))
      .addIntegerOption((o) => describe(o, 'cmd.persona.chance').setRequired(true).setMinValue(0).setMaxValue(200))
      .addStringOption((o) => describe(o, 'cmd.persona.reward').addChoices(...localizedChoices(['item', 'macca', 'persona'], `persona.rewardKind`)))
      .addIntegerOption((o) => describe(o, 'cmd.persona.level').setMinValue(0).setMaxValue(999))
      .addIntegerOption((o) => describe(o, 'cmd.persona.coef').setMinValue(0).setMaxValue(999))
      .addStringOption((o) => describe(o, 'cmd.persona.itemName').setMaxLength(60))
      .addIntegerOption((o) => describe(o, 'cmd.persona.price').setMinValue(1).setMaxValue(999999))
      .addIntegerOption((o) => describe(o, 'cmd.persona.rank').setMinValue(0).setMaxValue(99))
      .addIntegerOption((o) => describe(o, 'cmd.persona.plevel').setMinValue(0).setMaxValue(999)),
  )
  .addSubcommand((s) =>
    describe(s, 'cmd.persona.combo')
      .addStringOption((o) => describe(o, 'cmd.persona.comboSkills').setRequired(true).setMaxLength(300).setAutocomplete(true))
      .addStringOption((o) => describe(o, 'cmd.persona.targets').setMaxLength(200).setAutocomplete(true))
      .addStringOption((o) => describe(o, 'cmd.persona.element').setMaxLength(60))
      .addStringOption((o) => describe(o, 'cmd.persona.comboName').setMaxLength(60)),
  )
  .addSubcommand((s) => describe(s, 'cmd.persona.analyze').addStringOption((o) => describe(o, 'cmd.persona.analyzeTarget').setRequired(true).setMaxLength(100).setAutocomplete(true)))
  .addSubcommand((s) => describe(s, 'cmd.persona.pass'))
  .addSubcommand((s) => describe(s, 'cmd.persona.random'))
  .addSubcommand((s) =>
    describe(s, 'cmd.persona.status')
      .addStringOption((o) => describe(o, 'cmd.persona.statusId').setMaxLength(30))
      .addStringOption((o) => describe(o, 'cmd.persona.statusName').setMaxLength(40))
      .addStringOption((o) => describe(o, 'cmd.persona.category').addChoices(...localizedChoices(['body', 'mind', 'element'], `persona.category`)))
      .addStringOption((o) => describe(o, 'cmd.persona.blocks').addChoices(...localizedChoices(['none', 'skills', 'choice', 'enemy', 'all'], `persona.blocks`)))
      .addStringOption((o) => describe(o, 'cmd.persona.cureKind').addChoices(...localizedChoices(['natural', 'other'], `persona.cure`)))
      .addStringOption((o) => describe(o, 'cmd.persona.recoveryStat').addChoices(...localizedChoices(['con', 'pow', 'none'], `persona.recoveryStat`)))
      .addBooleanOption((o) => describe(o, 'cmd.persona.remove')),
  )
  .addSubcommand((s) =>
    describe(s, 'cmd.persona.add')
      .addStringOption((o) => describe(o, 'cmd.persona.block').setMaxLength(BLOCK_MAX))
      .addStringOption((o) => describe(o, 'cmd.persona.who').setMaxLength(100).setAutocomplete(true))
      .addStringOption((o) => describe(o, 'cmd.persona.side').addChoices(...localizedChoices(['pc', 'npc'], 'choice.side')))
      .addUserOption((o) => describe(o, 'cmd.persona.player'))
      .addBooleanOption((o) => describe(o, 'cmd.persona.hidden'))
      .addAttachmentOption((o) => describe(o, 'cmd.persona.file')),
  )
  .addSubcommand((s) =>
    describe(s, 'cmd.persona.adjust')
      .addStringOption((o) => describe(o, 'cmd.persona.who').setRequired(true).setMaxLength(100).setAutocomplete(true))
      .addIntegerOption((o) => describe(o, 'cmd.persona.hp').setMinValue(0).setMaxValue(9999))
      .addIntegerOption((o) => describe(o, 'cmd.persona.adjustSp').setMinValue(0).setMaxValue(9999))
      .addStringOption((o) => describe(o, 'cmd.persona.adjustStatus').setMaxLength(40))
      .addBooleanOption((o) => describe(o, 'cmd.persona.down'))
      .addBooleanOption((o) => describe(o, 'cmd.persona.released'))
      .addIntegerOption((o) => describe(o, 'cmd.persona.sukuStage').setMinValue(-3).setMaxValue(3))
      .addIntegerOption((o) => describe(o, 'cmd.persona.rakuStage').setMinValue(-3).setMaxValue(3))
      .addIntegerOption((o) => describe(o, 'cmd.persona.taruStage').setMinValue(-3).setMaxValue(3))
      .addIntegerOption((o) => describe(o, 'cmd.persona.makaStage').setMinValue(-3).setMaxValue(3)),
  )
  .addSubcommand((s) =>
    describe(s, 'cmd.persona.dodge')
      .addBooleanOption((o) => describe(o, 'cmd.persona.on').setRequired(true))
      .addStringOption((o) => describe(o, 'cmd.persona.who').setMaxLength(100).setAutocomplete(true)),
  )
  .addSubcommand((s) =>
    describe(s, 'cmd.persona.cover')
      .addStringOption((o) => describe(o, 'cmd.persona.coverTarget').setRequired(true).setMaxLength(100).setAutocomplete(true))
      .addStringOption((o) => describe(o, 'cmd.persona.who').setMaxLength(100).setAutocomplete(true))
      .addBooleanOption((o) => describe(o, 'cmd.persona.coverEvade')),
  )
  .addSubcommand((s) =>
    describe(s, 'cmd.persona.finish')
      .addStringOption((o) => describe(o, 'cmd.persona.targets').setRequired(true).setMaxLength(200).setAutocomplete(true))
      .addStringOption((o) => describe(o, 'cmd.persona.who').setMaxLength(100).setAutocomplete(true)),
  )
  .addSubcommand((s) => describe(s, 'cmd.persona.go'))
  .addSubcommand((s) => describe(s, 'cmd.persona.extra').addStringOption((o) => describe(o, 'cmd.persona.who').setRequired(true).setMaxLength(100).setAutocomplete(true)))
  .addSubcommand((s) =>
    describe(s, 'cmd.persona.setting')
      .addStringOption((o) => describe(o, 'cmd.persona.recovery').addChoices(...localizedChoices(['rounds', 'turns'], `persona.recoveryCount`)))
      .addIntegerOption((o) => describe(o, 'cmd.persona.critical').setMinValue(0).setMaxValue(50))
      .addIntegerOption((o) => describe(o, 'cmd.persona.fumble').setMinValue(51).setMaxValue(101))
      .addStringOption((o) => describe(o, 'cmd.persona.dbladder').setMaxLength(300))
      .addBooleanOption((o) => describe(o, 'cmd.persona.fumbleEvade')),
  )
  .addSubcommand((s) => describe(s, 'cmd.persona.first').addStringOption((o) => describe(o, 'cmd.persona.who').setRequired(true).setMaxLength(100).setAutocomplete(true)))
  .toJSON();

export const persona: CommandModule = {
  definition,
  helpKey: 'help.persona',
  async execute(ctx, options) {
    if (!ctx.guildId) throw new UserError('error.guildOnly');
    const sub = options.subcommand();
    switch (sub) {
      case 'add': {
        // a stat block by text, file, stored name or the form (commands/persona/add.ts)
        const added = await addStart(ctx, options);
        if ('modal' in added) return { view: { locale: ctx.locale, tone: 'info', title: ctx.t('combat.title'), blocks: [], ephemeral: true }, dms: [], modal: added.modal };
        return await publicReply(ctx, added.updated, added.events, true);
      }
      case 'analyze':
        return await analyze(ctx, options);
      case 'setting':
        return await setting(ctx, options);
      case 'status':
        return await statusTable(ctx, options);
      case 'adjust':
      case 'dodge':
      case 'first':
      case 'cover':
      case 'finish':
      case 'go':
      case 'extra':
        return await manage(ctx, sub, options);
      default:
    }
    return await act(ctx, sub ?? '', (combat, state, rng) => {
      switch (sub) {
        case 'attack':
          return attackStep(combat, state, options, rng);
        case 'change':
          // Wild only: a successful change keeps the slot (a second action), a failed one uses it (JA L787–794).
          // A block's Persona by name brings its stats, resistances and skills (JA L797; persona-change.ts).
          return changeToPersona(combat, state, options.string('name') ?? '', changePatch(options), rng);
        case 'summon':
          // JA L83–84: <ペルソナ> success, or spend the slot; a Released Persona needs the roll (JA L1074).
          return summonPersona(combat, { spendSlot: options.boolean('spend') ?? false }, rng);
        case 'random': {
          const cover = coversFor(combat, state);
          const evading = new Set(combat.combatants.filter((c) => tries(state, c.id) && !cover.some((x) => x.target === c.id)).map((c) => c.id));
          return randomAction(combat, state, evading, cover, rng);
        }
        case 'item':
          return heal(
            combat,
            {
              skill: options.string('name') ?? '',
              targets: targetIds(combat, options.string('targets')),
              kind: 'physical',
              dice: normalizeDice(options.string('amount') ?? '0'),
              item: true,
              resource: options.string('resource') === 'sp' ? 'sp' : 'hp',
              ...(options.boolean('cure') ? { cure: true } : {}),
              ...(options.boolean('revive') ? { revive: true } : {}),
            },
            rng,
          );
        case 'wait':
          return wait(combat);
        case 'defend':
          return defend(combat);
        case 'escape': {
          const withIds = options.string('with') ? targetIds(combat, options.string('with')) : null;
          const self = combat.slot!.ownerId;
          return escape(combat, withIds ? [self, ...withIds.filter((id) => id !== self)] : null, rng);
        }
        case 'allout': {
          const kind = options.string('kind') === 'showtime' ? 'showtime' : 'bokosuka';
          const target = options.string('target');
          return allOutAttack(combat, { kind, ...(target ? { target: targetIds(combat, target)[0]! } : {}) }, rng);
        }
        case 'combo': {
          const cover = coversFor(combat, state);
          const evading = new Set(combat.combatants.filter((c) => tries(state, c.id) && !cover.some((x) => x.target === c.id)).map((c) => c.id));
          return combination(combat, state, { skills: options.string('skills') ?? '', targets: targetIds(combat, options.string('targets')), element: options.string('element'), name: options.string('name'), evading, cover }, rng);
        }
        case 'talk':
          // Wild Talk in a Hold-up's 1 More (JA L1029, L1036–1069): the reward chosen up front is worked out and recorded on success.
          return wildTalk(combat, { target: targetIds(combat, options.string('target'))[0]!, chance: options.integer('chance') ?? 0, ...talkReward(options) }, rng);
        default:
          return endAction(combat);
      }
    });
  },
  // A file is fetched before the answer: acknowledge first. Without one the form must be the first answer.
  defer: (sub, via, given) => (via === 'command' && sub === 'add' && given?.attachment ? 'ephemeral' : null),
  async modal(ctx, customId, fields) {
    if (!ctx.guildId) throw new UserError('error.guildOnly');
    const added = await addSubmitted(ctx, customId, fields);
    if ('modal' in added) throw new UserError('error.staleButton');
    return await publicReply(ctx, added.updated, added.events, true);
  },
  async autocomplete(ctx, focused, options) {
    if (!ctx.guildId) return [];
    const row = await ctx.store.transaction(async (tx) => await requireCombat(tx, ctx).catch(() => null));
    if (!row || !isPersona(row.state)) return [];
    const state = row.state;
    if (focused.name === 'ailment') {
      const table = state.combat?.config.badStatuses ?? state.config?.badStatuses ?? DEFAULT_BAD_STATUSES;
      return nameChoices(focused.value, table.map((d) => ({ name: d.name[ctx.locale], value: d.id, also: [d.id, ...Object.values(d.name)] })));
    }
    if (focused.name === 'name' && options.subcommand() === 'change') {
      return state.combat ? changeChoices(state, focused.value, { id: ctx.user.id, gm: await ctx.store.transaction((tx) => isGm(tx, ctx)) }) : [];
    }
    return await ctx.store.transaction(async (tx) => await personaChoices(ctx, tx, state, options.subcommand(), focused));
  },
};

function changePatch(options: CommandOptions): Omit<PersonaPatch, 'name'> {
  const optional = <T>(value: T | null, key: string) => (value === null ? {} : { [key]: value });
  return {
    ...optional(options.integer('agi'), 'agi'),
    ...optional(options.integer('luck'), 'luck'),
    ...optional(options.integer('defense'), 'defense'),
    ...(options.string('resist') ? { resistances: parseResistancesOpt(options.string('resist')) } : {}),
  };
}


function targetIds(combat: CombatState, input: string | null): string[] {
  const names = (input ?? '').split(/[,、，]/).map((s) => s.trim()).filter(Boolean);
  return names.map((n) => {
    const c = combat.combatants.find((x) => x.name === n);
    if (!c) throw new UserError('combat.unknown', { name: n });
    return c.id;
  });
}

/**
 * An attack: a stored skill of the slot's owner (power db × N, costs, hit, statuses from its stat
 * block), or raw dice. A hit roll is always asked for: without a skill rate, `hit:` or `auto:true`
 * must be given (issue 12). Evasion is each defender's standing choice (/persona dodge).
 */
function attackStep(combat: CombatState, state: PersonaCombatState, options: CommandOptions, rng: RandomSource): Step {
  const targets = targetIds(combat, options.string('targets'));
  const cover = coversFor(combat, state);
  // a covered target leaves the evasion to its coverer (JA L965)
  const evading = new Set(combat.combatants.filter((c) => tries(state, c.id) && !cover.some((x) => x.target === c.id)).map((c) => c.id));
  const skillName = options.string('skill');
  const owner = state.setup.find((c) => c.id === combat.slot?.ownerId);
  const stored = skillName ? owner?.skills?.find((s) => s.name === skillName) : undefined;
  if (stored) return useSkill(combat, { skill: stored, targets, evading, cover }, rng);
  const element = options.string('element');
  const dice = options.string('dice');
  const kind = options.string('kind');
  if (!element || !dice || !kind) throw new UserError(skillName ? 'persona.cmd.unknownSkill' : 'persona.cmd.rawNeeds', { skill: skillName ?? '' });
  if (targets.length === 0) throw new UserError('persona.cmd.needTargets', { skill: skillName ?? '' });
  const hit = options.integer('hit');
  const auto = options.boolean('auto') ?? false;
  if (hit === null && !auto) throw new UserError('persona.cmd.needHit');
  const sp = options.integer('sp');
  const hp = options.integer('hpcost');
  const ailment = options.string('ailment');
  return attack(
    combat,
    {
      kind: kind as 'physical' | 'magic',
      elements: element.split(/[+/]/).map((e) => e.trim()).filter(Boolean).map(parseElement),
      targets,
      dice: normalizeDice(dice),
      hitRate: auto ? 'auto' : hit!,
      hits: options.integer('hits') ?? 1,
      cost: { ...(sp ? { sp } : {}), ...(hp ? { hp } : {}) },
      evade: targets.filter((id) => evading.has(id)),
      othersEvade: [...evading],
      cover: cover.filter((c) => targets.includes(c.target)),
      ...(skillName ? { skill: skillName } : {}),
      // An added bad status: base rate + booster + luck difference, ×2 weak / ×½ resist (JA L172, L190).
      ...(ailment ? { ailment: { status: parseStatus(ailment, combat.config.badStatuses), rate: options.integer('ailment_rate') ?? ('fuyo' as const) } } : {}),
    },
    rng,
  );
}

/**
 * This round's Cover declarations whose coverer can still cover: one who has since gone Down, been
 * charmed or covered already just does not cover (JA L961–962), rather than blocking the attack.
 */
function coversFor(combat: CombatState, state: PersonaCombatState): CoverDeclaration[] {
  const find = (id: string) => combat.combatants.find((x) => x.id === id);
  return (state.cover ?? [])
    .filter((c) => {
      const by = find(c.by);
      const target = find(c.target);
      return c.round === combat.round && by !== undefined && target !== undefined && coverRefusal(combat, by, target, false) === null;
    })
    .map((c) => ({ by: c.by, target: c.target, evade: c.evade }));
}

/** Applies the open slot's action, then runs the fight on to the next open slot. */
async function act(ctx: CommandContext, sub: string, rule: (combat: CombatState, state: PersonaCombatState, rng: RandomSource) => Step & { setup?: PersonaSetup[] }): Promise<Reply> {
  const { updated, events } = await ctx.store.transaction(async (tx) => {
    const combatRow = await requireCombat(tx, ctx);
    const state = combatRow.state;
    if (!isPersona(state) || !state.combat) throw new UserError('persona.cmd.notRunning');
    if (state.combat.phase === 'roundStart') throw new UserError('persona.cmd.finishWindow');
    const ownerId = state.combat.slot?.ownerId;
    const owner = state.setup.find((c) => c.id === ownerId)?.owner ?? null;
    // The slot's player acts for a PC; the GM for everyone.
    const gm = await isGm(tx, ctx);
    if (owner !== ctx.user.id && !gm) throw new UserError('combat.notYourTurn', { name: state.combat.combatants.find((c) => c.id === ownerId)?.name ?? '-' });
    // 悩殺・激昂…: the character does not choose (KO L174–179; persona-status-rules.ts)
    requireChoice(state.combat, gm, sub, ctx.locale);
    const step = withStatusNames(() => rule(state.combat!, state, ctx.rng), state.combat, ctx.locale);
    const advanced = step.state.phase === 'ended' || step.state.phase === 'slot' ? { combat: step.state, events: [] as PersonaEvent[] } : advanceToSlot(step.state, ctx.rng, state.tieFirst);
    // a Persona change also swaps the skills kept beside the combatant (persona-change.ts)
    const next: PersonaCombatState = { ...state, ...(step.setup ? { setup: step.setup } : {}), combat: advanced.combat };
    return { updated: await saveCombatState(tx, ctx, combatRow, 'combat.persona', next), events: [...step.events, ...advanced.events] };
  });
  return publicReply(ctx, updated, events);
}

async function publicReply(ctx: CommandContext, updated: Awaited<ReturnType<typeof saveCombatState>>, events: PersonaEvent[], ephemeral = false): Promise<Reply> {
  const state = updated.state as PersonaCombatState;
  return {
    // A public step is the table's; an ephemeral one (the GM's setup) the actor's.
    view: ((speaker) => ({ locale: speaker.locale, tone: 'info' as const, title: speaker.t('combat.title'), blocks: eventLines(speaker, state.combat, events, state).map(text), ephemeral }))(ephemeral ? ctx : forTable(ctx)),
    dms: await gmEventCopy(ctx, state, events),
    board: trackerUpdate(ctx, updated, personaTrackerView(ctx, state)),
  };
}

/**
 * When a hidden shadow's numbers were left out of the table's lines, the GM gets every line with its
 * numbers by DM, in the GM's language (a GM who ran the command reads them there too).
 */
async function gmEventCopy(ctx: CommandContext, state: PersonaCombatState, events: PersonaEvent[]): Promise<DirectMessage[]> {
  if (!hidesNumbers(state.combat, events, state)) return [];
  const gm = await ctx.store.transaction((tx) => channelGm(tx, ctx.channelId));
  if (!gm) return [];
  const locale = (await ctx.store.transaction((tx) => recipientLocales(tx, [gm.userId], asLocale(gm.locale))))(gm.userId);
  const gmCtx = { ...ctx, locale, t: translator(locale) };
  return [{ userId: gm.userId, gm: true, view: { locale, tone: 'secret', title: gmCtx.t('persona.gmCopy.title', { channel: `<#${ctx.channelId}>` }), blocks: eventLines(gmCtx, state.combat, events, state, true).map(text), ephemeral: false } }];
}

/** GM (or the combatant's player for dodge/first): adjust, evasion choice, tie order within a side. */
async function manage(ctx: CommandContext, sub: 'adjust' | 'dodge' | 'first' | 'cover' | 'finish' | 'go' | 'extra', options: CommandOptions): Promise<Reply> {
  const { updated, events } = await ctx.store.transaction(async (tx) => {
    const combatRow = await requireCombat(tx, ctx);
    const state = combatRow.state;
    if (!isPersona(state) || !state.combat) throw new UserError('persona.cmd.notRunning');
    const combat = state.combat;
    const gm = await isGm(tx, ctx);
    const whoName = options.string('who')?.trim();
    const mine = state.setup.filter((c) => c.owner === ctx.user.id);
    if (sub === 'go') {
      // the finish-off window is over: on to the round's first slot
      if (!gm && mine.length === 0) throw new UserError('combat.gmOnly');
      if (combat.phase !== 'roundStart') throw new UserError('persona.cmd.notRoundStart');
      const advanced = advanceToSlot(combat, ctx.rng, state.tieFirst);
      return { updated: await saveCombatState(tx, ctx, combatRow, 'combat.persona', { ...state, combat: advanced.combat }), events: advanced.events };
    }
    const target = whoName ? combat.combatants.find((c) => c.name === whoName) : combat.combatants.find((c) => mine.some((m) => m.id === c.id));
    if (!target) throw new UserError('combat.unknown', { name: whoName ?? '-' });
    const ownsTarget = mine.some((m) => m.id === target.id);
    if (!gm && (sub === 'adjust' || sub === 'extra' || !ownsTarget)) throw new UserError('combat.gmOnly');
    let next: PersonaCombatState = state;
    let evs: PersonaEvent[] = [];
    if (sub === 'extra') {
      // an extra slot from a skill or effect outside these rules (獣の眼光 and the like, JA L5)
      const step = grantExtraSlot(combat, target.id);
      const advanced = step.state.phase === 'idle' ? advanceToSlot(step.state, ctx.rng, state.tieFirst) : { combat: step.state, events: [] };
      next = { ...state, combat: advanced.combat };
      evs = [...step.events, ...advanced.events];
    } else if (sub === 'finish') {
      // JA L882–886: at round start, against incapacitated characters; initiative 0 for the round
      if (combat.phase !== 'roundStart') throw new UserError('persona.cmd.notRoundStart');
      const step = declareFinishOff(combat, target.id, targetIds(combat, options.string('targets')));
      next = { ...state, combat: step.state };
      evs = step.events;
    } else if (sub === 'cover') {
      // JA L961–966: the coverer's own choice, once per round; the next attack on the target goes to it
      const covered = targetIds(combat, options.string('target'))[0]!;
      const refusal = coverRefusal(combat, target, combat.combatants.find((c) => c.id === covered)!, false);
      if (refusal !== null && refusal !== 'persona.error.coverUsed') throw new PersonaError(refusal, { name: target.name, target: combat.combatants.find((c) => c.id === covered)!.name });
      const entry = { by: target.id, target: covered, evade: options.boolean('evade') ?? false, round: combat.round };
      next = { ...state, cover: [...(state.cover ?? []).filter((c) => c.round === combat.round && c.by !== target.id && c.target !== covered), entry] };
      evs = [{ key: 'persona.cover.ready', params: { name: target.name, target: combat.combatants.find((c) => c.id === covered)!.name } }];
    } else if (sub === 'adjust') {
      const adj: Adjustment = {};
      if (options.integer('hp') !== null) adj.hp = options.integer('hp')!;
      if (options.integer('sp') !== null) adj.sp = options.integer('sp')!;
      const status = options.string('status');
      if (status) adj.badStatus = ['none', 'なし', '없음', '-'].includes(status.trim().toLowerCase()) ? null : parseStatus(status, combat.config.badStatuses);
      if (options.boolean('down') !== null) adj.down = options.boolean('down')!;
      if (options.boolean('released') !== null) adj.released = options.boolean('released')!;
      // stages from auto-effect skills or effects the bot does not model (JA L409)
      for (const k of ['suku', 'raku', 'taru', 'maka'] as const) if (options.integer(k) !== null) adj[k] = options.integer(k)!;
      const step = withStatusNames(() => adjustCombatant(combat, target.id, adj), combat, ctx.locale);
      next = { ...state, combat: step.state };
      evs = step.events;
    } else if (sub === 'dodge') {
      const on = options.boolean('on') ?? true;
      next = { ...state, dodge: { ...(state.dodge ?? {}), [target.id]: on } };
      evs = [{ key: on ? 'persona.dodge.on' : 'persona.dodge.off', params: { name: target.name } }];
    } else {
      next = { ...state, tieFirst: [target.id, ...(state.tieFirst ?? []).filter((id) => id !== target.id)] };
      evs = [{ key: 'persona.tie.first', params: { name: target.name } }];
    }
    return { updated: await saveCombatState(tx, ctx, combatRow, `combat.${sub}`, next), events: evs };
  });
  return publicReply(ctx, updated, events, true);
}


/**
 * Analyze (アナライズ, JA L419–431) in the open slot: the analysis (stats, resistances, skills) goes
 * to the analyst alone by DM, the channel only sees that it happened. Our reading: the basic
 * アナライズ reveals at once; skills that take rounds (ハイ・アナライズ) are left to the GM.
 */
async function analyze(ctx: CommandContext, options: CommandOptions): Promise<Reply> {
  const { updated, events, result } = await ctx.store.transaction(async (tx) => {
    const combatRow = await requireCombat(tx, ctx);
    const state = combatRow.state;
    if (!isPersona(state) || !state.combat) throw new UserError('persona.cmd.notRunning');
    const combat = state.combat;
    const ownerId = combat.slot?.ownerId;
    const owner = state.setup.find((c) => c.id === ownerId)?.owner ?? null;
    const gm = await isGm(tx, ctx);
    if (owner !== ctx.user.id && !gm) throw new UserError('combat.notYourTurn', { name: combat.combatants.find((c) => c.id === ownerId)?.name ?? '-' });
    withStatusNames(() => requireAnalyzeAllowed(combat, gm, ctx.locale), combat, ctx.locale);
    const targetId = targetIds(combat, options.string('target'))[0]!;
    const target = combat.combatants.find((c) => c.id === targetId)!;
    const actor = combat.combatants.find((c) => c.id === ownerId);
    const step = endAction(combat);
    const advanced = advanceToSlot(step.state, ctx.rng, state.tieFirst);
    const setup = state.setup.find((c) => c.id === targetId);
    const result = statLine(ctx, { ...setup!, hp: target.hp, sp: target.sp, resistances: target.resistances }, setup?.skills ?? []);
    const next: PersonaCombatState = { ...state, combat: advanced.combat };
    const analyzeEvent = { key: 'persona.analyze', params: { name: actor?.name ?? '-', target: target.name } };
    return { updated: await saveCombatState(tx, ctx, combatRow, 'combat.persona', next), events: [analyzeEvent, ...advanced.events], result: { target: target.name, stats: result } };
  });
  const reply = await publicReply(ctx, updated, events);
  // Analyze's findings reach the analyst alone, in their own language.
  const own = actorOf(ctx);
  return { ...reply, dms: [...reply.dms, { userId: ctx.user.id, view: { locale: own.locale, tone: 'info', title: own.t('combat.title'), blocks: [text(own.t('persona.analyze.result', result))], ephemeral: false } }] };
}

/**
 * /persona setting (GM): the readings a table may disagree on, per fight. Natural recovery counts
 * JA L352's rounds (default) or KO L183's turns; critical/fumble ranges are not in the seeds.
 * Before round 1 they wait in the fight's state and go to createCombat.
 */
async function setting(ctx: CommandContext, options: CommandOptions): Promise<Reply> {
  const { updated, events } = await ctx.store.transaction(async (tx) => {
    const combatRow = await requireCombat(tx, ctx);
    await requireGm(tx, ctx);
    const state = combatRow.state;
    if (!isPersona(state)) throw new UserError('persona.cmd.notRunning');
    const patch: ConfigPatch = {};
    const recovery = options.string('recovery');
    if (recovery === 'rounds' || recovery === 'turns') patch.recoveryCount = recovery;
    if (options.integer('critical') !== null) patch.criticalMax = options.integer('critical')!;
    if (options.integer('fumble') !== null) patch.fumbleMin = options.integer('fumble')!;
    // the db rank ladder of タル/マカ (JA L599–600; not in the seeds): "1D4, 1D6, 1D6+1D4, …"
    const ladder = options.string('dbladder');
    if (ladder) patch.dbLadder = ladder.split(/[,、，→>\s]+/).map((x) => normalizeDice(x)).filter(Boolean);
    if (options.boolean('fumble_evade') !== null) patch.fumbleEvade = options.boolean('fumble_evade')!;
    const base = state.combat ?? createCombat({ combatants: [{ id: 'a', name: 'a', side: 'pc', agi: 0, luck: 0, hp: 1 }, { id: 'b', name: 'b', side: 'npc', agi: 0, luck: 0, hp: 1 }], config: state.config ?? {} }).state;
    const step = configure(base, patch); // validates the combination
    const next: PersonaCombatState = state.combat ? { ...state, combat: step.state } : { ...state, config: { ...(state.config ?? {}), ...patch, ...(patch.dbLadder ? { dbLadder: step.state.config.dbLadder! } : {}) } };
    return { updated: await saveCombatState(tx, ctx, combatRow, 'combat.setting', next), events: step.events };
  });
  return publicReply(ctx, updated, events);
}

/** The reward a Wild Talk asks for (JA L1038–1065): chosen with the roll, worked out by the core on success. */
function talkReward(options: CommandOptions): Pick<TalkSpec, 'reward'> {
  const kind = options.string('reward');
  if (kind !== 'item' && kind !== 'macca' && kind !== 'persona') return {};
  const optional = <K extends string>(key: K, value: number | null) => (value === null ? {} : ({ [key]: value } as Record<K, number>));
  return {
    reward: {
      kind,
      ...optional('level', options.integer('level')),
      ...optional('coefficient', options.integer('coef')),
      ...optional('price', options.integer('price')),
      ...optional('rank', options.integer('rank')),
      ...optional('personaLevel', options.integer('plevel')),
      ...(options.string('item') ? { item: options.string('item')! } : {}),
    },
  };
}

function statusName(combat: CombatState | null, id: string, locale: Locale): string {
  return combat?.config.badStatuses.find((d) => d.id === id)?.name[locale] ?? id;
}

/** One status of the table, for the GM: name, category, what it forbids, cure and recovery stat. */
function statusRow(ctx: CommandContext, d: BadStatusDef): string {
  const t = ctx.t;
  const stat = d.cure === 'natural' && d.recoveryStat ? t(`persona.recoveryStat.${d.recoveryStat}`) : '-';
  return t('persona.table.row', { id: d.id, name: d.name[ctx.locale], category: t(`persona.category.${d.category}`), blocks: t(`persona.blocks.${statusBlock(d)}`), cure: t(`persona.cure.${d.cure}`), stat });
}

/**
 * /persona status (GM): the fight's bad-status table. Both seeds lost theirs (JA L345–349, KO L171–181),
 * so the shipped rows are a default the GM sees and edits: without `id` it lists the table; with `id`
 * it adds or changes that status (name in every language, category, what it forbids, cure, the
 * natural-recovery stat CON/POW of JA L352–353); `remove:true` deletes one nobody has.
 */
async function statusTable(ctx: CommandContext, options: CommandOptions): Promise<Reply> {
  const { updated, lines } = await ctx.store.transaction(async (tx) => {
    const combatRow = await requireCombat(tx, ctx);
    await requireGm(tx, ctx);
    const state = combatRow.state;
    if (!isPersona(state)) throw new UserError('persona.cmd.notRunning');
    const base = state.combat ?? createCombat({ combatants: [{ id: 'a', name: 'a', side: 'pc', agi: 0, luck: 0, hp: 1 }, { id: 'b', name: 'b', side: 'npc', agi: 0, luck: 0, hp: 1 }], config: state.config ?? {} }).state;
    const rawId = options.string('id')?.trim();
    if (!rawId) {
      return { updated: combatRow, lines: [ctx.t('persona.table.head'), ...base.config.badStatuses.map((d) => statusRow(ctx, d))] };
    }
    const existing = base.config.badStatuses.find((d) => d.id === rawId || LOCALE_NAMES(d).includes(rawId));
    let step: Step;
    if (options.boolean('remove')) {
      if (!existing) throw new UserError('persona.cmd.badStatus', { word: rawId.slice(0, 40), list: base.config.badStatuses.map((d) => d.id).join(', ') });
      step = withStatusNames(() => removeBadStatus(base, existing.id), base, ctx.locale);
    } else {
      const name = options.string('name')?.trim();
      const block = (options.string('blocks') as StatusBlock | null) ?? (existing ? statusBlock(existing) : 'none');
      const cure = (options.string('cure') as BadStatusDef['cure'] | null) ?? existing?.cure ?? 'natural';
      const stat = options.string('stat');
      const def: BadStatusDef = {
        id: existing?.id ?? rawId,
        name: name ? { en: name, ja: name, ko: name } : (existing?.name ?? { en: rawId, ja: rawId, ko: rawId }),
        category: (options.string('category') as BadStatusDef['category'] | null) ?? existing?.category ?? 'body',
        ...blockFields(block),
        cure,
        recoveryStat: stat === 'con' || stat === 'pow' ? stat : stat === 'none' ? null : (existing?.recoveryStat ?? 'con'),
      };
      step = defineBadStatus(base, def);
    }
    const table = step.state.config.badStatuses;
    const next: PersonaCombatState = state.combat ? { ...state, combat: step.state } : { ...state, config: { ...(state.config ?? {}), badStatuses: table } };
    const saved = await saveCombatState(tx, ctx, combatRow, 'combat.status', next);
    const changed = table.find((d) => d.id === (existing?.id ?? rawId));
    return { updated: saved, lines: [...eventLines(ctx, state.combat, step.events, state), ...(changed ? [statusRow(ctx, changed)] : [])] };
  });
  return {
    view: { locale: ctx.locale, tone: 'info', title: ctx.t('combat.title'), blocks: lines.map(text), ephemeral: true },
    dms: [],
    board: trackerUpdate(ctx, updated, personaTrackerView(ctx, updated.state as PersonaCombatState)),
  };
}

const LOCALE_NAMES = (d: BadStatusDef): string[] => [d.name.en, d.name.ja, d.name.ko];

/** A refusal naming a bad status shows the fight table's name (a GM-defined status is not in the default table). */
function withStatusNames<T>(run: () => T, combat: CombatState, locale: Locale): T {
  try {
    return run();
  } catch (e) {
    if (e instanceof PersonaError && typeof e.params.status === 'string') throw new PersonaError(e.key, { ...e.params, status: statusName(combat, e.params.status, locale) });
    throw e;
  }
}
