// `/persona attack skill:` without `targets:` on a skill that needs them: instead of a refusal, the
// actor (the slot's player or the GM) picks the target from a select menu of who the skill can reach
// (foes for an attack, allies for a heal or buff; a hidden shadow under the name the table sees), and
// the attack runs as if typed (issue 19 §2: a fight's targets as a select menu).
import { inCombat } from '../../src/core/persona/index.js';
import { isPersona } from '../../src/services/combat/persona.js';
import { isGm, requireCombat } from '../../src/services/combat/store.js';
import { UserError } from '../../src/services/errors.js';
import type { CommandContext, CommandOptions } from '../../src/services/types.js';
import { optionsFrom } from '../../src/services/options-from.js';
import type { Reply, SelectOption } from '../../src/views/view.js';
import { act, attackStep } from './step.js';

const PREFIX = 'persona:targets:';
const MAX_OPTIONS = 25;

/** The picker, or null when the typed options already say whom (or the skill needs no one). */
export async function targetPicker(ctx: CommandContext, options: CommandOptions): Promise<Reply | null> {
  const skillName = options.string('skill');
  if (!skillName || options.string('targets') || options.string('dice')) return null;
  const picked = await ctx.store.transaction(async (tx) => {
    const state = (await requireCombat(tx, ctx)).state;
    if (!isPersona(state) || !state.combat || state.combat.phase !== 'slot') return null;
    const combat = state.combat;
    const ownerId = combat.slot?.ownerId;
    const owner = state.setup.find((c) => c.id === ownerId);
    const skill = owner?.skills?.find((s) => s.name === skillName);
    if (!skill || skill.all || skill.kind === 'analyze') return null;
    if (owner?.owner !== ctx.user.id && !(await isGm(tx, ctx))) throw new UserError('combat.notYourTurn', { name: combat.combatants.find((c) => c.id === ownerId)?.name ?? '-' });
    const actor = combat.combatants.find((c) => c.id === ownerId)!;
    const friendly = skill.kind === 'heal' || skill.kind.endsWith('+');
    const reach = combat.combatants.filter((c) => (inCombat(c) || (skill.kind === 'heal' && skill.revive === true && c.incapacitated && !c.dead)) && (friendly ? c.side === actor.side : c.side !== actor.side));
    return reach.slice(0, MAX_OPTIONS).map((c): SelectOption => ({ label: c.name.slice(0, 100), value: c.name.slice(0, 100) }));
  });
  if (!picked) return null;
  if (picked.length === 0) throw new UserError('persona.cmd.needTargets', { skill: skillName });
  const customId = `${PREFIX}${skillName}`;
  if (customId.length > 100) return null; // too long a name to carry: the refusal asks for targets:
  return {
    view: { locale: ctx.locale, tone: 'info', title: ctx.t('persona.cmd.targetsTitle', { skill: skillName }), blocks: [], select: { customId, placeholder: ctx.t('persona.cmd.targetsPlaceholder'), options: picked }, ephemeral: true },
    dms: [],
  };
}

/** The choice from the picker: the attack runs with it as `targets:`. */
export async function pickedTarget(ctx: CommandContext, customId: string, values: readonly string[] | undefined): Promise<Reply> {
  const skill = customId.slice(PREFIX.length);
  const target = values?.[0];
  if (!customId.startsWith(PREFIX) || !skill || !target) throw new UserError('error.staleButton');
  const options = optionsFrom('attack', { skill, targets: target });
  return await act(ctx, 'attack', (combat, state, rng) => attackStep(combat, state, options, rng));
}
