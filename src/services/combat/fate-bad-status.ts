// Bad statuses in a Fate/roll dice fight (seed 001 L424–437). The GM inflicts one (/combat inflict);
// /combat next applies the per-turn effects: continuous damage ticks at each new round after a
// resistance check (L427, L433: "それ以後は減少前"), an impediment is resisted on its bearer's turn
// and a failure uses that turn (L433). Resistance checks are rolled by the bot: END for physical,
// MAG for magical, rank level for mental (L432), plus the skills the GM allowed at infliction.
import {
  addBadStatus,
  resistBadStatus,
  resistStatus,
  resistsBadStatus,
  turnStartDamage,
  type BadStatus,
} from '../../core/fate/combat/bad-status.js';
import type { CheckStatus } from '../../core/fate/status-names.js';
import { getCharacter } from '../../store/characters.js';
import type { Tx } from '../../store/db.js';
import { hydrate, saveCharacter } from '../characters.js';
import { UserError } from '../errors.js';
import type { CommandContext } from '../types.js';
import { achievementOf, currentActor, nextTurn, rollFor, withSheets } from './fate.js';
import { active, type FateCombatant, type FateCombatState, type FightBadStatus } from './state.js';
import { masterlessRoundEnd } from './fate-masterless.js';

export interface Inflicted extends FightBadStatus {
  /** from an attack that hit: the first tick comes with the hit, resistance after it; otherwise resistance first (L432) */
  byAttack: boolean;
}

type Step = { state: FateCombatState; lines: string[] };

/** The status name of a resistance check in the reader's language. */
function statusName(ctx: CommandContext, s: CheckStatus): string {
  return ctx.t(`fate.bs.resistWith.${s}`);
}

/**
 * One resistance check of `c` against `bs` (L432): true when it overcomes it. A character that can
 * make no check (asleep, L249) fails it.
 */
async function resist(tx: Tx, ctx: CommandContext, c: FateCombatant, bs: FightBadStatus): Promise<{ ok: boolean; line: string; achievement: number }> {
  const status = resistStatus(bs);
  let achievement: number;
  let expression: string;
  try {
    const { result } = await rollFor(tx, c, status, bs.resistSkills, ctx);
    achievement = achievementOf(result);
    expression = result.normalized;
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    return { ok: false, line: ctx.t('fate.bs.cannotResist', { name: c.name, source: bs.source }), achievement: 0 };
  }
  achievement = Math.min(999, achievement);
  const ok = resistsBadStatus(bs.strength, achievement, { equalCancels: bs.equalCancels !== false });
  const params = { name: c.name, source: bs.source, status: statusName(ctx, status), expression, achievement, strength: bs.strength };
  return { ok, line: ctx.t(ok ? 'fate.bs.resisted' : 'fate.bs.notResisted', params), achievement };
}

/** The bearer's list once a resistance check of `achievement` met `bs` (removed when it overcame it). */
function afterResist(c: FateCombatant, bs: FightBadStatus, achievement: number): FightBadStatus[] {
  const list = c.bs ?? [];
  const index = list.indexOf(bs);
  return index < 0 ? list : (resistBadStatus(list, index, achievement, { equalCancels: bs.equalCancels !== false }) as FightBadStatus[]);
}

/** HP/MP lost to continuous damage: on the sheet for a sheet combatant (one source of truth), else on the NPC. */
async function hurt(tx: Tx, ctx: CommandContext, state: FateCombatState, key: string, hp: number, mp: number): Promise<FateCombatState> {
  if (hp === 0 && mp === 0) return state;
  const c = state.combatants.find((x) => x.key === key)!;
  const row = c.characterId === null ? undefined : await getCharacter(tx, c.characterId);
  if (row) {
    const ch = hydrate(row);
    const hpAfter = Math.max(0, ch.runtime.hp - hp);
    await saveCharacter(tx, ctx, ch, 'combat.bsDamage', { runtime: { ...ch.runtime, hp: hpAfter, mp: Math.max(0, ch.runtime.mp - mp), incapacitated: ch.runtime.incapacitated || hpAfter === 0 } });
    return await withSheets(tx, state);
  }
  return {
    ...state,
    combatants: state.combatants.map((x) => {
      if (x.key !== key) return x;
      const hpAfter = Math.max(0, x.hp - hp);
      return { ...x, hp: hpAfter, mp: Math.max(0, x.mp - mp), incapacitated: x.incapacitated || hpAfter === 0 };
    }),
  };
}

