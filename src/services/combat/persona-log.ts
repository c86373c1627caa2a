// A Persona fight in /log export: every line the fight said — rounds, turns, actions, damage, statuses
// (the core's log, state.combat.log) — worded for the table, as the channel read it: a hidden
// combatant's numbers stay the GM's (persona-lines.ts, default-deny), whoever exports. Each line is
// dated by the step that wrote it: the fight's saved steps (events of subject combat:<id>) hold the
// log's length before and after (./step-images.ts), and an undone step's lines are no longer in the log.
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../store/db.js';
import { renderLine } from '../../views/line.js';
import type { CommandContext } from '../types.js';
import { eventLine } from './persona-lines.js';
import { castOf, isPersona } from './persona.js';
import { imageLogLength } from './step-images.js';

/** Bounds one export's Persona part (a long campaign channel keeps its newest fights). */
const MAX_FIGHTS = 50;

const logLength = (value: unknown): number | null => imageLogLength((value as { state?: unknown } | null)?.state);

export async function personaLogLines(tx: Tx, table: CommandContext, channelId: string): Promise<{ at: Date; text: string }[]> {
  const { combats, events } = tx.t;
  const fights = (await tx.db.select().from(combats).where(and(eq(combats.channelId, channelId), eq(combats.ruleset, 'persona'))).orderBy(asc(combats.id))).slice(-MAX_FIGHTS);
  const out: { at: Date; text: string }[] = [];
  for (const fight of fights) {
    const state = fight.state;
    if (!isPersona(state) || !state.combat) continue;
    const steps = await tx.db.select().from(events).where(and(eq(events.channelId, channelId), eq(events.subject, `combat:${fight.id}`))).orderBy(asc(events.id));
    // when each log index was last written: an undo shortens the log, the next step writes it again
    const written: Date[] = [];
    for (const step of steps) {
      const before = logLength(step.before) ?? 0;
      const after = logLength(step.after);
      if (after === null) continue;
      for (let i = before; i < after; i++) written[i] = step.createdAt;
    }
    const cast = castOf(state, state.combat);
    const audience = { kind: 'table' as const, locale: table.locale };
    state.combat.log.forEach((e, i) => {
      const text = renderLine(eventLine(e, cast, table.t, table.locale, state.combat!.config.badStatuses), table.locale, audience);
      out.push({ at: written[i] ?? fight.createdAt, text });
    });
  }
  return out;
}
