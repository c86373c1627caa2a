// /war advance holds what it changes of the war and its factions, with each change's event, and writes
// them together at its end: a few statements instead of an UPDATE and an INSERT per faction, each a round
// trip inside the SERIALIZABLE transaction on PostgreSQL (issue 32 §1: a Fate war of 7 factions sent ~36
// statements). The rows stay in memory as they will be stored, so the report and the board need not read
// back what the command itself wrote. Every change still leaves its event, before and after, in the
// order it was made, so /war undo reverts all of it.
import type { Tx } from '../../store/db.js';
import { appendEvents, eventsInsertSql, type EventInput } from '../../store/events.js';
import { userLocales, userLocalesRead } from '../../store/locales.js';
import { oneStatement } from '../../store/one-statement.js';
import type { FactionRow, WarRow } from '../../store/schema/index.js';
import { factionsTurnSql, updateFactionsTurn, updateWarTurn, warTurnSql, type FactionTurnColumns, type WarSnapshot } from '../../store/wars.js';
import type { CommandContext } from '../types.js';

type FactionChanges = Partial<Pick<FactionRow, 'state' | 'declared' | 'eliminated'>>;

export class TurnWrites {
  private readonly rows: Map<number, FactionRow>;
  private readonly changedFactions = new Set<number>();
  private warChanged = false;
  private readonly events: EventInput[] = [];
  private current: WarRow;

  constructor(
    private readonly ctx: CommandContext,
    war: WarRow,
    factions: readonly FactionRow[],
  ) {
    this.current = war;
    this.rows = new Map(factions.map((f) => [f.id, f]));
  }

  /** The war as it will be stored. */
  get war(): WarRow {
    return this.current;
  }

  /** Every faction of the war (eliminated ones too) as it will be stored, in id order as read. */
  get factions(): FactionRow[] {
    return [...this.rows.values()];
  }

  faction(id: number): FactionRow {
    const row = this.rows.get(id);
    if (!row) throw new Error(`faction ${id} is not in this war`);
    return row;
  }

  /** Changes a faction; its event (type, before, after) as the command's user did it. */
  changeFaction(id: number, changes: FactionChanges, type: string, before: unknown, after: unknown): void {
    this.rows.set(id, { ...this.faction(id), ...changes });
    this.changedFactions.add(id);
    this.event({ type, subject: `faction:${id}`, before, after });
  }

  /** The war's clock or config (what a turn end changes of it), with its event. */
  changeWar(changes: Partial<Pick<WarSnapshot, 'day' | 'turn' | 'config'>>, event: Omit<EventInput, 'at' | 'actorId' | 'guildId' | 'channelId'> & Partial<Pick<EventInput, 'guildId' | 'channelId'>>): void {
    this.current = { ...this.current, ...changes };
    this.warChanged = true;
    this.event(event);
  }

  /** An event of this command, written with the others (where: the command's channel unless said). */
  event(e: Omit<EventInput, 'at' | 'actorId' | 'guildId' | 'channelId'> & Partial<Pick<EventInput, 'guildId' | 'channelId'>>): void {
    const { ctx } = this;
    this.events.push({ at: ctx.now(), guildId: ctx.guildId, channelId: ctx.channelId, actorId: ctx.user.id, ...e });
  }

  /**
   * Writes the changed factions, the war and the events; nothing held is written twice. Reads the
   * stored languages of `localesOf` (the report's readers) with them: on PostgreSQL all of it is one
   * statement (store/one-statement.ts; the rows it writes and the languages it reads are apart).
   */
  async flush(tx: Tx, localesOf: readonly string[] = []): Promise<Map<string, string>> {
    const factions: FactionTurnColumns[] = [...this.changedFactions].map((id) => {
      const f = this.faction(id);
      return { id, state: f.state, declared: f.declared, eliminated: f.eliminated };
    });
    this.changedFactions.clear();
    const war = this.warChanged ? this.current : null;
    this.warChanged = false;
    const events = this.events.splice(0);
    if (tx.pg) {
      const locales = localesOf.length ? userLocalesRead(tx, localesOf) : null;
      const writes = [...(factions.length ? [factionsTurnSql(tx, factions)] : []), ...(war ? [warTurnSql(tx, war)] : []), ...(events.length ? [eventsInsertSql(tx, events)] : [])];
      const rows = await oneStatement(tx, writes, locales?.read);
      return locales ? locales.rows(rows) : new Map();
    }
    await updateFactionsTurn(tx, factions);
    if (war) await updateWarTurn(tx, war);
    await appendEvents(tx, events);
    return await userLocales(tx, localesOf);
  }
}
