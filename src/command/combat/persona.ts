// Persona-style fights in the tracker: combatants are set up ad hoc, then the core's state machine
// runs the rounds; every command applies one rule call and advances to the next open slot.
import { advance, type CombatantInit, type CombatState, type PersonaEvent, type Resistance } from '../../core/persona/index.js';
import { personaEventText } from '../../core/persona/text.js';
import { RESISTANCES } from '../../core/persona/types.js';
import type { RandomSource } from '../../core/random.js';
import { text, type View } from '../../views/view.js';
import { UserError } from '../errors.js';
import type { CommandContext } from '../types.js';
import { bar } from './tracker.js';

export interface PersonaCombatState {
  kind: 'persona';
  name: string;
  /** `owner`: the player who acts for this combatant (the GM always may). */
  setup: (CombatantInit & { hidden?: boolean; owner?: string | null })[];
  combat: CombatState | null;
  nextKey: number;
  surprised?: 'pc' | 'npc' | null;
}

export const isPersona = (s: unknown): s is PersonaCombatState => typeof s === 'object' && s !== null && (s as { kind?: string }).kind === 'persona';

export function newPersonaState(name: string): PersonaCombatState {
  return { kind: 'persona', name, setup: [], combat: null, nextKey: 1 };
}

/** "fire:weak, ice:null" → resistances; unknown words are refused. */
export function parseResistances(input: string | null): Partial<Record<string, Resistance>> {
  const out: Partial<Record<string, Resistance>> = {};
  for (const part of (input ?? '').split(/[,、，]/).map((s) => s.trim()).filter(Boolean)) {
    const [element, resistance] = part.split(/[:：=]/).map((s) => s.trim().toLowerCase());
    if (!element || !resistance || !(RESISTANCES as readonly string[]).includes(resistance)) throw new UserError('persona.cmd.badResist', { part });
    out[element] = resistance as Resistance;
  }
  return out;
}

/** Runs the automatic steps until someone has a slot open (or the fight ends). */
export function advanceToSlot(combat: CombatState, rng: RandomSource): { combat: CombatState; events: PersonaEvent[] } {
  let state = combat;
  const events: PersonaEvent[] = [];
  for (let guard = 0; guard < 50 && state.phase !== 'slot' && state.phase !== 'ended'; guard++) {
    const step = advance(state, rng);
    state = step.state;
    events.push(...step.events);
  }
  return { combat: state, events };
}

export function eventLines(ctx: CommandContext, combat: CombatState | null, events: PersonaEvent[]): string[] {
  return events.map((e) => personaEventText(e, ctx.t, ctx.locale, combat?.config.badStatuses));
}

export function personaTrackerView(ctx: CommandContext, state: PersonaCombatState, ended = false): View {
  const hidden = new Set(state.setup.filter((c) => c.hidden).map((c) => c.id));
  const combat = state.combat;
  const lines = combat
    ? combat.combatants.map((c) => {
        const current = combat.slot?.ownerId === c.id ? '▶ ' : '';
        const marks = [c.down ? ctx.t('combat.cond.down') : '', c.dizzy > 0 ? ctx.t('combat.cond.dizzy') : '', c.badStatus ? c.badStatus.id : '', c.incapacitated ? ctx.t('combat.cond.incapacitated') : '', c.fled ? ctx.t('combat.cond.escaped') : '']
          .filter(Boolean)
          .join(' ');
        const head = `${current}**${c.name}** (${c.side})`;
        if (hidden.has(c.id)) return `${head} ${marks}`;
        return `${head} HP ${bar(c.hp, c.hpMax)} ${c.hp}/${c.hpMax} · SP ${c.sp}/${c.spMax} ${marks}`;
      })
    : state.setup.map((c) => `**${c.name}** (${c.side})`);
  const owner = combat?.combatants.find((c) => c.id === combat.slot?.ownerId);
  const head = ended || combat?.phase === 'ended' ? ctx.t('combat.tracker.ended') : !combat ? ctx.t('combat.tracker.setup') : ctx.t('combat.tracker.round', { round: combat.round, name: owner?.name ?? '-' });
  return { locale: ctx.locale, tone: 'info', title: ctx.t('combat.tracker.title', { name: state.name }), blocks: [text(head), text(lines.join('\n') || ctx.t('combat.tracker.empty'))], ephemeral: false };
}
