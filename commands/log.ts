// /log export: the channel's session as an HTML page (readable offline) and plain text, in the
// reader's language: public rolls, commitments, revealed secrets (a secret roll only once revealed)
// and war/combat milestones and a Persona fight's own lines, in time order. Nothing unrevealed leaves the database.
import { wordIn } from '../src/i18n/index.js';
import { SlashCommandBuilder } from '@discordjs/builders';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { describe } from '../src/services/localize.js';
import { storedResult } from '../src/services/rolls.js';
import type { CommandModule } from '../src/services/types.js';
import { buildSessionLog, sessionLogHtml, sessionLogText, type LogEntry } from '../src/core/log/session-log.js';
import { text } from '../src/views/view.js';
import { forTable } from '../src/services/table.js';
import { tableTimeZone } from '../src/services/table-language.js';
import { memberNamesOf } from '../src/store/locales.js';
import { tableSettings } from '../src/store/settings.js';
import { activeWar } from '../src/store/wars.js';
import { activeCombat } from '../src/store/combats.js';
import { personaLogLines } from '../src/services/combat/persona-log.js';
import { wording } from '../src/i18n/wording.js';
import { turnKey } from '../src/core/session/calendar.js';

/** Bounds one export (a long campaign channel keeps its newest part). */
const MAX_ROLLS = 5000;
/** War and combat events that were announced in the channel anyway. */
const PUBLIC_EVENTS = ['war.advanced', 'combat.started', 'combat.ended'] as const;

const definition = describe(new SlashCommandBuilder(), 'cmd.log')
  .setDMPermission(false)
  .addSubcommand((s) => describe(s, 'cmd.log.export'))
  .toJSON();

export const log: CommandModule = {
  definition,
  helpKey: 'help.log',
  async execute(ctx) {
    // The log is the table's record: its language, its time zone, people by their server names.
    const table = forTable(ctx);
    const data = await ctx.store.transaction(async (tx) => {
      const { rolls, secrets, events, characters } = tx.t;
      const rollRows = (await tx.db.select().from(rolls).where(eq(rolls.channelId, ctx.channelId)).orderBy(asc(rolls.id))).slice(-MAX_ROLLS);
      const secretRows = await tx.db.select().from(secrets).where(eq(secrets.channelId, ctx.channelId)).orderBy(asc(secrets.id));
      const eventRows = await tx.db.select().from(events).where(and(eq(events.channelId, ctx.channelId), inArray(events.type, [...PUBLIC_EVENTS])));
      const ids = [...new Set(rollRows.map((r) => r.characterId).filter((id): id is number => id !== null))];
      const names = ids.length ? await tx.db.select({ id: characters.id, name: characters.name }).from(characters).where(inArray(characters.id, ids)) : [];
      const members = ctx.guildId ? await memberNamesOf(tx, ctx.guildId, rollRows.map((r) => r.userId)) : new Map<string, string>();
      const settings = await tableSettings(tx, ctx.channelId, ctx.guildId);
      const war = await activeWar(tx, ctx.channelId);
      const fight = await activeCombat(tx, ctx.channelId);
      // a Persona fight's own lines (rounds, actions, damage, statuses), worded for the table
      const personaLines = await personaLogLines(tx, table, ctx.channelId);
      return { personaLines, rollRows, secretRows, eventRows, names: new Map(names.map((n) => [n.id, n.name])), members, timeZone: settings.timeZone, war: war?.name ?? null, fight: (fight?.state as { name?: string } | undefined)?.name ?? null };
    });

    // Secret rolls whose commitment was revealed: the committed text names the roll.
    const revealedRolls = new Set<number>();
    const entries: LogEntry[] = [];
    for (const s of data.secretRows) {
      entries.push({ kind: 'commit', at: s.createdAt, secretId: s.id, hash: s.hash });
      if (!s.revealedAt) continue;
      const payload = parse(s.text);
      if (s.kind === 'roll' && typeof payload?.result?.roll === 'number') revealedRolls.add(payload.result.roll);
      else entries.push({ kind: 'reveal', at: s.revealedAt, secretId: s.id, secretKind: s.kind, text: s.text });
    }
    for (const r of data.rollRows) {
      if (r.secret && !revealedRolls.has(r.id)) continue;
      const member = data.members.get(r.userId) ?? (r.userId === ctx.user.id ? ctx.user.name : table.t('log.user', { id: r.userId }));
      const character = r.characterId !== null ? data.names.get(r.characterId) : undefined;
      const who = character ? `${character} (${member})` : member;
      entries.push({ kind: 'roll', at: r.createdAt, who, comment: wordIn(table.locale, r.comment), result: storedResult(r), id: r.id, revealed: r.secret });
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

    const channel = ctx.channelName ? `#${ctx.channelName}` : `<#${ctx.channelId}>`;
    const scene = [data.war, data.fight].filter((x): x is string => !!x).join(' / ');
    const title = table.t(scene ? 'log.titleScene' : 'log.title', { channel, scene });
    const built = buildSessionLog(entries, table.t, title, tableTimeZone(data.timeZone, table.locale));
    return {
      view: {
        locale: ctx.locale,
        tone: 'info',
        title: ctx.t('log.exportTitle'),
        blocks: [text(ctx.t('log.exported', { count: built.lines.length }))],
        files: [
          { name: `session-${ctx.channelId}.html`, content: sessionLogHtml(built, table.locale) },
          { name: `session-${ctx.channelId}.txt`, content: sessionLogText(built) },
        ],
        ephemeral: true,
      },
      dms: [],
    };
  },
};

function parse(textValue: string): { result?: { roll?: unknown } } | null {
  try {
    return JSON.parse(textValue) as { result?: { roll?: unknown } };
  } catch {
    return null;
  }
}
