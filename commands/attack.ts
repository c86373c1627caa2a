// /attack: the current fighter attacks; the defender answers with a button (END, AGI or MAG —
// seed 001 L207–214) and the damage formula settles it (L202–205). Both checks are stored rolls,
// so luck rerolls and Command Seals can still change them before the defense is rolled.
import { SlashCommandBuilder } from '@discordjs/builders';
import { canAttack, currentActor, findCombatant, rollFor, applyDamage } from '../src/command/combat/fate.js';
import type { FateCombatState } from '../src/command/combat/state.js';
import { active } from '../src/command/combat/state.js';
import { isGm, requireCombat, saveCombatState } from '../src/command/combat/store.js';
import { fateTrackerView, trackerUpdate } from '../src/command/combat/tracker.js';
import { UserError } from '../src/command/errors.js';
import { describe } from '../src/command/localize.js';
import { storeRoll } from '../src/command/rolls.js';
import type { CommandContext, CommandModule } from '../src/command/types.js';
import { resolveAttack } from '../src/core/fate/combat/attack.js';
import { attackLines } from '../src/core/fate/combat/attack.js';
import { parseStatusName, type CheckStatus } from '../src/core/fate/status-names.js';
import { getCharacter } from '../src/store/characters.js';
import { getRoll } from '../src/store/rolls.js';
import type { Tx } from '../src/store/db.js';
import { hydrate, saveCharacter } from '../src/command/characters.js';
import { rollView } from '../src/views/roll.js';
import { text, type Button, type Reply } from '../src/views/view.js';
import { splitSkills } from './check.js';

const DEFENSES = ['end', 'agi', 'mag'] as const;

const definition = describe(new SlashCommandBuilder(), 'cmd.attack')
  .setDMPermission(false)
  .addStringOption((o) => describe(o, 'cmd.attack.target').setRequired(true).setMaxLength(100).setAutocomplete(true))
  .addStringOption((o) => describe(o, 'cmd.attack.status').addChoices({ name: 'STR', value: 'str' }, { name: 'AGI', value: 'agi' }, { name: 'MAG', value: 'mag' }, { name: 'NP', value: 'np' }))
  .addStringOption((o) => describe(o, 'cmd.attack.skills').setMaxLength(300))
  .addIntegerOption((o) => describe(o, 'cmd.attack.weapon').setMinValue(0).setMaxValue(999))
  .addBooleanOption((o) => describe(o, 'cmd.attack.magical'))
  .addBooleanOption((o) => describe(o, 'cmd.attack.ranged'))
  .addStringOption((o) => describe(o, 'cmd.attack.intent').addChoices({ name: 'incapacitate', value: 'incapacitate' }, { name: 'kill', value: 'kill' }))
  .addStringOption((o) => describe(o, 'cmd.attack.attacker').setMaxLength(100).setAutocomplete(true))
  .toJSON();

export const attack: CommandModule = {
  definition,
  helpKey: 'help.attack',
  async execute(ctx, options) {
    if (!ctx.guildId) throw new UserError('error.guildOnly');
    const statusInput = options.string('status') ?? 'str';
    const status = parseStatusName(statusInput) as CheckStatus;
    const out = await ctx.store.transaction(async (tx) => {
      const combatRow = await requireCombat(tx, ctx);
      const state = combatRow.state as FateCombatState;
      if (state.pending) throw new UserError('attack.pending', { name: state.combatants.find((c) => c.key === state.pending!.target)?.name ?? '?' });
      const gm = await isGm(tx, ctx);
      const attacker = options.string('attacker') ? findCombatant(state, options.string('attacker')!) : currentActor(state);
      if (!attacker) throw new UserError('combat.notStarted');
      if (attacker.key !== currentActor(state)?.key && !gm) throw new UserError('combat.notYourTurn', { name: attacker.name });
      if (attacker.ownerId !== ctx.user.id && !gm) throw new UserError('combat.notYourTurn', { name: attacker.name });
      const target = findCombatant(state, options.string('target') ?? '');
      if (!active(target)) throw new UserError('attack.targetDown', { name: target.name });
      const magical = options.boolean('magical') ?? status === 'mag';
      if (!canAttack(state, attacker, target, magical, options.boolean('ranged') ?? false)) throw new UserError('attack.outOfReach', { name: target.name });
      const result = await rollFor(tx, attacker, status, splitSkills(options.string('skills')), ctx);
      const rollId = await storeRoll(tx, ctx, { result, comment: ctx.t('attack.comment', { attacker: attacker.name, target: target.name }), secret: false, ...(attacker.characterId !== null ? { characterId: attacker.characterId } : {}) });
      const pending = { attacker: attacker.key, target: target.key, achievement: result.value, rollId, weapon: options.integer('weapon') ?? 0, magical, intent: (options.string('intent') ?? 'incapacitate') as 'incapacitate' | 'kill' };
      const saved = await saveCombatState(tx, ctx, combatRow, 'combat.attack', { ...state, pending });
      return { result, rollId, attacker, target, saved };
    });
    const view = rollView(ctx, { result: out.result, id: out.rollId, name: out.attacker.name, comment: ctx.t('attack.comment', { attacker: out.attacker.name, target: out.target.name }) });
    return {
      view: {
        ...view,
        blocks: [...view.blocks, text(ctx.t('attack.defendPrompt', { name: out.target.name }))],
        buttons: defendButtons(ctx),
      },
      dms: [],
      board: trackerUpdate(ctx, out.saved, fateTrackerView(ctx, out.saved.state as FateCombatState)),
    };
  },
  async component(ctx, customId) {
    const status = customId.split(':')[2] as (typeof DEFENSES)[number];
    if (!DEFENSES.includes(status)) throw new UserError('attack.noPending');
    return await defend(ctx, status);
  },
  async autocomplete(ctx) {
    if (!ctx.guildId) return [];
    const names = await ctx.store.transaction(async (tx) => {
      const c = await requireCombatOrNull(tx, ctx);
      return c ? (c.state as FateCombatState).combatants.filter(active).map((x) => x.name) : [];
    });
    return names.map((n) => ({ name: n, value: n }));
  },
};

