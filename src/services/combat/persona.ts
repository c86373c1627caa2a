// Persona-style fights in the tracker: combatants are set up ad hoc or from a stat block, then the
// core's state machine runs the rounds; every command applies one rule call and advances to the
// next open slot. The board (pinned tracker) shows every state a table asks about.
import { advance, continueEscape, type CombatantInit, type CombatState, type ConfigPatch, type PersonaConfig, type PersonaEvent } from '../../core/persona/index.js';
import { initiativeOf, nextActorCandidates, projectedOrder } from '../../core/persona/initiative.js';
import { canAct, choiceBlockingStatus, skillBlockingStatus, speedStat } from '../../core/persona/combatant.js';
import { escapeChance } from '../../core/persona/escape.js';
import type { Combatant, TalkReward } from '../../core/persona/types.js';
import { personaEventText } from '../../core/persona/text.js';
import type { RandomSource } from '../../core/random.js';
import { text, type View } from '../../views/view.js';
import type { CommandContext } from '../types.js';
import type { PersonaSkill, StatBlock } from './persona-block.js';
import { bar } from './bars.js';
import { personaMarks } from './persona-marks.js';
import { personaTrackerPicture } from './tracker-picture.js';

export { parseResistances } from './persona-input.js';

export type PersonaSetup = CombatantInit & {
  hidden?: boolean;
  /** the player who acts for this combatant (the GM always may) */
  owner?: string | null;
  /** the pasted stat block, kept so a later fight in this channel can reuse it */
  block?: StatBlock;
  skills?: PersonaSkill[];
};

export interface PersonaCombatState {
  kind: 'persona';
  name: string;
  setup: PersonaSetup[];
  combat: CombatState | null;
  nextKey: number;
  surprised?: 'pc' | 'npc' | null;
  /** combatant id → tries Persona evasion when attacked (the defender's own choice; default yes) */
  dodge?: Record<string, boolean>;
  /** ids first among tied candidates of a side (JA L62: the side chooses) */
  tieFirst?: string[];
  /** Cover declared by the coverer for this round (JA L961–966): used by the next attack on `target` */
  cover?: { by: string; target: string; evade: boolean; round: number }[];
  /** house settings and the GM's bad-status table chosen before round 1 (passed to createCombat) */
  config?: ConfigPatch & Partial<Pick<PersonaConfig, 'badStatuses'>>;
}

/** A combatant still lying incapacitated: a finish-off can be declared at round start (JA L882–886). */
export const finishable = (combat: CombatState): boolean => combat.combatants.some((c) => c.incapacitated && !c.dead && !c.fled);

export const isPersona = (s: unknown): s is PersonaCombatState => typeof s === 'object' && s !== null && (s as { kind?: string }).kind === 'persona';

export function newPersonaState(name: string): PersonaCombatState {
  return { kind: 'persona', name, setup: [], combat: null, nextKey: 1 };
}

export const tries = (state: PersonaCombatState, id: string): boolean => state.dodge?.[id] ?? true;

/** Everyone's standing evasion choice; who is covered against an attack is settled per attack (persona-evasion.ts). */
export const standingEvasion = (combat: CombatState, state: PersonaCombatState): Set<string> => new Set(combat.combatants.filter((c) => tries(state, c.id)).map((c) => c.id));

/**
 * Runs the automatic steps until someone has a slot open (or the fight ends). Ties go to `tieFirst`.
 * A new round stops at its start while someone lies incapacitated, so a finish-off can be declared
 * (JA L884); `/persona go` then continues with `pause` false.
 */
export function advanceToSlot(combat: CombatState, rng: RandomSource, tieFirst: readonly string[] = [], pause = true): { combat: CombatState; events: PersonaEvent[] } {
  let state = combat;
  const events: PersonaEvent[] = [];
  for (let guard = 0; guard < 50 && state.phase !== 'slot' && state.phase !== 'ended'; guard++) {
    if (pause && guard > 0 && state.phase === 'roundStart' && finishable(state)) break;
    const candidates = (state.phase === 'idle' || state.phase === 'roundStart') && state.pending.length === 0 ? nextActorCandidates(state) : [];
    const chosen = tieFirst.find((id) => candidates.some((c) => c.id === id));
    const step = advance(state, rng, chosen !== undefined && candidates.length > 1 ? { actorId: chosen } : {});
    state = step.state;
    events.push(...step.events);
    // a group escape waiting for its slowest participant (JA L829): a participant's slot waits or rolls it
    const fled = continueEscape(state, rng);
    if (fled) {
      state = fled.state;
      events.push(...fled.events);
    }
  }
  return { combat: state, events };
}

