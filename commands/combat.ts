// /combat start | add | join | remove | next | delay | show | undo | end — the fight tracker.
import { SlashCommandBuilder } from '@discordjs/builders';
import { currentActor, findCombatant } from '../src/services/combat/fate.js';
import { type FateCombatState } from '../src/services/combat/state.js';
import { delayInFight, removeFromFight, requireSlotOwnerOrGm, startPersonaFight } from '../src/services/combat/persona-setup.js';
import { UserError } from '../src/services/errors.js';
import { forTable } from '../src/services/table.js';
import { describe, localizedChoices } from '../src/services/localize.js';
import type { CommandModule } from '../src/services/types.js';
import { MARK_PAY, markChoice } from '../src/services/fate-marks.js';
import { defend } from '../src/services/combat/fate-defense.js';
import { DEFENSES } from '../src/services/combat/fate-buttons.js';
import { FLAT_MAX, flatModifiers } from '../src/services/combat/fate-flat.js';
import { resolvePending } from '../src/services/combat/fate-resolve.js';
import { advanceTurn, cure } from '../src/services/combat/fate-bad-status.js';
import { fighterChoices, sideChoices } from '../src/services/combat/fight-choices.js';
import { combatantSkillChoices } from '../src/services/skill-choices.js';
import { characterChoices } from '../src/services/character-search.js';
import { splitSkills } from '../src/services/skill-list.js';

import { NAME_MAX, start, change, add, addPersona } from './combat/setup.js';
import { ADD_COUNT_MAX, copiesOf, copyNames, renamed } from './combat/copies.js';
import { delay, escape, priority, inflictFrom, fly, cover, yieldTurn } from './combat/steps.js';
import { undo, end, show } from './combat/lifecycle.js';
const rowChoice = (o: import('@discordjs/builders').SlashCommandStringOption) =>
  describe(o, 'cmd.combat.row').addChoices(...localizedChoices(['front', 'back'], 'choice.row'));