function withList(state: FateCombatState, key: string, bs: FightBadStatus[]): FateCombatState {
  return { ...state, combatants: state.combatants.map((x) => (x.key === key ? { ...x, bs } : x)) };
}

async function tick(tx: Tx, ctx: CommandContext, state: FateCombatState, c: FateCombatant, bs: BadStatus): Promise<Step> {
  const { hp, mp, lines } = turnStartDamage([bs]);
  const next = await hurt(tx, ctx, state, c.key, hp, mp);
  const after = next.combatants.find((x) => x.key === c.key)!;
  const out = lines.map((l) => `${c.name}: ${ctx.t(l.key, l.params)}`);
  if (hp > 0 && after.hp === 0) out.push(ctx.t('fate.bs.down', { name: c.name }));
  return { state: next, lines: out };
}

/**
 * /combat inflict (GM): adds a BS to a combatant. Not from an attack: resisted before it takes
 * effect; from an attack: continuous damage ticks at once with the hit, then the resistance
 * check (L432). A field's continuous damage also ticks when it appears (L428).
 */
export async function inflict(tx: Tx, ctx: CommandContext, state: FateCombatState, who: string, bs: Inflicted): Promise<Step> {
  const c = state.combatants.find((x) => x.name === who);
  if (!c) throw new UserError('combat.unknown', { name: who });
  if (!active(c)) throw new UserError('attack.targetDown', { name: c.name });
  const { byAttack, ...entry } = bs;
  const lines = [ctx.t('fate.bs.inflicted', { name: c.name, bs: describeBadStatus(ctx, entry) })];
  const canResist = entry.resistible && entry.kind !== 'other';
  if (!byAttack && canResist) {
    const r = await resist(tx, ctx, c, entry);
    lines.push(r.line);
    if (r.ok) return { state, lines };
  }
  const old = c.bs ?? [];
  const list = addBadStatus(old, entry) as FightBadStatus[];
  let next = withList(state, c.key, list);
  // The new entry, or the one it merged into (重複時合計, L435): the resistance is against that one.
  const index = list.length > old.length ? list.length - 1 : list.findIndex((x, i) => x !== old[i]);
  const held = list[index]!;
  if (entry.kind === 'continuous') {
    const t = await tick(tx, ctx, next, c, entry);
    next = t.state;
    lines.push(...t.lines);
  } else {
    // What an impediment (or another BS) does, said once when it lands.
    lines.push(...turnStartDamage([entry]).lines.map((l) => ctx.t(l.key, l.params)));
  }
  const now = next.combatants.find((x) => x.key === c.key)!;
  if (byAttack && canResist && active(now)) {
    const r = await resist(tx, ctx, now, held);
    lines.push(r.line);
    next = withList(next, c.key, afterResist(now, held, r.achievement));
  }
  return { state: next, lines };
}

/** /combat cure (GM): ends BS #number (1-based) or all of them, e.g. a situation that is over (L434, L436). */
export function cure(state: FateCombatState, who: string, number: number | null): FateCombatState {
  const c = state.combatants.find((x) => x.name === who);
  if (!c) throw new UserError('combat.unknown', { name: who });
  const list = c.bs ?? [];
  if (number !== null && (number < 1 || number > list.length)) {
    throw new UserError('fate.bs.noSuch', { name: c.name, number, count: list.length });
  }
  return withList(state, c.key, number === null ? [] : list.filter((_, i) => i !== number - 1));
}

/**
 * A new round (L427, L433): every standing combatant resists each of its continuous damages first
 * (success ends it); each one not overcome deals its strength. Flight that has run out ends.
 */
