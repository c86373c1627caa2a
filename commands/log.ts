// /log export: the channel's session in the table's language, as Ccfolia's log HTML (its readers take
// it), plain text and JSON: public rolls, commitments, revealed secrets (a secret roll only once
// revealed), war/combat milestones, a Persona fight's own lines, the characters' posts (/say) and —
// with Discord's Message Content intent — the players' messages, in time order, between two points
// (from:/to:, a message or a time; by default the channel's whole record). Nothing unrevealed leaves
// the database: the messages read back are what the channel shows anyway, and the bot's own are left
// out (their meaning is in the events), as are the character posts' webhook copies.
import { wordIn } from '../src/i18n/index.js';
import { SlashCommandBuilder } from '@discordjs/builders';
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import { describe } from '../src/services/localize.js';
import { storedResult } from '../src/services/rolls.js';
import { UserError } from '../src/services/errors.js';
import type { CommandContext, CommandModule, HistoryMessage } from '../src/services/types.js';
import { buildSessionLog, sessionLogJson, sessionLogText, type LogEntry } from '../src/core/log/session-log.js';
import { sessionLogHtml } from '../src/core/log/ccfolia-html.js';
import { CHARACTER_POST_EVENTS, characterPosts, postMessageIds } from '../src/core/log/character-posts.js';
import { afterBound, beforeBound, parsePoint, pointTime, snowflakeAt, type LogPoint } from '../src/core/log/range.js';
import { text } from '../src/views/view.js';
import { forTable } from '../src/services/table.js';
import { tableTimeZone } from '../src/services/table-language.js';
import type { Tx } from '../src/store/db.js';
import { memberNamesOf } from '../src/store/locales.js';
import { tableSettings } from '../src/store/settings.js';
import { activeWar } from '../src/store/wars.js';
import { activeCombat } from '../src/store/combats.js';
import { personaLogLines } from '../src/services/combat/persona-log.js';
import { wording } from '../src/i18n/wording.js';
import { turnKey } from '../src/core/session/calendar.js';

/** Bounds one export (a long campaign channel keeps its newest part). */
const MAX_ROLLS = 5000;
/** Messages read back from Discord for one export: 20 pages of 100; a longer range is refused, not cut. */
export const MAX_MESSAGES = 2000;
/** The files of one export together: below what Discord takes in one reply (10 MiB). */
export const MAX_EXPORT_BYTES = 8 * 1024 * 1024;
/** War and combat events that were announced in the channel anyway. */
const PUBLIC_EVENTS = ['war.advanced', 'combat.started', 'combat.ended'] as const;

const definition = describe(new SlashCommandBuilder(), 'cmd.log')
  .setDMPermission(false)
  .addSubcommand((s) =>
    describe(s, 'cmd.log.export')
      .addStringOption((o) => describe(o, 'cmd.log.export.from').setMaxLength(200))
      .addStringOption((o) => describe(o, 'cmd.log.export.to').setMaxLength(200)),
  )
  .toJSON();

interface Range {
  from: LogPoint | null;
  to: LogPoint | null;
}