const definition = describe(new SlashCommandBuilder(), 'cmd.combat')
  .setDMPermission(false)
  .addSubcommand((s) =>
    describe(s, 'cmd.combat.start')
      .addStringOption((o) => describe(o, 'cmd.combat.ruleset').setRequired(true).addChoices(...localizedChoices(['fate', 'persona'], 'choice.ruleset')))
      .addStringOption((o) => describe(o, 'cmd.combat.name').setMaxLength(NAME_MAX))
      .addStringOption((o) => describe(o, 'cmd.combat.surprised').addChoices(...localizedChoices(['pc', 'npc'], 'choice.side'))),
  )
  .addSubcommand((s) =>
    describe(s, 'cmd.combat.add')
      .addStringOption((o) => describe(o, 'cmd.combat.who').setRequired(true).setMaxLength(NAME_MAX).setAutocomplete(true))
      .addStringOption((o) => describe(o, 'cmd.combat.side').setRequired(true).setMaxLength(40).setAutocomplete(true))
      .addStringOption(rowChoice)
      .addBooleanOption((o) => describe(o, 'cmd.combat.hidden'))
      .addIntegerOption((o) => describe(o, 'cmd.combat.hp').setMinValue(1).setMaxValue(9999))
      .addIntegerOption((o) => describe(o, 'cmd.combat.mp').setMinValue(0).setMaxValue(9999))
      .addIntegerOption((o) => describe(o, 'cmd.combat.iv').setMinValue(0).setMaxValue(999))
      .addStringOption((o) => describe(o, 'cmd.combat.pool').setMaxLength(60))
      .addBooleanOption((o) => describe(o, 'cmd.combat.servant'))
      .addIntegerOption((o) => describe(o, 'cmd.combat.luck').setMinValue(0).setMaxValue(999))
      .addIntegerOption((o) => describe(o, 'cmd.combat.defense').setMinValue(0).setMaxValue(999))
      .addIntegerOption((o) => describe(o, 'cmd.combat.armor').setMinValue(0).setMaxValue(999))
      .addStringOption((o) => describe(o, 'cmd.combat.resist').setMaxLength(200))
      .addIntegerOption((o) => describe(o, 'cmd.combat.persona').setMinValue(0).setMaxValue(100))
      .addUserOption((o) => describe(o, 'cmd.combat.player'))
      .addBooleanOption((o) => describe(o, 'cmd.combat.wild'))
      // Several of the same enemy at once, numbered (Avrae's `-n 5`).
      .addIntegerOption((o) => describe(o, 'cmd.combat.count').setMinValue(1).setMaxValue(ADD_COUNT_MAX))
      // An ad-hoc troop: halved achievements at half HP (L394).
      .addBooleanOption((o) => describe(o, 'cmd.combat.troop')),
  )
  .addSubcommand((s) => describe(s, 'cmd.combat.join').addStringOption((o) => describe(o, 'cmd.combat.side').setRequired(true).setMaxLength(40).setAutocomplete(true)).addStringOption(rowChoice))
  .addSubcommand((s) => describe(s, 'cmd.combat.remove').addStringOption((o) => describe(o, 'cmd.combat.who').setRequired(true).setMaxLength(NAME_MAX).setAutocomplete(true)))
  .addSubcommand((s) => describe(s, 'cmd.combat.next'))
  .addSubcommand((s) =>
    describe(s, 'cmd.combat.delay')
      .addIntegerOption((o) => describe(o, 'cmd.combat.amount').setRequired(true).setMinValue(0).setMaxValue(999))
      .addBooleanOption((o) => describe(o, 'cmd.combat.delay.first')),
  )
  .addSubcommand((s) =>
    describe(s, 'cmd.combat.defend')
      .addStringOption((o) => describe(o, 'cmd.combat.defend.status').setRequired(true).addChoices(...localizedChoices(DEFENSES, 'attack.defend')))
      .addStringOption((o) => describe(o, 'cmd.combat.defend.skills').setMaxLength(300).setAutocomplete(true))
      .addIntegerOption((o) => describe(o, 'cmd.check.support').setMinValue(1).setMaxValue(999))
      // The mark choices /check offers, at the same prices (L897–909, L867–868).
      .addBooleanOption((o) => describe(o, 'cmd.check.marks'))
      .addBooleanOption((o) => describe(o, 'cmd.check.no_minus'))
      .addStringOption((o) => describe(o, 'cmd.check.pay').addChoices(...localizedChoices(MARK_PAY, 'check.pay')))
      // A flat plus or minus: a won vigilance check's margin (L455), the GM's ruling (L411–421).
      .addIntegerOption((o) => describe(o, 'cmd.check.plus').setMinValue(1).setMaxValue(FLAT_MAX))
      .addIntegerOption((o) => describe(o, 'cmd.check.minus').setMinValue(1).setMaxValue(FLAT_MAX))
      .addIntegerOption((o) => describe(o, 'cmd.check.burst').setMinValue(1).setMaxValue(6)),
  )
  .addSubcommand((s) => describe(s, 'cmd.combat.resolve'))
  .addSubcommand((s) => describe(s, 'cmd.combat.yield'))
  .addSubcommand((s) =>
    describe(s, 'cmd.combat.escape')
      .addStringOption((o) => describe(o, 'cmd.combat.side').setRequired(true).setMaxLength(40).setAutocomplete(true))
      .addBooleanOption((o) => describe(o, 'cmd.combat.escape.opposed'))
      .addBooleanOption((o) => describe(o, 'cmd.combat.escape.rearguard')),
  )
  .addSubcommand((s) =>
    describe(s, 'cmd.combat.priority')
      .addStringOption((o) => describe(o, 'cmd.combat.priority.mode').setRequired(true).addChoices(...localizedChoices(['attack', 'defense'], 'choice.priorityMode')))
      .addIntegerOption((o) => describe(o, 'cmd.combat.priority.dice').setRequired(true).setMinValue(0).setMaxValue(99))
      .addStringOption((o) => describe(o, 'cmd.combat.priority.status').addChoices(...localizedChoices(['agi', 'mag'], 'choice.coverStatus')))
      .addStringOption((o) => describe(o, 'cmd.combat.priority.skill').setMaxLength(100).setAutocomplete(true))
      .addStringOption((o) => describe(o, 'cmd.combat.fighter').setMaxLength(NAME_MAX).setAutocomplete(true)),
  )
  .addSubcommand((s) =>
    describe(s, 'cmd.combat.cover')
      .addStringOption((o) => describe(o, 'cmd.combat.cover.who').setRequired(true).setMaxLength(NAME_MAX).setAutocomplete(true))
      .addStringOption((o) => describe(o, 'cmd.combat.cover.status').setRequired(true).addChoices(...localizedChoices(['end', 'agi', 'mag', 'str'], 'choice.coverStatus')))
      .addStringOption((o) => describe(o, 'cmd.combat.defend.skills').setMaxLength(300).setAutocomplete(true))
      .addStringOption((o) => describe(o, 'cmd.combat.cover.means').addChoices(...localizedChoices(['body', 'ranged', 'magic'], 'choice.coverMeans')))
      .addIntegerOption((o) => describe(o, 'cmd.combat.cover.reaction').setMinValue(-99).setMaxValue(99))
      .addBooleanOption((o) => describe(o, 'cmd.combat.cover.take')),
  )
  .addSubcommand((s) =>
    describe(s, 'cmd.combat.inflict')
      .addStringOption((o) => describe(o, 'cmd.combat.fighter').setRequired(true).setMaxLength(NAME_MAX).setAutocomplete(true))
      .addStringOption((o) => describe(o, 'cmd.combat.bs.kind').setRequired(true).addChoices(...localizedChoices(['continuous', 'impediment', 'other'], 'fate.bs.kind')))
      .addIntegerOption((o) => describe(o, 'cmd.combat.bs.strength').setRequired(true).setMinValue(1).setMaxValue(99))
      .addStringOption((o) => describe(o, 'cmd.combat.bs.source').setRequired(true).setMaxLength(100))
      .addStringOption((o) => describe(o, 'cmd.combat.bs.nature').addChoices(...localizedChoices(['physical', 'magical', 'mental'], 'fate.bs.nature')))
      .addStringOption((o) => describe(o, 'cmd.combat.bs.target').addChoices(...localizedChoices(['hp', 'mp'], 'fate.bs.target')))
      .addStringOption((o) => describe(o, 'cmd.combat.bs.checks').addChoices(...localizedChoices(['body', 'magic', 'luck'], 'fate.bs.checks')))
      .addBooleanOption((o) => describe(o, 'cmd.combat.bs.byAttack'))
      .addBooleanOption((o) => describe(o, 'cmd.combat.bs.sum'))
      .addStringOption((o) => describe(o, 'cmd.combat.bs.resistSkills').setMaxLength(300).setAutocomplete(true))
      .addBooleanOption((o) => describe(o, 'cmd.combat.bs.resistible'))
      .addBooleanOption((o) => describe(o, 'cmd.combat.bs.mustExceed')),
  )
  .addSubcommand((s) =>
    describe(s, 'cmd.combat.cure')
      .addStringOption((o) => describe(o, 'cmd.combat.fighter').setRequired(true).setMaxLength(NAME_MAX).setAutocomplete(true))
      .addIntegerOption((o) => describe(o, 'cmd.combat.cure.number').setMinValue(1).setMaxValue(50)),
  )
  .addSubcommand((s) =>
    describe(s, 'cmd.combat.fly')
      .addStringOption((o) => describe(o, 'cmd.combat.fighter').setRequired(true).setMaxLength(NAME_MAX).setAutocomplete(true))
      .addIntegerOption((o) => describe(o, 'cmd.combat.fly.level').setRequired(true).setMinValue(0).setMaxValue(99))
      .addIntegerOption((o) => describe(o, 'cmd.combat.fly.achievement').setMinValue(1).setMaxValue(999)),
  )
  .addSubcommand((s) => describe(s, 'cmd.combat.show'))
  .addSubcommand((s) => describe(s, 'cmd.combat.undo'))
  .addSubcommand((s) => describe(s, 'cmd.combat.end'))
  .toJSON();