// Events that carry a combatant's numbers: when one of the named combatants is hidden, the table reads
// the line without them (issue 12 #4, issue 18): HP/SP, defenses, initiative (速), a chance from which
// 運 or DEX follows, the damage dice (db). `who` names the params whose combatant matters.
const HIDDEN_RULES: Record<string, { who: readonly string[]; variant: string }> = {
  'persona.damage.taken': { who: ['subject'], variant: 'persona.damage.takenHidden' },
  'persona.heal.absorb': { who: ['subject'], variant: 'persona.heal.absorbHidden' },
  'persona.heal.hp': { who: ['subject'], variant: 'persona.heal.hpHidden' },
  'persona.heal.sp': { who: ['subject'], variant: 'persona.heal.spHidden' },
  'persona.gm.adjusted': { who: ['subject'], variant: 'persona.gm.adjustedHidden' },
  'persona.attack.cost': { who: ['subject'], variant: 'persona.attack.costHidden' },
  'persona.attack.costHp': { who: ['subject'], variant: 'persona.attack.costHidden' },
  'persona.attack.costSp': { who: ['subject'], variant: 'persona.attack.costHidden' },
  // the evasion target would reveal a hidden shadow's 速
  'persona.evade.success': { who: ['subject'], variant: 'persona.evade.successHidden' },
  'persona.evade.fail': { who: ['subject'], variant: 'persona.evade.failHidden' },
  'persona.turn.start': { who: ['name'], variant: 'persona.turn.startHidden' },
  'persona.turn.startWait': { who: ['name'], variant: 'persona.turn.startWaitHidden' },
  // the chance is the user's 運 against the target's: either side hidden hides it
  'persona.status.rollSuccess': { who: ['name', 'target'], variant: 'persona.status.rollSuccessHidden' },
  'persona.status.rollFail': { who: ['name', 'target'], variant: 'persona.status.rollFailHidden' },
  'persona.hit.success': { who: ['name', 'target'], variant: 'persona.hit.successHidden' },
  'persona.hit.miss': { who: ['name', 'target'], variant: 'persona.hit.missHidden' },
  // the dice are the attacker's db
  'persona.damage.roll': { who: ['name', 'names'], variant: 'persona.damage.rollHidden' },
  // the chance is the escapers' 速 against every enemy's
  'persona.escape.success': { who: ['anyHidden'], variant: 'persona.escape.successHidden' },
  'persona.escape.fail': { who: ['anyHidden'], variant: 'persona.escape.failHidden' },
};

function hiddenInvolved(e: PersonaEvent, rule: { who: readonly string[] }, hidden: ReadonlySet<string>, anyHidden: boolean): boolean {
  return rule.who.some((param) => {
    if (param === 'anyHidden') return anyHidden;
    const value = param === 'subject' ? (e.params.target ?? e.params.name) : e.params[param];
    return typeof value === 'string' && value.split('\n').some((name) => hidden.has(name));
  });
}

/**
 * Event lines for the channel: what a hidden combatant's numbers would show is left out. With `full`,
 * the GM's copy: every number (see gmEventCopy).
 */
export function eventLines(ctx: CommandContext, combat: CombatState | null, events: PersonaEvent[], state?: PersonaCombatState, full = false): string[] {
  const hidden = new Set((state?.setup ?? []).filter((c) => c.hidden).map((c) => c.name));
  const anyHidden = (combat?.combatants ?? []).some((c) => hidden.has(c.name) && !c.incapacitated && !c.dead && !c.fled);
  return events.map((e) => {
    const rule = HIDDEN_RULES[e.key];
    const key = !full && rule && hiddenInvolved(e, rule, hidden, anyHidden) ? rule.variant : e.key;
    return personaEventText({ ...e, key }, ctx.t, ctx.locale, combat?.config.badStatuses);
  });
}

/** Whether any line of these events reads differently for the table than for the GM. */
export function hidesNumbers(combat: CombatState | null, events: PersonaEvent[], state?: PersonaCombatState): boolean {
  const hidden = new Set((state?.setup ?? []).filter((c) => c.hidden).map((c) => c.name));
  if (hidden.size === 0) return false;
  const anyHidden = (combat?.combatants ?? []).some((c) => hidden.has(c.name) && !c.incapacitated && !c.dead && !c.fled);
  return events.some((e) => HIDDEN_RULES[e.key] !== undefined && hiddenInvolved(e, HIDDEN_RULES[e.key]!, hidden, anyHidden));
}

/** What the slot's owner may do now, as command names. */
function mayDo(combat: CombatState): string[] {
  const slot = combat.slot;
  const c = combat.combatants.find((x) => x.id === slot?.ownerId);
  if (!slot || !c) return [];
  const out: string[] = [];
  // 悩殺・激昂… take the choice of action away: a random action, or Defend, always possible (KO L174–179)
  if (choiceBlockingStatus(combat, c)) return ['random', 'defend'];
  if (slot.holdUp) out.push('allout', 'talk');
  if (c.personaUser && !c.summoned) out.push('summon');
  else if (!skillBlockingStatus(combat, c)) out.push('attack');
  if (c.wild && !slot.changeTried) out.push('change');
  out.push('item', 'defend');
  if (slot.kind === 'original') out.push('wait');
  out.push('escape', 'pass');
  return out;
}