async function roundStart(tx: Tx, ctx: CommandContext, state: FateCombatState): Promise<Step> {
  let next: FateCombatState = {
    ...state,
    combatants: state.combatants.map((c) => {
      if (!c.flight || c.flight.untilRound === null || c.flight.untilRound >= state.round) return c;
      const { flight: _flight, ...rest } = c;
      return rest;
    }),
  };
  const lines: string[] = [];
  for (const key of next.combatants.map((c) => c.key)) {
    const c0 = next.combatants.find((x) => x.key === key)!;
    for (const bs of c0.bs ?? []) {
      if (bs.kind !== 'continuous') continue;
      const c = next.combatants.find((x) => x.key === key)!;
      if (!active(c)) break;
      if (bs.resistible) {
        const r = await resist(tx, ctx, c, bs);
        lines.push(r.line);
        if (r.ok) {
          next = withList(next, key, afterResist(c, bs, r.achievement));
          continue;
        }
      }
      const t = await tick(tx, ctx, next, c, bs);
      next = t.state;
      lines.push(...t.lines);
    }
  }
  return { state: next, lines };
}

/**
 * The actor's turn begins (L433): each impediment is resisted; a success ends it, a failure uses
 * the action (the turn passes). A situation no roll overcomes only lowers checks.
 */
async function turnStart(tx: Tx, ctx: CommandContext, state: FateCombatState, actor: FateCombatant): Promise<Step & { skip: boolean }> {
  let next = state;
  const lines: string[] = [];
  let skip = false;
  for (const bs of actor.bs ?? []) {
    if (bs.kind !== 'impediment' || !bs.resistible) continue;
    const c = next.combatants.find((x) => x.key === actor.key)!;
    const r = await resist(tx, ctx, c, bs);
    lines.push(r.line);
    next = withList(next, actor.key, afterResist(c, bs, r.achievement));
    if (!r.ok) skip = true;
  }
  if (skip) lines.push(ctx.t('fate.bs.actionLost', { name: actor.name }));
  return { state: next, lines, skip };
}

/** /combat next with the per-turn effects of bad statuses: a turn lost or a combatant downed moves on. */
export async function advanceTurn(tx: Tx, ctx: CommandContext, state: FateCombatState): Promise<{ state: FateCombatState; ties: string[] }> {
  const lines: string[] = [];
  let s = state;
  // Bounded: every pass either ends a turn or downs someone.
  for (let pass = 0; pass < 4 * (state.combatants.length + 1); pass++) {
    // The combat turn (round) that ends costs a masterless servant RL HP and MP (L244), before the next one starts.
    if (roundOver(s)) {
      const decay = await masterlessRoundEnd(tx, ctx, s);
      lines.push(...decay.lines);
      s = decay.state;
    }
    const step = nextTurn(s, ctx);
    lines.push(...step.ties);
    s = step.state;
    if (step.newRound) {
      const r = await roundStart(tx, ctx, s);
      s = r.state;
      lines.push(...r.lines);
    }
    const actor = currentActor(s);
    if (!actor) break;
    if (!active(actor)) continue;
    const t = await turnStart(tx, ctx, s, actor);
    s = t.state;
    lines.push(...t.lines);
    if (!t.skip) break;
  }
  return { state: s, ties: lines };
}

/** Whether the next /combat next starts a new round: a round is under way and nobody after this turn can act. */
function roundOver(s: FateCombatState): boolean {
  if (s.round === 0) return false;
  for (let turn = s.turn + 1; turn < s.order.length; turn++) {
    const c = s.combatants.find((x) => x.key === s.order[turn]);
    if (c && active(c)) return false;
  }
  return true;
}

/** "毒 (継続ダメージ Lv3 · HP · 物理)" in the reader's language, for the tracker and replies. */
export function describeBadStatus(ctx: CommandContext, bs: FightBadStatus): string {
  const what = bs.kind === 'continuous' ? ctx.t(`fate.bs.target.${bs.target}`) : bs.kind === 'impediment' ? ctx.t(`fate.bs.checks.${bs.checks ?? 'body'}`) : null;
  const parts = [`${ctx.t(`fate.bs.kind.${bs.kind}`)} Lv${bs.strength}`, ...(what ? [what] : []), ctx.t(`fate.bs.nature.${bs.nature}`)];
  if (!bs.resistible) parts.push(ctx.t('fate.bs.unresistible'));
  return `${bs.source} (${parts.join(' · ')})`;
}
