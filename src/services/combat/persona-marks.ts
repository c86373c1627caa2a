// A Persona combatant's marks on the tracker, shared by the text tracker (persona.ts) and its picture
// (tracker-picture.ts); a file of its own so that neither of those two imports the other.
import type { CombatState } from '../../core/persona/index.js';
import { statusDef } from '../../core/persona/combatant.js';
import { naturalRecoveryChance, recoveryStatValue } from '../../core/persona/status.js';
import { effectiveDb } from '../../core/persona/db-rank.js';
import type { Combatant } from '../../core/persona/types.js';
import { findBadStatus } from '../../core/persona/status-table.js';
import type { BadgeTone } from '../../pictures/model.js';
import type { CommandContext } from '../types.js';

/**
 * A combatant's marks on the tracker (Persona, Down, Dizzy, statuses, buffs, out of the fight), with a
 * tone for the picture's badges. A hidden combatant's status recovery odds are left out (they show its stats).
 */
export function personaMarks(ctx: CommandContext, combat: CombatState, c: Combatant, hidden: ReadonlySet<string>): { text: string; tone: BadgeTone }[] {
  const t = ctx.t;
  const statusText = c.badStatus ? (findBadStatus(combat.config.badStatuses, c.badStatus.id)?.name[ctx.locale] ?? c.badStatus.id) : '';
  const odds = nextRecoveryChance(combat, c);
  const status = statusText && odds !== null && !hidden.has(c.id) ? `${statusText} (${t('persona.board.recovery', { n: odds })})` : statusText;
  const persona = c.personaUser ? (c.released ? t('persona.board.released') : c.summoned ? (c.persona ? t('persona.board.persona', { persona: c.persona }) : t('persona.board.summoned')) : t('persona.board.unsummoned')) : '';
  const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
  const marks: { text: string; tone: BadgeTone }[] = [
    { text: persona, tone: c.released || c.summoned ? 'good' : 'neutral' },
    { text: c.down ? t('combat.cond.down') : '', tone: 'bad' },
    { text: c.dizzy > 0 ? t('combat.cond.dizzy') : '', tone: 'bad' },
    { text: c.defending ? t('persona.board.defending') : '', tone: 'good' },
    { text: c.waiting ? t('persona.board.waiting') : '', tone: 'neutral' },
    { text: status, tone: 'bad' },
    { text: c.suku !== 0 ? t('persona.board.suku', { n: signed(c.suku) }) : '', tone: c.suku > 0 ? 'good' : 'bad' },
    { text: c.raku !== 0 ? t('persona.board.raku', { n: signed(c.raku) }) : '', tone: c.raku > 0 ? 'good' : 'bad' },
    { text: c.taru ? t('persona.board.taru', { n: signed(c.taru), db: effectiveDb(combat.config, c, 'physical') }) : '', tone: (c.taru ?? 0) > 0 ? 'good' : 'bad' },
    { text: c.maka ? t('persona.board.maka', { n: signed(c.maka), db: effectiveDb(combat.config, c, 'magic') }) : '', tone: (c.maka ?? 0) > 0 ? 'good' : 'bad' },
    { text: c.dead ? t('combat.cond.dead') : c.incapacitated ? t('combat.cond.incapacitated') : '', tone: 'bad' },
    { text: c.fled ? t('combat.cond.escaped') : '', tone: 'neutral' },
  ];
  return marks.filter((m) => m.text !== '');
}

/**
 * The natural-recovery chance at the character's next own turn, (CON/POW or 耐/魔) × elapsed rounds %
 * (JA L352–353), for the board; null when the status does not recover naturally or the fight counts
 * KO L183's turns (which depend on everyone's turns to come).
 */
function nextRecoveryChance(combat: CombatState, c: Combatant): number | null {
  const def = statusDef(combat, c.badStatus);
  if (c.badStatus === null || def?.cure !== 'natural' || def.recoveryStat === null || combat.config.recoveryCount === 'turns') return null;
  const nextRound = c.acted ? combat.round + 1 : combat.round;
  return naturalRecoveryChance(recoveryStatValue(c, def.recoveryStat), nextRound - c.badStatus.round);
}