export function personaTrackerView(ctx: CommandContext, state: PersonaCombatState, ended = false): View {
  const hidden = new Set(state.setup.filter((c) => c.hidden).map((c) => c.id));
  const combat = state.combat;
  const t = ctx.t;
  const lines = combat
    ? combat.combatants.map((c) => {
        const current = combat.slot?.ownerId === c.id ? '▶ ' : '';
        const marks = personaMarks(ctx, combat, c, hidden)
          .map((m) => m.text)
          .join(' · ');
        const head = `${current}**${c.name}** (${c.side})`;
        // A hidden shadow: a condition word instead of its numbers (issue 18).
        if (hidden.has(c.id)) return `${head} ${[c.dead || c.incapacitated || c.fled ? '' : t(c.hp * 2 < c.hpMax ? 'combat.cond.wounded' : 'combat.cond.standing'), marks].filter(Boolean).join(' · ')}`;
        return `${head} ${t('persona.board.init', { n: initiativeOf(c) })} HP ${bar(c.hp, c.hpMax)} ${c.hp}/${c.hpMax} · SP ${c.sp}/${c.spMax}${marks ? ` · ${marks}` : ''}`;
      })
    : state.setup.map((c) => `**${c.name}** (${c.side})${hidden.has(c.id) ? '' : ` HP ${c.hp} · SP ${c.sp ?? 0}`}`);
  const owner = combat?.combatants.find((c) => c.id === combat.slot?.ownerId);
  const head =
    ended || combat?.phase === 'ended'
      ? t('combat.tracker.ended')
      : !combat
        ? t('combat.tracker.setup')
        : t('combat.tracker.round', { round: combat.round, name: owner?.name ?? '-' });
  const blocks = [text(head)];
  if (combat?.phase === 'roundStart') blocks.push(text(t('persona.board.finishWindow')));
  if (combat && owner && combat.phase === 'slot') {
    blocks.push(text(t('persona.board.slot', { name: owner.name, kind: t(`persona.board.kind.${combat.slot!.kind}`), actions: mayDo(combat).map((a) => `/${t('cmd.persona.name')} ${t(`cmd.persona.${a}.name`)}`).join(', ') })));
    const flee = soloEscapeOdds(combat, owner, hidden);
    if (flee !== null) blocks.push(text(t('persona.board.escape', { name: owner.name, n: flee })));
  }
  // the rest of the round as it stands (JA L61: re-compared at every turn, so only a forecast)
  if (combat && combat.phase !== 'ended') {
    // Hidden shadows are present and acting (issue 18): in their place, by the name the table knows.
    const rest = projectedOrder(combat).filter((c) => c.id !== combat.turn?.actorId);
    if (rest.length > 0) blocks.push(text(t('persona.board.next', { names: rest.map((c) => c.name).join(' → ') })));
  }
  // a declared group escape and who is in it (JA L829)
  const fleeing = combat?.phase !== 'ended' ? (combat?.escapeWait?.ids ?? []).map((id) => combat!.combatants.find((c) => c.id === id)?.name).filter(Boolean) : [];
  if (fleeing.length > 0) blocks.push(text(t('persona.board.escapeWait', { names: fleeing.join(', ') })));
  blocks.push(text(lines.join('\n') || t('combat.tracker.empty')));
  // Wild Talk rewards won (JA L1038–1065): the table's record, not the GM's memory
  if (combat?.rewards?.length) blocks.push(text(`${t('persona.board.rewards')}\n${combat.rewards.map((r) => rewardLine(ctx, r)).join('\n')}`));
  const picture = lines.length ? { picture: personaTrackerPicture(ctx, state, head) } : {};
  return { locale: ctx.locale, tone: 'info', title: t('combat.tracker.title', { name: state.name }), blocks, ...picture, ephemeral: false };
}

/** One Wild Talk reward for the board, in the reader's language. */
export function rewardLine(ctx: CommandContext, r: TalkReward): string {
  if (r.kind === 'macca') return ctx.t('persona.reward.macca', { name: r.by, target: r.from, amount: r.macca ?? 0 });
  if (r.kind === 'item') return ctx.t('persona.reward.item', { name: r.by, target: r.from, item: r.item ?? '-', quantity: r.quantity ?? 0 });
  return ctx.t('persona.reward.persona', { name: r.by, target: r.from, level: r.level ?? 0, skills: r.skills ?? 0 });
}

/** The slot owner's solo escape odds (JA L834–839), unless a hidden enemy's DEX would show through. */
function soloEscapeOdds(combat: CombatState, owner: Combatant, hidden: ReadonlySet<string>): number | null {
  const enemies = combat.combatants.filter((e) => e.side !== owner.side && canAct(combat, e));
  if (hidden.has(owner.id) || enemies.some((e) => hidden.has(e.id))) return null;
  const odds = escapeChance([speedStat(owner)], enemies.map(speedStat));
  return odds.automatic ? 100 : odds.chance;
}
