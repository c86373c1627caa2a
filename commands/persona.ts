// /persona — a Persona-style fight (seeds 002/003). The open slot's action (attack with a stored skill
// or raw dice, summon, change, item, wait, defend, escape, allout, pass); the bot advances to the
// next slot and shows the events. The GM also adds combatants from stat blocks, adjusts them mid-fight
// and orders ties; each defender chooses whether to try Persona evasion.
import { SlashCommandBuilder } from '@discordjs/builders';
import { normalizeDice } from '../src/services/combat/persona-input.js';
import { declareCombination } from '../src/services/combat/persona-combo.js';
import { isPersona, standingEvasion } from '../src/services/combat/persona.js';
import { changeToPersona } from '../src/services/combat/persona-change.js';
import { changeChoices } from './persona/change.js';
import { addStart, addSubmitted, BLOCK_MAX } from './persona/add.js';
import { pickedTarget, targetPicker } from './persona/targets.js';
import { isGm, requireCombat } from '../src/services/combat/store.js';
import { UserError } from '../src/services/errors.js';
import { describe, localizedChoices } from '../src/services/localize.js';
import type { CommandModule } from '../src/services/types.js';
import { allOutAttack, defend, endAction, escape, heal, keepAnalyzing, summonPersona, wait, wildTalk } from '../src/core/persona/index.js';
import { randomAction } from '../src/services/combat/persona-random.js';
import { personaChoices } from '../src/services/combat/persona-choices.js';
import { nameChoices } from '../src/services/name-choices.js';
import { DEFAULT_BAD_STATUSES } from '../src/core/persona/status-table.js';
import { changePatch, targetIds, attackStep, coversFor, act, publicReply } from './persona/step.js';
import { manage, analyze, setting, talkReward } from './persona/manage.js';
import { statusTable } from './persona/status-table.js';

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
      .addIntegerOption((o) => describe(o, 'cmd.persona.makaStage').setMinValue(-3).setMaxValue(3))
      .addIntegerOption((o) => describe(o, 'cmd.persona.personaPct').setMinValue(0).setMaxValue(200)),
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
      case 'attack': {
        // a skill that needs a target and none typed: pick it from a menu (commands/persona/targets.ts)
        const picker = await targetPicker(ctx, options);
        if (picker) return picker;
        break;
      }
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
          const evading = standingEvasion(combat, state);
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
          // declared now; it starts in the last participant's original slot (JA L476–484; advanceToSlot)
          const cover = coversFor(combat, state);
          const evading = standingEvasion(combat, state);
          return declareCombination(combat, state, { skills: options.string('skills') ?? '', targets: targetIds(combat, options.string('targets')), element: options.string('element'), name: options.string('name'), evading, cover });
        }
        case 'talk':
          // Wild Talk in a Hold-up's 1 More (JA L1029, L1036–1069): the reward chosen up front is worked out and recorded on success.
          return wildTalk(combat, { target: targetIds(combat, options.string('target'))[0]!, chance: options.integer('chance') ?? 0, ...talkReward(options) }, rng);
        case 'pass':
          // an analyst's slot before the result: passing keeps the analysis (JA L427, L431)
          return combat.combatants.find((c) => c.id === combat.slot?.ownerId)?.analyzing ? keepAnalyzing(combat) : endAction(combat);
        default:
          return endAction(combat);
      }
    });
  },
  component: (ctx, customId, values) => pickedTarget(ctx, customId, values),
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
