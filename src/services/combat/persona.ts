// Persona-style fights in the tracker: combatants are set up ad hoc or from a stat block, then the
// core's state machine runs the rounds; every command applies one rule call and advances to the
// next open slot. The board (pinned tracker) shows every state a table asks about.
import { advance, continueCombo, continueEscape, type CombatantInit, type CombatState, type ConfigPatch, type PersonaConfig, type PersonaEvent } from '../../core/persona/index.js';
import { nextActorCandidates, projectedOrder } from '../../core/persona/initiative.js';
import { canAct, choiceBlockingStatus, skillBlockingStatus, speedStat } from '../../core/persona/combatant.js';
import { escapeChance } from '../../core/persona/escape.js';
import type { Combatant, TalkReward } from '../../core/persona/types.js';
import type { RandomSource } from '../../core/random.js';
import { translator } from '../../i18n/index.js';
import { holdsOwned, line, type Line } from '../../views/line.js';
import { combine, own } from '../../views/owned.js';
import { text, type View } from '../../views/view.js';
import type { CommandContext } from '../types.js';
import type { PersonaSkill, StatBlock } from './persona-block.js';
import { bar } from './bars.js';
import { fireCombination } from './persona-combo.js';
import { eventLine, type Cast } from './persona-lines.js';
import { boardNumbers, forTable, personaMarks, readersOf, tableText } from './persona-marks.js';
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
  /**
   * Combatants the GM took out (/combat remove): a block is still found by name for /persona add, and a
   * hidden one's lines in the fight's log stay the GM's.
   */
  removed?: { name: string; hidden: boolean; block?: StatBlock }[];
  /** house settings and the GM's bad-status table chosen before round 1 (passed to createCombat) */
  config?: ConfigPatch & Partial<Pick<PersonaConfig, 'badStatuses'>>;
}

/** A combatant still lying incapacitated: a finish-off can be declared at round start (JA L882–886). */
export const finishable = (combat: CombatState): boolean => combat.combatants.some((c) => c.incapacitated && !c.dead && !c.fled);

export const isPersona = (s: unknown): s is PersonaCombatState => typeof s === 'object' && s !== null && (s as { kind?: string }).kind === 'persona';

export function newPersonaState(name: string): PersonaCombatState {
  return { kind: 'persona', name, setup: [], combat: null, nextKey: 1 };
}

export { standingEvasion, tries } from './persona-evasion.js';

/**
 * Runs the automatic steps until someone has a slot open (or the fight ends). Ties go to the fight's
 * `tieFirst`; its dodge choices and Covers serve a combination magic that starts on the way.
 * A new round stops at its start while someone lies incapacitated, so a finish-off can be declared
 * (JA L884); `/persona go` then continues with `pause` false.
 */
/**
 * The fight without its log, for the core's rules to run on. The core only appends to the log (each
 * rule's new lines, core/persona/state.ts finish) and never reads it, yet every rule and every advance
 * cloned the fight whole (structuredClone), log included: a step's main-thread time grew with every
 * line the fight had said (issue 32 §1, SQLite). relogged() puts the log back before the step is saved.
 */
export function unlogged(combat: CombatState): CombatState {
  return { ...combat, log: [] };
}

/** The fight's log as it was, followed by what the step's rules appended to an unlogged() fight. */
export function relogged(log: readonly PersonaEvent[], combat: CombatState): CombatState {
  return { ...combat, log: [...log, ...combat.log] };
}

export function advanceToSlot(combat: CombatState, rng: RandomSource, fight: PersonaCombatState, pause = true): { combat: CombatState; events: PersonaEvent[] } {
  const tieFirst = fight.tieFirst ?? [];
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
    // a declared combination magic (JA L476–484): a participant's slot waits, the last one's starts it
    const combo = continueCombo(state, (s, wait) => fireCombination(s, { ...fight, combat: s }, wait, rng));
    if (combo) {
      state = combo.state;
      events.push(...combo.events);
    }
  }
  return { combat: state, events };
}

/** The fight's cast for its lines: who is hidden (by the GM at /persona add), and everyone's names. */
export function castOf(state: PersonaCombatState | undefined, combat: CombatState | null): Cast {
  const setup = state?.setup ?? [];
  return {
    hidden: new Set([...setup.filter((c) => c.hidden).map((c) => c.name), ...(state?.removed ?? []).filter((c) => c.hidden).map((c) => c.name)]),
    everyone: new Set([...setup.map((c) => c.name), ...(combat?.combatants ?? []).map((c) => c.name)]),
  };
}

/**
 * The events as lines in the reader's language (persona-lines.ts): a hidden combatant's numbers are
 * owned by the GM, so the table reads them as the rule's public wording and the GM's copy in full.
 */
export function eventLines(ctx: CommandContext, combat: CombatState | null, events: PersonaEvent[], state?: PersonaCombatState): Line[] {
  const cast = castOf(state, combat);
  return events.map((e) => eventLine(e, cast, ctx.t, ctx.locale, combat?.config.badStatuses));
}

