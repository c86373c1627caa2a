// Original tables (/table, BCDice's オリジナル表): who may add and remove them, and the roll by name
// that /roll and palette lines reach when neither dice engine reads what was typed.
//
// Rights: anyone in the server adds a server table; a table for one channel only is added by that
// channel's GM or a member who can manage channels. A table is replaced (added again under its name,
// in its scope) or removed by its author, by a member who can manage channels, and — a channel's own
// table — by that channel's GM.
import { DiceError, DICE_LIMITS, escapeMarkdown } from '../core/dice/index.js';
import { seededRandom } from '../core/random.js';
import { parseOriginalTable, tableKey, TABLE_LIMITS, type OriginalTable } from '../core/tables/original-table.js';
import { readTableCall, rollOriginalTable } from '../core/tables/roll.js';
import type { Tx } from '../store/db.js';
import { appendEvent } from '../store/events.js';
import { channelGm } from '../store/gms.js';
import { countGuildTables, deleteTable, saveTable, tableInScope, tablesByKeys, tablesHere, type OriginalTableRow } from '../store/original-tables.js';
import { mention } from '../views/view.js';
import { systemOfChannel } from './channel-system.js';
import { UserError } from './errors.js';
import { evaluateTyped, type TypedDice } from './typed-dice.js';
import type { CommandContext } from './types.js';

/** The channel's GM, or a member who can manage channels. */
async function isGmHere(tx: Tx, ctx: CommandContext): Promise<boolean> {
  return ctx.canManageChannel || (await channelGm(tx, ctx.channelId))?.userId === ctx.user.id;
}

/** Whether the caller may replace or remove `row` (see the rights above). */
export async function mayManageTable(tx: Tx, ctx: CommandContext, row: OriginalTableRow): Promise<boolean> {
  if (row.authorId === ctx.user.id || ctx.canManageChannel) return true;
  return row.channelId !== null && row.channelId === ctx.channelId && (await channelGm(tx, ctx.channelId))?.userId === ctx.user.id;
}

export function guildOfTables(ctx: CommandContext): string {
  if (!ctx.guildId) throw new UserError('error.guildOnly');
  return ctx.guildId;
}

/**
 * Whether BCDice (the channel's system for a channel table, DiceBot for a server table) reads the
 * name as a command: /roll asks the dice first, so such a table could never be rolled by its name.
 */
async function readAsDice(name: string, system: string | null): Promise<boolean> {
  try {
    await evaluateTyped(name, system, seededRandom('table-name'));
    return true;
  } catch {
    return false;
  }
}

export interface SavedTable {
  table: OriginalTable;
  replaced: boolean;
  channel: boolean;
}

/** Reads and stores a table (a new one, or the caller's replacement of one in the same scope). */
export async function addOriginalTable(ctx: CommandContext, text: string, channelOnly: boolean): Promise<SavedTable> {
  const guildId = guildOfTables(ctx);
  const table = parseOriginalTable(text);
  const system = channelOnly ? await systemOfChannel(ctx.store, ctx.channelId, ctx.now()) : null;
  if (await readAsDice(table.name, system)) throw new UserError('otable.error.nameCommand', { name: escapeMarkdown(table.name) });
  const channelId = channelOnly ? ctx.channelId : null;
  const replaced = await ctx.store.transaction(async (tx) => {
    if (channelOnly && !(await isGmHere(tx, ctx))) throw new UserError('otable.refused.channelNeedsGm');
    const existing = await tableInScope(tx, guildId, channelId, table.key);
    if (existing && !(await mayManageTable(tx, ctx, existing))) {
      throw new UserError('otable.refused.replace', { name: escapeMarkdown(existing.name), author: mention(existing.authorId) });
    }
    if (!existing && (await countGuildTables(tx, guildId)) >= TABLE_LIMITS.perServer) throw new UserError('otable.refused.full', { max: TABLE_LIMITS.perServer });
    const at = ctx.now();
    const row = { guildId, channelId, authorId: ctx.user.id, name: table.name, key: table.key, dice: table.dice, entries: table.entries, createdAt: at, updatedAt: at };
    const id = await saveTable(tx, row, existing);
    await appendEvent(tx, {
      at,
      guildId,
      channelId: ctx.channelId,
      actorId: ctx.user.id,
      type: 'otable.saved',
      subject: `otable:${id}`,
      before: existing ? snapshot(existing) : null,
      after: snapshot(row),
    });
    return existing !== undefined;
  });
  return { table, replaced, channel: channelOnly };
}

