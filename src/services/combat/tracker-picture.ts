// The tracker's picture (issue 22 §1), built from exactly what the text tracker shows the table: a
// hidden combatant brings its name, side and condition (and, in Persona, its marks) but no number.
import type { CombatState } from '../../core/persona/index.js';
import { projectedOrder } from '../../core/persona/initiative.js';
import type { BadgeTone, TrackerEntry, TrackerPicture } from '../../pictures/model.js';
import type { CommandContext } from '../types.js';
import { describeBadStatus } from './fate-bad-status.js';
import { priorityNow } from './fate-priority.js';
import type { PersonaCombatState } from './persona.js';
import { boardNumbers, forTable, personaMarks, readersOf } from './persona-marks.js';
import { own } from '../../views/owned.js';
import type { FateCombatState } from './state.js';
import { tableNumber, type TrackerFighter } from './tracker-fighters.js';

/**
 * The Fate tracker's picture from the tracker's own fighters (./tracker.ts): a number whose owner keeps
 * it (a hidden NPC's, a war faction's MP) is not drawn — the picture is the table's, like the text.
 */
export function fateTrackerPicture(ctx: CommandContext, state: FateCombatState, head: string, ordered: readonly TrackerFighter[], current: string | undefined): TrackerPicture {
  const combatants = ordered.map((f): TrackerEntry => {
    const base = { name: f.name, side: f.side, row: ctx.t(`combat.row.${f.row}`), current: f.key === current, condition: f.condition, out: f.out };
    const [hp, hpMax, mp, mpMax, iv] = [tableNumber(f.hp), tableNumber(f.hpMax), tableNumber(f.mp), tableNumber(f.mpMax), tableNumber(f.iv)] as const;
    if (hp === null || hpMax === null || iv === null) return { ...base, bars: [], badges: [] };
    const c = f.shown;
    const badges: { text: string; tone: BadgeTone }[] = [];
    if (c.flight) badges.push({ text: ctx.t('fate.flight.tag', { level: c.flight.level }), tone: 'good' });
    const p = priorityNow(c, state.round);
    if (p) badges.push({ text: ctx.t(`fate.tracker.priority.${p.shift > 0 ? 'attack' : 'defense'}`, { dice: Math.abs(p.shift) }), tone: 'neutral' });
    for (const bs of c.bs ?? []) badges.push({ text: describeBadStatus(ctx, bs), tone: 'bad' });
    // A war faction's character's MP is its faction's (seed 001 L50), as in the text; an NPC without MP has no bar.
    const mpBar = mp === null || mpMax === null || mpMax <= 0 ? [] : [{ label: 'MP', value: mp, max: mpMax }];
    return { ...base, initiative: `IV ${iv}`, bars: [{ label: 'HP', value: hp, max: hpMax }, ...mpBar], badges };
  });
  return { kind: 'tracker', title: ctx.t('combat.tracker.title', { name: state.name }), head, combatants };
}

export function personaTrackerPicture(ctx: CommandContext, state: PersonaCombatState, head: string): TrackerPicture {
  const combat: CombatState | null = state.combat;
  const t = ctx.t;
  // Drawn from the values the table may read (persona-marks.ts): a hidden combatant's are the GM's, so
  // it brings no bar and no initiative, only what the text shows of it.
  const combatants: TrackerEntry[] = combat
    ? combat.combatants.map((c) => {
        const out = c.dead || c.incapacitated || c.fled;
        const readers = readersOf(state, c.id);
        const marks = personaMarks(ctx, combat, c, readers);
        const condition = out ? (marks.pop()?.text ?? '') : t(c.hp * 2 < c.hpMax ? 'combat.cond.wounded' : 'combat.cond.standing');
        const base = { name: c.name, side: c.side, current: combat.phase !== 'ended' && combat.slot?.ownerId === c.id, condition, badges: marks, out };
        const n = boardNumbers(c, readers);
        const [init, hp, hpMax, sp, spMax] = [forTable(n.init), forTable(n.hp), forTable(n.hpMax), forTable(n.sp), forTable(n.spMax)];
        const bars = [
          ...(hp !== undefined && hpMax !== undefined ? [{ label: 'HP', value: hp, max: hpMax }] : []),
          // (a combatant without SP has no SP bar)
          ...(sp !== undefined && spMax !== undefined && spMax > 0 ? [{ label: 'SP', value: sp, max: spMax }] : []),
        ];
        return { ...base, ...(init !== undefined ? { initiative: t('persona.board.init', { n: init }) } : {}), bars };
      })
    : state.setup.map((c) => {
        const readers = readersOf(state, c.id);
        const [hp, sp] = [forTable(own(c.hp, readers)), forTable(own(c.sp ?? 0, readers))];
        return {
          name: c.name,
          side: c.side,
          current: false,
          condition: t('combat.tracker.setup'),
          badges: [],
          out: false,
          bars: hp !== undefined && sp !== undefined ? [{ label: 'HP', value: hp, max: hp }, { label: 'SP', value: sp, max: sp }] : [],
        };
      });
  const rest = combat && combat.phase !== 'ended' ? projectedOrder(combat).filter((c) => c.id !== combat.turn?.actorId) : [];
  return {
    kind: 'tracker',
    title: t('combat.tracker.title', { name: state.name }),
    head,
    ...(rest.length ? { next: t('persona.board.next', { names: rest.map((c) => c.name).join(' → ') }) } : {}),
    combatants,
  };
}
