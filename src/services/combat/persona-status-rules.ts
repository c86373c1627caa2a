// What a bad status takes away, checked before a slot's action by whoever runs it (issue 20; the
// GM's table, src/core/persona/status-table.ts). 悩殺・激昂・混乱・暴走 take the choice of action: a
// player may only take the random action or Defend, always possible (KO L174–179); the GM, who
// applies the list's judgement steps (②–④), may run anything. A status that forbids Persona skills
// also forbids Analyze, a skill (JA L419).
import { choiceBlockingStatus, requireSkillsUsable } from '../../core/persona/combatant.js';
import { findBadStatus } from '../../core/persona/status-table.js';
import type { CombatState } from '../../core/persona/index.js';
import type { Locale } from '../../i18n/index.js';
import { UserError } from '../errors.js';

/** Refuses a player's chosen action (`sub`) for a slot owner who cannot choose, naming the status. */
export function requireChoice(combat: CombatState, gm: boolean, sub: string, locale: Locale): void {
  const actor = combat.combatants.find((c) => c.id === combat.slot?.ownerId);
  const noChoice = actor ? choiceBlockingStatus(combat, actor) : undefined;
  if (!noChoice || gm || sub === 'random' || sub === 'defend') return;
  throw new UserError('persona.cmd.randomOnly', { name: actor!.name, status: findBadStatus(combat.config.badStatuses, noChoice.id)?.name[locale] ?? noChoice.id });
}

/** Analyze is a Persona skill: the choice rule above, and no Analyze under a status that forbids skills. */
export function requireAnalyzeAllowed(combat: CombatState, gm: boolean, locale: Locale): void {
  requireChoice(combat, gm, 'analyze', locale);
  const actor = combat.combatants.find((c) => c.id === combat.slot?.ownerId);
  if (actor) requireSkillsUsable(combat, actor);
}
