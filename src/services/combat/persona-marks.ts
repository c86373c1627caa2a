// A Persona combatant's marks on the tracker, shared by the text tracker (persona.ts) and its picture
// (tracker-picture.ts); a file of its own so that neither of those two imports the other.
import type { CombatState } from '../../core/persona/index.js';
import { statusDef } from '../../core/persona/combatant.js';
import { naturalRecoveryChance, recoveryStatValue } from '../../core/persona/status.js';
import { effectiveDb } from '../../core/persona/db-rank.js';
import { initiativeOf } from '../../core/persona/initiative.js';
import type { Combatant } from '../../core/persona/types.js';
import { findBadStatus } from '../../core/persona/status-table.js';
import type { BadgeTone } from '../../pictures/model.js';
import { line, renderLine, type Line } from '../../views/line.js';
import { isOwned, own, type Maybe, type Printable } from '../../views/owned.js';
import type { Readers } from '../../views/view.js';
import type { CommandContext } from '../types.js';
import { GM_ONLY, TABLE } from './persona-lines.js';

/** Whose a combatant's numbers are: the GM's for a hidden one, nobody's (public) otherwise. */
export function readersOf(state: { setup: readonly { id: string; hidden?: boolean }[] }, id: string): Readers | null {
  return state.setup.find((c) => c.id === id)?.hidden ? GM_ONLY : null;
}

/** A combatant's numbers on the board, owned by the GM when it is hidden. */
export interface BoardNumbers {
  init: Maybe<number>;
  hp: Maybe<number>;
  hpMax: Maybe<number>;
  sp: Maybe<number>;
  spMax: Maybe<number>;
}

export function boardNumbers(c: Combatant, readers: Readers | null): BoardNumbers {
  return {
    init: own(initiativeOf(c), readers),
    hp: own(c.hp, readers),
    hpMax: own(c.hpMax, readers),
    sp: own(c.sp, readers),
    spMax: own(c.spMax, readers),
  };
}

/** The board and its picture are the table's: a value as the table may read it, or undefined. */
export function forTable<T extends Printable>(value: Maybe<T>): T | undefined {
  return isOwned(value) ? (value.for(TABLE) as T | undefined) : value;
}

/** A line worded for the table (the tracker's text and picture are plain strings). */
export function tableText(ctx: CommandContext, l: Line): string {
  return renderLine(l, ctx.locale, TABLE);
}

/**
 * A combatant's marks on the tracker (Persona, Down, Dizzy, statuses, buffs, analyzing, out of the
 * fight), with a tone for the picture's badges, worded for the table: a hidden combatant's numbers
 * (its status recovery odds from CON/POW, its db after Taru/Maka) are the GM's and stay out.
 */
export function personaMarks(ctx: CommandContext, combat: CombatState, c: Combatant, readers: Readers | null): { text: string; tone: BadgeTone }[] {
  const t = ctx.t;
  const statusText = c.badStatus ? (findBadStatus(combat.config.badStatuses, c.badStatus.id)?.name[ctx.locale] ?? c.badStatus.id) : '';
  const odds = nextRecoveryChance(combat, c);
  const status =
    statusText && odds !== null
      ? tableText(ctx, line('persona.board.statusOdds', { status: statusText, odds: line('persona.board.recovery', { n: own(odds, readers) }) }, line('persona.board.statusOnly', { status: statusText })))
      : statusText;
  const persona = c.personaUser ? (c.released ? t('persona.board.released') : c.summoned ? (c.persona ? t('persona.board.persona', { persona: c.persona }) : t('persona.board.summoned')) : t('persona.board.unsummoned')) : '';
  const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
  // the stage is the table's (each cast is a declared action, JA L597–602); the db it leads to is the combatant's
  const kaja = (k: 'taru' | 'maka', stage: number | undefined, kind: 'physical' | 'magic') =>
    stage ? tableText(ctx, line(`persona.board.${k}`, { n: signed(stage), db: own(effectiveDb(combat.config, c, kind), readers) }, line(`persona.board.${k}Stage`, { n: signed(stage) }))) : '';
  const marks: { text: string; tone: BadgeTone }[] = [
    { text: persona, tone: c.released || c.summoned ? 'good' : 'neutral' },
    { text: c.down ? t('combat.cond.down') : '', tone: 'bad' },
    { text: c.dizzy > 0 ? t('combat.cond.dizzy') : '', tone: 'bad' },
    { text: c.defending ? t('persona.board.defending') : '', tone: 'good' },
    { text: c.waiting ? t('persona.board.waiting') : '', tone: 'neutral' },
    { text: c.analyzing ? t('persona.board.analyzing') : '', tone: 'neutral' },
    { text: status, tone: 'bad' },
    { text: c.suku !== 0 ? t('persona.board.suku', { n: signed(c.suku) }) : '', tone: c.suku > 0 ? 'good' : 'bad' },
    { text: c.raku !== 0 ? t('persona.board.raku', { n: signed(c.raku) }) : '', tone: c.raku > 0 ? 'good' : 'bad' },
    { text: kaja('taru', c.taru, 'physical'), tone: (c.taru ?? 0) > 0 ? 'good' : 'bad' },
    { text: kaja('maka', c.maka, 'magic'), tone: (c.maka ?? 0) > 0 ? 'good' : 'bad' },
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
