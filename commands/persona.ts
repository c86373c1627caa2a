// /persona attack | wait | defend | escape | allout | pass — the open slot's action in a
// Persona-style fight (seeds 002/003); the bot advances to the next slot and shows the events.
import { SlashCommandBuilder } from '@discordjs/builders';
import { advanceToSlot, eventLines, isPersona, parseResistances, personaTrackerView, type PersonaCombatState } from '../src/command/combat/persona.js';
import { isGm, requireCombat, saveCombatState } from '../src/command/combat/store.js';
import { trackerUpdate } from '../src/command/combat/tracker.js';
import { UserError } from '../src/command/errors.js';
import { describe } from '../src/command/localize.js';
import type { CommandContext, CommandModule, CommandOptions } from '../src/command/types.js';
import { allOutAttack, attack, defend, endAction, escape, personaChange, wait, type CombatState, type PersonaEvent, type PersonaPatch, type Step } from '../src/core/persona/index.js';
import type { RandomSource } from '../src/core/random.js';
import { DEFAULT_BAD_STATUSES } from '../src/core/persona/status-table.js';
import { text, type Reply } from '../src/views/view.js';

const definition = describe(new SlashCommandBuilder(), 'cmd.persona')
  .setDMPermission(false)
  .addSubcommand((s) =>
    describe(s, 'cmd.persona.attack')
      .addStringOption((o) => describe(o, 'cmd.persona.targets').setRequired(true).setMaxLength(200))
      .addStringOption((o) => describe(o, 'cmd.persona.kind').setRequired(true).addChoices({ name: 'physical', value: 'physical' }, { name: 'magic', value: 'magic' }))
      .addStringOption((o) => describe(o, 'cmd.persona.element').setRequired(true).setMaxLength(60))
      .addStringOption((o) => describe(o, 'cmd.persona.dice').setRequired(true).setMaxLength(60))
      .addIntegerOption((o) => describe(o, 'cmd.persona.hit').setMinValue(0).setMaxValue(100))
      .addIntegerOption((o) => describe(o, 'cmd.persona.sp').setMinValue(0).setMaxValue(999))
      .addBooleanOption((o) => describe(o, 'cmd.persona.evade'))
      .addStringOption((o) => describe(o, 'cmd.persona.skill').setMaxLength(60))
      .addStringOption((o) => describe(o, 'cmd.persona.ailment').addChoices(...DEFAULT_BAD_STATUSES.map((b) => ({ name: b.name.en, name_localizations: { ja: b.name.ja, ko: b.name.ko }, value: b.id }))))
      .addIntegerOption((o) => describe(o, 'cmd.persona.ailment_rate').setMinValue(0).setMaxValue(100)),
  )
  .addSubcommand((s) =>
    describe(s, 'cmd.persona.change')
      .addStringOption((o) => describe(o, 'cmd.persona.name').setRequired(true).setMaxLength(60))
      .addIntegerOption((o) => describe(o, 'cmd.persona.agi').setMinValue(0).setMaxValue(999))
      .addIntegerOption((o) => describe(o, 'cmd.persona.luck').setMinValue(0).setMaxValue(999))
      .addIntegerOption((o) => describe(o, 'cmd.persona.defense').setMinValue(0).setMaxValue(999))
      .addStringOption((o) => describe(o, 'cmd.persona.resist').setMaxLength(200)),
  )
  .addSubcommand((s) => describe(s, 'cmd.persona.wait'))
  .addSubcommand((s) => describe(s, 'cmd.persona.defend'))
  .addSubcommand((s) => describe(s, 'cmd.persona.escape'))
  .addSubcommand((s) => describe(s, 'cmd.persona.allout'))
  .addSubcommand((s) => describe(s, 'cmd.persona.pass'))
  .toJSON();