const TABLE_STEPS = new Set(['next', 'resolve', 'escape', 'yield', 'defend', 'priority', 'cover', 'inflict', 'cure', 'fly', 'delay', 'undo']);

export const combat: CommandModule = {
  definition,
  helpKey: 'help.combat',
  async execute(actorCtx, options) {
    if (!actorCtx.guildId) throw new UserError('error.guildOnly');
    const sub = options.subcommand();
    // The steps of a fight are played in front of the table: built in its language. Setting up (start,
    // add, join, remove), show and end answer the GM alone, in the GM's language; the tracker is always
    // the table's (tracker.ts).
    const ctx = TABLE_STEPS.has(sub ?? '') ? forTable(actorCtx) : actorCtx;
    switch (sub) {
      case 'start':
        return await start(ctx, options);
      case 'add': {
        const copies = copiesOf(options);
        return await change(
          ctx,
          'combat.added',
          async (tx, _c, s) => {
            let next = s;
            for (const name of copyNames(options, s.combatants.map((c) => c.name), copies)) next = await add(tx, ctx, name === null ? options : renamed(options, name), next, true);
            return next;
          },
          true,
          (s) => {
            let next = { state: s, events: [] as ReturnType<typeof addPersona>['events'] };
            const taken = [...s.setup.map((c) => c.name), ...(s.combat?.combatants.map((c) => c.name) ?? [])];
            for (const name of copyNames(options, taken, copies)) {
              const step = addPersona(ctx, name === null ? options : renamed(options, name), next.state);
              next = { state: step.state, events: [...next.events, ...step.events] };
            }
            return next;
          },
        );
      }
      case 'join':
        return await change(ctx, 'combat.joined', (tx, _c, s) => add(tx, ctx, options, s, false), false);
      case 'remove':
        return await change(
          ctx,
          'combat.removed',
          (_tx, _c, s) => {
            const who = findCombatant(s, options.string('who') ?? '');
            return { ...s, combatants: s.combatants.filter((x) => x.key !== who.key), order: s.order.filter((k) => k !== who.key) };
          },
          true,
          (s) => removeFromFight(s, options.string('who') ?? '', ctx.rng),
        );
      case 'next':
        return await change(ctx, 'combat.next', (tx, _c, s) => advanceTurn(tx, ctx, s), true, (s) => (s.combat ? { state: s, events: [] } : startPersonaFight(s, ctx.rng)));
      case 'resolve':
        return await resolvePending(ctx, false);
      case 'escape':
        return await escape(ctx, options);
      case 'yield':
        return await change(ctx, 'combat.yielded', (tx, _c, s) => yieldTurn(tx, ctx, s), false);
      case 'defend': {
        // The defense with skills as dice-plus (L208–213): 武術, 魔術, 対魔力… (the buttons roll the status alone).
        const status = DEFENSES.find((d) => d === options.string('status'));
        if (!status) throw new UserError('attack.noPending');
        const flat = flatModifiers(options);
        return await defend(ctx, status, splitSkills(options.string('skills')), false, options.integer('support') ?? 0, markChoice(options), { flat, burst: options.integer('burst') });
      }
      case 'priority':
        return await change(ctx, 'combat.priority', (tx, _c, s) => priority(tx, ctx, options, s), false);
      case 'cover':
        return await cover(ctx, options);
      case 'inflict':
        return await change(ctx, 'combat.inflicted', (tx, _c, s) => inflictFrom(tx, ctx, options, s));
      case 'cure':
        return await change(ctx, 'combat.cured', (_tx, _c, s) => cure(s, options.string('fighter') ?? '', options.integer('number')));
      case 'fly':
        return await change(ctx, 'combat.flying', (tx, _c, s) => fly(tx, ctx, options, s), false);
      case 'delay':
        return await change(ctx, 'combat.delayed', (tx, _c, s) => delay(tx, ctx, s, options.integer('amount') ?? 0, options.boolean('first') ?? false), false, async (s, tx) => {
          await requireSlotOwnerOrGm(tx, ctx, s);
          return delayInFight(s, ctx.rng);
        });
      case 'undo':
        return await undo(ctx);
      case 'end':
        return await end(ctx);
      case 'show':
      default:
        return await show(ctx);
    }
  },
  async autocomplete(ctx, focused, options) {
    const sub = options.subcommand();
    const named = (s: FateCombatState, option: string) => s.combatants.find((c) => c.name === options.string(option));
    switch (focused.name) {
      case 'side':
        return await sideChoices(ctx, focused.value);
      case 'skills': // the defender's (L208–213) or the coverer's skills
        return await combatantSkillChoices(ctx, focused.value, (s) => (sub === 'cover' ? named(s, 'who') : s.combatants.find((c) => c.key === s.pending?.target)));
      case 'skill': // priority (L220–225): the fighter's, or the one whose turn it is
        return await combatantSkillChoices(ctx, focused.value, (s) => (options.string('fighter') ? named(s, 'fighter') : currentActor(s)), null);
      case 'resist_skills':
        return await combatantSkillChoices(ctx, focused.value, (s) => named(s, 'fighter'));
      case 'who':
        // add: a sheet of this server (the GM's command); remove, cover: who is in the fight
        if (sub === 'add') return await characterChoices(ctx, focused.value);
        return await fighterChoices(ctx, focused.value, { own: sub === 'cover' });
      default: // fighter: one's own for a priority declaration (mayActFor)
        return await fighterChoices(ctx, focused.value, { own: sub === 'priority' });
    }
  },
};