export const log: CommandModule = {
  definition,
  helpKey: 'help.log',
  async execute(ctx, options) {
    // The log is the table's record: its language, its time zone, people by their server names.
    const table = forTable(ctx);
    const start = await ctx.store.transaction(async (tx) => {
      const settings = await tableSettings(tx, ctx.channelId, ctx.guildId);
      const first = await firstRecord(tx, ctx.channelId);
      return { timeZone: tableTimeZone(settings.timeZone, table.locale), first };
    });
    const range: Range = { from: point(ctx, options.string('from'), start.timeZone), to: point(ctx, options.string('to'), start.timeZone) };
    const fromAt = range.from ? pointTime(range.from) : null;
    const toAt = range.to ? pointTime(range.to) : null;
    if (fromAt && toAt && fromAt.getTime() > toAt.getTime()) throw new UserError('log.range.order');

    // The players' words, read from Discord before any transaction (a network wait holds no lock).
    const history = await readHistory(ctx, range, start.first);

    const data = await ctx.store.transaction(async (tx) => {
      const { rolls, secrets, events, characters } = tx.t;
      const when = (column: typeof rolls.createdAt) => [...(fromAt ? [gte(column, fromAt)] : []), ...(toAt ? [lte(column, toAt)] : [])];
      const rollRows = (await tx.db.select().from(rolls).where(and(eq(rolls.channelId, ctx.channelId), ...when(rolls.createdAt))).orderBy(asc(rolls.id))).slice(-MAX_ROLLS);
      const secretRows = await tx.db.select().from(secrets).where(eq(secrets.channelId, ctx.channelId)).orderBy(asc(secrets.id));
      const eventRows = await tx.db.select().from(events).where(and(eq(events.channelId, ctx.channelId), inArray(events.type, [...PUBLIC_EVENTS])));
      // every post event of the channel: an edit inside the range may belong to a post before it
      const postRows = await tx.db.select().from(events).where(and(eq(events.channelId, ctx.channelId), inArray(events.type, [...CHARACTER_POST_EVENTS]))).orderBy(asc(events.id));
      const ids = [...new Set(rollRows.map((r) => r.characterId).filter((id): id is number => id !== null))];
      const names = ids.length ? await tx.db.select({ id: characters.id, name: characters.name }).from(characters).where(inArray(characters.id, ids)) : [];
      const people = [...rollRows.map((r) => r.userId), ...(history.messages ?? []).filter((m) => !m.bot && !m.webhook).map((m) => m.authorId)];
      const members = ctx.guildId ? await memberNamesOf(tx, ctx.guildId, [...new Set(people)]) : new Map<string, string>();
      const war = await activeWar(tx, ctx.channelId);
      const fight = await activeCombat(tx, ctx.channelId);
      // a Persona fight's own lines (rounds, actions, damage, statuses), worded for the table
      const personaLines = await personaLogLines(tx, table, ctx.channelId);
      return { personaLines, rollRows, secretRows, eventRows, postRows, names: new Map(names.map((n) => [n.id, n.name])), members, war: war?.name ?? null, fight: (fight?.state as { name?: string } | undefined)?.name ?? null };
    });

    // Secret rolls whose commitment was revealed: the committed text names the roll.
    const revealedRolls = new Set<number>();
    const rollTimes = new Map(data.rollRows.map((r) => [r.id, r.createdAt]));
    const entries: LogEntry[] = [];
    for (const s of data.secretRows) {
      const payload = s.revealedAt ? parse(s.text) : null;
      const roll = s.kind === 'roll' && typeof payload?.result?.roll === 'number' ? payload.result.roll : null;
      // A revealed roll and its commitment were written by one command a millisecond or so apart:
      // the commitment takes the roll's time and goes first, so their order never hangs on the clock.
      entries.push({ kind: 'commit', at: (roll !== null ? rollTimes.get(roll) : undefined) ?? s.createdAt, secretId: s.id, hash: s.hash });
      if (!s.revealedAt) continue;
      if (roll !== null) revealedRolls.add(roll);
      else entries.push({ kind: 'reveal', at: s.revealedAt, secretId: s.id, secretKind: s.kind, text: s.text });
    }
    const memberName = (userId: string, fallback?: string) => data.members.get(userId) ?? (userId === ctx.user.id ? ctx.user.name : (fallback ?? table.t('log.user', { id: userId })));
    for (const r of data.rollRows) {
      if (r.secret && !revealedRolls.has(r.id)) continue;
      const member = memberName(r.userId);
      const character = r.characterId !== null ? data.names.get(r.characterId) : undefined;
      const who = character ? `${character} (${member})` : member;
      // by name, not by Discord id: a colour must not tell two runs of one session apart (two worlds)
      const colorKey = character ? `character:${r.characterId}` : `name:${member}`;
      entries.push({ kind: 'roll', at: r.createdAt, who, colorKey, comment: wordIn(table.locale, r.comment), result: storedResult(r), id: r.id, revealed: r.secret });
    }
    for (const l of data.personaLines) entries.push({ kind: 'line', at: l.at, text: l.text });
    for (const e of data.eventRows) {
      const after = (e.after ?? {}) as Record<string, unknown>;
      const params: Record<string, string | number> = {};
      for (const [k, v] of Object.entries(after)) if (typeof v === 'string' || typeof v === 'number') params[k] = v;
      // A turn by its name, as the rule names it (朝 昼 夜 深夜, seed 001 L237), not its index (「ターン0」).
      if (e.type === 'war.advanced' && typeof after.turn === 'number' && after.turn >= 0 && after.turn < 4) params.turn = wording({ key: turnKey(after.turn) });
      entries.push({ kind: 'event', at: e.createdAt, key: `log.event.${e.type}`, params });
    }
    const postEvents = data.postRows.map((e) => ({ type: e.type, at: e.createdAt, subject: e.subject, before: e.before, after: e.after }));
    for (const p of characterPosts(postEvents)) entries.push({ kind: 'post', ...p });
    // A character post's webhook message is the post itself: the events hold it, with its edits, or
    // say it was deleted (a copy Discord still shows, had the deletion failed, stays out too).
    const posted = postMessageIds(postEvents);
    const spoken = (history.messages ?? []).filter((m) => !m.own && !posted.has(m.id) && (m.content.trim() !== '' || m.attachments.length > 0));
    for (const m of spoken) {
      const name = m.bot || m.webhook ? m.authorName : memberName(m.authorId, m.authorName);
      entries.push({ kind: 'message', at: m.at, messageId: m.id, authorId: m.authorId, name, text: m.content, attachments: m.attachments });
    }
    const inRange = entries.filter((e) => (!fromAt || e.at.getTime() >= fromAt.getTime()) && (!toAt || e.at.getTime() <= toAt.getTime()));

    const channel = ctx.channelName ? `#${ctx.channelName}` : `<#${ctx.channelId}>`;
    const scene = [data.war, data.fight].filter((x): x is string => !!x).join(' / ');
    const title = table.t(scene ? 'log.titleScene' : 'log.title', { channel, scene });
    const built = buildSessionLog(inRange, table.t, title, start.timeZone);
    const files = [
      { name: `session-${ctx.channelId}.html`, content: sessionLogHtml(built, table.locale) },
      { name: `session-${ctx.channelId}.txt`, content: sessionLogText(built) },
      { name: `session-${ctx.channelId}.json`, content: sessionLogJson(built) },
    ];
    const bytes = files.reduce((sum, f) => sum + Buffer.byteLength(f.content, 'utf8'), 0);
    if (bytes > MAX_EXPORT_BYTES) throw new UserError('log.tooLarge', { size: (bytes / 1024 / 1024).toFixed(1), max: MAX_EXPORT_BYTES / 1024 / 1024 });

    const note = history.note ? ctx.t(history.note, { count: inRange.filter((e) => e.kind === 'message').length }) : null;
    return {
      view: {
        locale: ctx.locale,
        tone: 'info',
        title: ctx.t('log.exportTitle'),
        blocks: [text(ctx.t('log.exported', { count: built.lines.length })), ...(note ? [text(note)] : [])],
        files,
        ephemeral: true,
      },
      dms: [],
    };
  },
};