export function defendButtons(ctx: CommandContext): Button[] {
  return DEFENSES.map((s) => ({ customId: `attack:defend:${s}`, label: ctx.t(`attack.defend.${s}`), style: 'primary' as const }));
}

async function requireCombatOrNull(tx: Tx, ctx: CommandContext) {
  try {
    return await requireCombat(tx, ctx);
  } catch {
    return null;
  }
}

/** The defender's button: roll the chosen status, then damage = margin + weapon − armor (L202–205). */
async function defend(ctx: CommandContext, status: (typeof DEFENSES)[number]): Promise<Reply> {
  const out = await ctx.store.transaction(async (tx) => {
    const combatRow = await requireCombat(tx, ctx);
    const state = combatRow.state as FateCombatState;
    const pending = state.pending;
    if (!pending) throw new UserError('attack.noPending');
    const target = state.combatants.find((c) => c.key === pending.target)!;
    const attacker = state.combatants.find((c) => c.key === pending.attacker)!;
    // The defender's player chooses; the GM chooses for NPCs (and may stand in).
    if (target.ownerId !== ctx.user.id && !await isGm(tx, ctx)) throw new UserError('attack.notYourDefense', { name: target.name });
    const defense = await rollFor(tx, target, status, [], ctx);
    const defenseId = await storeRoll(tx, ctx, { result: defense, comment: ctx.t('attack.defenseComment', { name: target.name }), secret: false, ...(target.characterId !== null ? { characterId: target.characterId } : {}) });
    // The attack roll may have been changed by luck or a seal since: read it again.
    const attackValue = (await getRoll(tx, pending.rollId))?.value ?? pending.achievement;
    const armor = await armorOf(tx, target.characterId);
    const resolved = resolveAttack({
      attack: attackValue,
      defense: defense.value,
      weapon: pending.weapon,
      armor,
      magical: pending.magical,
      targetIsServant: target.isServant,
      attackerIsServant: attacker.isServant,
      intent: pending.intent,
      targetHp: target.hp,
    });
    // A Command Seal's "block one attack completely" (seed 001 L290) is spent on the next hit.
    const blocked = resolved.damage > 0 && await spendBlock(tx, ctx, target.characterId);
    const result = blocked ? { ...resolved, damage: 0, hpAfter: target.hp, state: 'standing' as const } : resolved;
    const saved = await saveCombatState(tx, ctx, combatRow, 'combat.defense', applyDamage(state, target.key, result));
    return { defense, defenseId, result, blocked, attacker, target, attackValue, armor, saved };
  });
  const lines = out.blocked ? [ctx.t('attack.blocked', { name: out.target.name })] : attackLines(out.result).map((l) => ctx.t(l.key, l.params));
  const view = rollView(ctx, { result: out.defense, id: out.defenseId, name: out.target.name, comment: ctx.t('attack.defenseComment', { name: out.target.name }) });
  return {
    view: { ...view, blocks: [...view.blocks, text(ctx.t('attack.summary', { attack: out.attackValue, defense: out.defense.value, armor: out.armor })), ...lines.map(text)] },
    dms: [],
    update: true,
    board: trackerUpdate(ctx, out.saved, fateTrackerView(ctx, out.saved.state as FateCombatState)),
  };
}

/** Uses one stored seal block of the defender's character, if it has one. */
async function spendBlock(tx: Tx, ctx: CommandContext, characterId: number | null): Promise<boolean> {
  const row = characterId === null ? undefined : await getCharacter(tx, characterId);
  if (!row) return false;
  const ch = hydrate(row);
  if (!ch.runtime.blocks) return false;
  await saveCharacter(tx, ctx, ch, 'combat.blockSpent', { runtime: { ...ch.runtime, blocks: ch.runtime.blocks - 1 } });
  return true;
}

/** Armor: the defense fixed values of the sheet's gear (normal, heroic, mystic codes). */
async function armorOf(tx: Tx, characterId: number | null): Promise<number> {
  if (characterId === null) return 0;
  const row = await getCharacter(tx, characterId);
  if (!row) return 0;
  const sheet = hydrate(row).sheet;
  return sheet.gear.reduce((sum, g) => sum + (g.fixed?.defense ?? 0), 0);
}