/** Whether any line of these events holds a number the table may not read (the GM then gets a copy). */
export function hidesNumbers(combat: CombatState | null, events: PersonaEvent[], state?: PersonaCombatState): boolean {
  const cast = castOf(state, combat);
  return events.some((e) => holdsOwned(eventLine(e, cast, translator('en'), 'en', combat?.config.badStatuses)));
}

/** What the slot's owner may do now, as command names. */
function mayDo(combat: CombatState, state: PersonaCombatState): string[] {
  const slot = combat.slot;
  const c = combat.combatants.find((x) => x.id === slot?.ownerId);
  if (!slot || !c) return [];
  const out: string[] = [];
  // 悩殺・激昂… take the choice of action away: a random action, or Defend, always possible (KO L174–179)
  if (choiceBlockingStatus(combat, c)) return ['random', 'defend'];
  if (slot.holdUp) out.push('allout', 'talk');
  if (c.personaUser && !c.summoned) out.push('summon');
  else if (!skillBlockingStatus(combat, c)) {
    out.push('attack');
    if (state.setup.find((x) => x.id === c.id)?.skills?.some((s) => s.kind === 'analyze')) out.push('analyze');
  }
  if (c.wild && !slot.changeTried) out.push('change');
  out.push('item', 'defend');
  if (slot.kind === 'original') out.push('wait');
  out.push('escape', 'pass');
  return out;
}

export function personaTrackerView(ctx: CommandContext, state: PersonaCombatState, ended = false): View {
  const combat = state.combat;
  const t = ctx.t;
  // The tracker is the table's: every number of a combatant is read through its owner (the GM's for a
  // hidden shadow, issue 18) and worded for the table, which reads a hidden one's condition word instead.
  const lines = combat
    ? combat.combatants.map((c) => {
        // an ended fight marks no turn (issue 31), whatever slot its last save left open
        const current = !ended && combat.phase !== 'ended' && combat.slot?.ownerId === c.id ? '▶ ' : '';
        const readers = readersOf(state, c.id);
        const marks = personaMarks(ctx, combat, c, readers)
          .map((m) => m.text)
          .join(' · ');
        const head = `${current}**${c.name}** (${c.side})`;
        const n = boardNumbers(c, readers);
        const condition = c.dead || c.incapacitated || c.fled ? '' : t(c.hp * 2 < c.hpMax ? 'combat.cond.wounded' : 'combat.cond.standing');
        const row = line(
          'persona.board.row',
          { head, init: line('persona.board.init', { n: n.init }), bar: combine([n.hp, n.hpMax], (hp, max) => bar(Number(hp), Number(max))), hp: n.hp, hpMax: n.hpMax, sp: n.sp, spMax: n.spMax, marks: marks ? ` · ${marks}` : '' },
          line('persona.board.rowHidden', { head, rest: [condition, marks].filter(Boolean).join(' · ') }),
        );
        return tableText(ctx, row);
      })
    : state.setup.map((c) => {
        const readers = readersOf(state, c.id);
        const head = `**${c.name}** (${c.side})`;
        return tableText(ctx, line('persona.board.setupRow', { head, hp: own(c.hp, readers), sp: own(c.sp ?? 0, readers) }, line('persona.board.setupRowHidden', { head })));
      });
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
    blocks.push(text(t('persona.board.slot', { name: owner.name, kind: t(`persona.board.kind.${combat.slot!.kind}`), actions: mayDo(combat, state).map((a) => `/${t('cmd.persona.name')} ${t(`cmd.persona.${a}.name`)}`).join(', ') })));
    // an analyst's slot before the result: keep analyzing, or act and abandon it (JA L427, L431)
    const analysis = owner.analyzing;
    if (analysis) blocks.push(text(t('persona.board.analysis', { name: owner.name, target: combat.combatants.find((c) => c.id === analysis.target)?.name ?? '-', pass: `/${t('cmd.persona.name')} ${t('cmd.persona.pass.name')}` })));
    const flee = soloEscapeOdds(state, combat, owner);
    if (flee !== undefined) blocks.push(text(t('persona.board.escape', { name: owner.name, n: flee })));
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
  // a declared combination magic and whose original slot it still waits for (JA L476–483)
  const combo = combat?.phase !== 'ended' ? combat?.comboWait : null;
  const nameOf = (id: string) => combat!.combatants.find((c) => c.id === id)?.name ?? '-';
  if (combo) blocks.push(text(t('persona.board.comboWait', { names: combo.ids.map(nameOf).join(', '), pending: combo.pending.map(nameOf).join(', ') })));
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

/** The slot owner's solo escape odds (JA L834–839), unless the table may not read a DEX/速 in them (a hidden one's). */
function soloEscapeOdds(state: PersonaCombatState, combat: CombatState, owner: Combatant): number | undefined {
  const enemies = combat.combatants.filter((e) => e.side !== owner.side && canAct(combat, e));
  const speed = (c: Combatant) => own(speedStat(c), readersOf(state, c.id));
  const odds = combine([speed(owner), ...enemies.map(speed)], (mine, ...theirs) => {
    const o = escapeChance([Number(mine)], theirs.map(Number));
    return o.automatic ? 100 : o.chance;
  });
  return forTable(odds);
}