export const persona: CommandModule = {
  definition,
  helpKey: 'help.persona',
  async execute(ctx, options) {
    if (!ctx.guildId) throw new UserError('error.guildOnly');
    const sub = options.subcommand();
    return await act(ctx, (combat, rng) => {
      switch (sub) {
        case 'attack':
          return attack(combat, attackSpec(combat, options), rng);
        case 'change':
          // Wild only: a successful change keeps the slot (a second action), a failed one uses it (JA L787–794).
          return personaChange(combat, changePatch(options), rng);
        case 'wait':
          return wait(combat);
        case 'defend':
          return defend(combat);
        case 'escape':
          return escape(combat, null, rng);
        case 'allout':
          return allOutAttack(combat, { kind: 'bokosuka' }, rng);
        default:
          return endAction(combat);
      }
    });
  },
};

function changePatch(options: CommandOptions): PersonaPatch {
  const optional = <T>(value: T | null, key: string) => (value === null ? {} : { [key]: value });
  return {
    name: options.string('name') ?? '',
    ...optional(options.integer('agi'), 'agi'),
    ...optional(options.integer('luck'), 'luck'),
    ...optional(options.integer('defense'), 'defense'),
    ...(options.string('resist') ? { resistances: parseResistances(options.string('resist')) } : {}),
  };
}

function attackSpec(combat: CombatState, options: CommandOptions) {
  const names = (options.string('targets') ?? '').split(/[,、，]/).map((s) => s.trim()).filter(Boolean);
  const targets = names.map((n) => {
    const c = combat.combatants.find((x) => x.name === n);
    if (!c) throw new UserError('combat.unknown', { name: n });
    return c.id;
  });
  const hit = options.integer('hit');
  const sp = options.integer('sp');
  return {
    kind: (options.string('kind') ?? 'physical') as 'physical' | 'magic',
    elements: (options.string('element') ?? '').split(/[+/]/).map((e) => e.trim().toLowerCase()).filter(Boolean),
    targets,
    dice: options.string('dice') ?? '1d6',
    hitRate: hit === null ? ('auto' as const) : hit,
    ...(sp ? { cost: { sp } } : {}),
    ...(options.boolean('evade') ? { evade: targets } : {}),
    ...(options.string('skill') ? { skill: options.string('skill')! } : {}),
    // An added bad status: base rate + booster + luck difference, ×2 weak / ×½ resist (JA L172, L190).
    ...(options.string('ailment') ? { ailment: { status: options.string('ailment')!, rate: options.integer('ailment_rate') ?? ('fuyo' as const) } } : {}),
  };
}

/** Applies the open slot's action, then runs the fight on to the next open slot. */
async function act(ctx: CommandContext, rule: (combat: CombatState, rng: RandomSource) => Step): Promise<Reply> {
  const { updated, events } = await ctx.store.transaction(async (tx) => {
    const combatRow = await requireCombat(tx, ctx);
    const state = combatRow.state;
    if (!isPersona(state) || !state.combat) throw new UserError('persona.cmd.notRunning');
    const ownerId = state.combat.slot?.ownerId;
    const owner = state.setup.find((c) => c.id === ownerId)?.owner ?? null;
    // The slot's player acts for a PC; the GM for everyone.
    if (owner !== ctx.user.id && !await isGm(tx, ctx)) throw new UserError('combat.notYourTurn', { name: state.combat.combatants.find((c) => c.id === ownerId)?.name ?? '-' });
    const step = rule(state.combat, ctx.rng);
    const advanced = step.state.phase === 'ended' ? { combat: step.state, events: [] as PersonaEvent[] } : advanceToSlot(step.state, ctx.rng);
    const next: PersonaCombatState = { ...state, combat: advanced.combat };
    return { updated: await saveCombatState(tx, ctx, combatRow, 'combat.persona', next), events: [...step.events, ...advanced.events] };
  });
  const state = updated.state as PersonaCombatState;
  const view = personaTrackerView(ctx, state);
  return {
    view: { locale: ctx.locale, tone: 'info', title: ctx.t('combat.title'), blocks: eventLines(ctx, state.combat, events).map(text), ephemeral: false },
    dms: [],
    board: trackerUpdate(ctx, updated, view),
  };
}
