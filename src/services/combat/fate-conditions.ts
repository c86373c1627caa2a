// What a character's state does to any Fate check the bot rolls (seed 001), in one place so that
// /check, /attack, defense, cover, escape, opposed checks, summoning and bad-status resistance agree:
// - the dead, the incapacitated and a master asleep this action turn make no check (L204, L249);
// - an all-nighter's achievement −1, −1 more per awake turn ("あらゆる判定", L247);
// - an impediment lowers the checks it names (L430) — the bearer's fight state, or the channel's fight;
// - skills that add their dice to one kind of check: 仕切り直し to escape rolls (L1152).
import type { CheckNote } from '../../core/fate/check.js';
import { ESCAPE_SKILLS } from '../../core/fate/combat/escape.js';
import { impedimentPenalty, type ImpededChecks } from '../../core/fate/combat/bad-status.js';
import { findSkill } from '../../core/fate/sheet/index.js';
import type { CheckStatus } from '../../core/fate/status-names.js';
import { activeCombat } from '../../store/combats.js';
import type { Tx } from '../../store/db.js';
import { checkStanding, type Character, type WarStanding } from '../characters.js';
import type { CommandContext } from '../types.js';
import type { FateCombatState, FightBadStatus } from './state.js';

/** What the roll is for, when a rule adds to one kind of roll only. */
export type RollPurpose = 'escape';

export interface Conditions {
  /** the all-nighter penalty alone (callers that show it apart) */
  allNighter: number;
  /** all-nighter + impediment: the achievement minus the conditions add */
  minus: number;
  /** skills the purpose adds (names as the sheet writes them) */
  skills: string[];
  /** why, as catalog keys (each reader reads them in their language) */
  notes: CheckNote[];
}

/**
 * The conditions of `ch` (null: an ad-hoc NPC, only its bad statuses count) for a check of `status`.
 * `bs`: the bearer's bad statuses when the caller holds its combatant; otherwise the channel's Fate
 * fight is read for them. `standing`: the character's war standing when the caller read it already.
 * Throws the standing refusal (dead, incapacitated, asleep) as a UserError.
 */
export async function conditionsOf(
  tx: Tx,
  ctx: CommandContext,
  ch: Character | null,
  status: CheckStatus | null,
  opts: { bs?: FightBadStatus[]; purpose?: RollPurpose; skills?: string[]; standing?: WarStanding } = {},
): Promise<Conditions> {
  const allNighter = ch ? (await checkStanding(tx, ctx, ch, opts.standing)).allNighter : 0;
  const notes: CheckNote[] = [];
  if (allNighter > 0) notes.push({ key: 'check.allNighter', params: { penalty: allNighter } });
  const bs = opts.bs ?? (ch ? await fightBadStatuses(tx, ctx, ch.row.id) : []);
  const checks = status ? impededBy(status) : null;
  const impeded = checks ? impedimentPenalty(bs, checks) : 0;
  if (impeded > 0) notes.push({ key: 'fate.bs.impededNote', params: { penalty: impeded } });
  const skills: string[] = [];
  if (ch && opts.purpose === 'escape') {
    const named = new Set((opts.skills ?? []).map((s) => findSkill(ch.sheet, s)?.name ?? s));
    for (const name of ESCAPE_SKILLS) {
      const found = findSkill(ch.sheet, name);
      if (found && !named.has(found.name)) {
        skills.push(found.name);
        notes.push({ key: 'fate.escape.skillNote', params: { skill: found.name } });
      }
    }
  }
  return { allNighter, minus: allNighter + impeded, skills, notes };
}

/** What kind of check an impediment lowers (L430): STR/END/AGI body, MAG magic, LUK luck. */
export function impededBy(status: CheckStatus): ImpededChecks | null {
  if (status === 'str' || status === 'end' || status === 'agi') return 'body';
  if (status === 'mag') return 'magic';
  return status === 'luk' ? 'luck' : null;
}

/** The bad statuses a character bears in this channel's Fate fight (none outside a fight). */
async function fightBadStatuses(tx: Tx, ctx: CommandContext, characterId: number): Promise<FightBadStatus[]> {
  const combat = await activeCombat(tx, ctx.channelId);
  if (!combat || combat.ruleset !== 'fate') return [];
  const state = combat.state as FateCombatState;
  return state.combatants?.find((c) => c.characterId === characterId)?.bs ?? [];
}