function point(ctx: CommandContext, value: string | null, timeZone: string): LogPoint | null {
  if (value === null || value.trim() === '') return null;
  const parsed = parsePoint(value, ctx.channelId, timeZone);
  if ('error' in parsed) throw new UserError(parsed.error === 'otherChannel' ? 'log.range.otherChannel' : 'log.range.format', { value: value.trim().slice(0, 100) });
  return parsed;
}

/** The channel's first record: where the players' messages start when no from: is given. */
async function firstRecord(tx: Tx, channelId: string): Promise<Date | null> {
  const { rolls, secrets, events } = tx.t;
  const [roll] = await tx.db.select({ at: rolls.createdAt }).from(rolls).where(eq(rolls.channelId, channelId)).orderBy(asc(rolls.id)).limit(1);
  const [secret] = await tx.db.select({ at: secrets.createdAt }).from(secrets).where(eq(secrets.channelId, channelId)).orderBy(asc(secrets.id)).limit(1);
  const [event] = await tx.db.select({ at: events.createdAt }).from(events).where(eq(events.channelId, channelId)).orderBy(asc(events.id)).limit(1);
  const times = [roll?.at, secret?.at, event?.at].filter((d): d is Date => d instanceof Date);
  return times.length ? new Date(Math.min(...times.map((d) => d.getTime()))) : null;
}

interface Read {
  messages?: HistoryMessage[];
  /** What the reply says about the players' messages (catalog key). */
  note?: string;
}

async function readHistory(ctx: CommandContext, range: Range, first: Date | null): Promise<Read> {
  if (!ctx.history) return ctx.bot && !ctx.bot.messageContent ? { note: 'log.messagesNoIntent' } : {};
  const after = range.from ? afterBound(range.from) : first ? (BigInt(snowflakeAt(first)) - 1n).toString() : null;
  // A channel the bot never recorded anything in, and no from: — no session to read.
  if (after === null) return {};
  const read = await ctx.history.read({ channelId: ctx.channelId, after, before: range.to ? beforeBound(range.to) : null, max: MAX_MESSAGES });
  if ('over' in read) throw new UserError('log.tooManyMessages', { max: MAX_MESSAGES });
  if ('unreadable' in read) return { note: 'log.messagesUnreadable' };
  return { messages: read.messages, note: 'log.messagesIncluded' };
}

function parse(textValue: string): { result?: { roll?: unknown } } | null {
  try {
    return JSON.parse(textValue) as { result?: { roll?: unknown } };
  } catch {
    return null;
  }
}