const snapshot = (row: Omit<OriginalTableRow, 'id'>) => ({ name: row.name, dice: row.dice, entries: row.entries, channelId: row.channelId, authorId: row.authorId });

/** The table a name stands for here: this channel's own, else the server's. */
export async function visibleTable(ctx: CommandContext, name: string): Promise<OriginalTableRow> {
  const guildId = guildOfTables(ctx);
  const [row] = await ctx.store.transaction((tx) => tablesByKeys(tx, guildId, ctx.channelId, [tableKey(name)]));
  if (!row) throw new UserError('otable.notFound', { name: escapeMarkdown(name.slice(0, TABLE_LIMITS.nameLength)) });
  return row;
}

/** Removes the table the name stands for here, if the caller may. */
export async function removeOriginalTable(ctx: CommandContext, name: string): Promise<OriginalTableRow> {
  const guildId = guildOfTables(ctx);
  return await ctx.store.transaction(async (tx) => {
    const [row] = await tablesByKeys(tx, guildId, ctx.channelId, [tableKey(name)]);
    if (!row) throw new UserError('otable.notFound', { name: escapeMarkdown(name.slice(0, TABLE_LIMITS.nameLength)) });
    if (!(await mayManageTable(tx, ctx, row))) throw new UserError('otable.refused.remove', { name: escapeMarkdown(row.name), author: mention(row.authorId) });
    await deleteTable(tx, row.id);
    await appendEvent(tx, { at: ctx.now(), guildId, channelId: ctx.channelId, actorId: ctx.user.id, type: 'otable.removed', subject: `otable:${row.id}`, before: snapshot(row), after: null });
    return row;
  });
}

export async function originalTablesHere(ctx: CommandContext): Promise<OriginalTableRow[]> {
  const guildId = guildOfTables(ctx);
  return await ctx.store.transaction((tx) => tablesHere(tx, guildId, ctx.channelId));
}

/** Whether a palette line that reads as chat (`シーン表 導入`) names a table here: then it is rolled. */
export async function namesTableHere(ctx: CommandContext, input: string): Promise<boolean> {
  if (!ctx.guildId) return false;
  const call = readTableCall(input);
  if (!call) return false;
  const guildId = ctx.guildId;
  return (await ctx.store.transaction((tx) => tablesByKeys(tx, guildId, ctx.channelId, call.candidates.map((c) => c.key)))).length > 0;
}

/**
 * A typed roll as a table's name (`シーン表`, `Sシーン表`, `x3 シーン表 夜`), rolled; null when no table
 * here has that name. A channel's own table shadows the server's of the same name.
 */
export async function rollTableByName(ctx: CommandContext, input: string): Promise<TypedDice | null> {
  if (!ctx.guildId) return null;
  const call = readTableCall(input);
  if (!call) return null;
  const guildId = ctx.guildId;
  const rows = await ctx.store.transaction((tx) => tablesByKeys(tx, guildId, ctx.channelId, call.candidates.map((c) => c.key)));
  for (const candidate of call.candidates) {
    const row = rows.find((r) => r.key === candidate.key);
    if (!row) continue;
    if (call.repeat < 1 || call.repeat > DICE_LIMITS.maxRepeat) throw new DiceError('bad_repeat', null, { repeat: String(call.repeat), max: DICE_LIMITS.maxRepeat });
    return {
      result: rollOriginalTable(row, ctx.rng, call.repeat, input.trim()),
      comment: call.comment,
      secret: candidate.secret,
      reading: { key: row.channelId === null ? 'otable.reading.server' : 'otable.reading.channel', params: {} },
    };
  }
  return null;
}
