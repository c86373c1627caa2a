// The session log (/log export, like Ccfolia's ログ出力): a channel's public record in time order —
// rolls, revealed secrets, commitments (hash only), war/combat milestones, the characters' posts
// (/say) and the players' own messages — as lines a Ccfolia log reader understands (./ccfolia-html.ts),
// as plain text and as JSON. Pure: the command gathers the entries, only public ones (a secret roll
// appears only once its secret is revealed).
import type { Translate } from '../../i18n/index.js';
import { renderPlain, type DiceResult } from '../dice/index.js';

export type LogEntry =
  /** `colorKey`: who speaks, so that a character's rolls and posts share a colour (`character:<id>`, `name:<member>`). */
  | { kind: 'roll'; at: Date; who: string; colorKey?: string; comment: string | null; result: DiceResult; id: number; revealed: boolean }
  | { kind: 'commit'; at: Date; secretId: number; hash: string }
  | { kind: 'reveal'; at: Date; secretId: number; secretKind: string; text: string }
  | { kind: 'event'; at: Date; key: string; params: Record<string, string | number> }
  /** a line already worded for the table (a Persona fight's, whose hidden numbers are withheld before it gets here) */
  | { kind: 'line'; at: Date; text: string }
  /** a character's post through the channel's webhook (/say), as it stands now */
  | { kind: 'post'; at: Date; messageId: string; characterId: number | null; name: string; avatarUrl: string | null; text: string; edited: boolean }
  /** a message someone typed in the channel (read back from Discord with the Message Content intent) */
  | { kind: 'message'; at: Date; messageId: string; authorId: string; name: string; text: string; attachments: string[] };

/** Ccfolia's tabs: the table's talk and rolls in the main one, the bot's bookkeeping in the info one. */
export type LogTab = 'main' | 'info';

export interface LogLine {
  at: Date;
  kind: LogEntry['kind'];
  tab: LogTab;
  /** Who speaks; null for the bot's own record (Ccfolia's "system"). */
  speaker: string | null;
  text: string;
  /** `#rrggbb`, the same for a speaker on every line, readable on white as Ccfolia's are. */
  color: string;
  outcome?: 'success' | 'failure' | null;
  messageId?: string;
  avatarUrl?: string | null;
  edited?: boolean;
}

export interface SessionLog {
  title: string;
  /** IANA zone the times are printed in (the table's: a server setting, or its language's usual zone). */
  timeZone: string;
  /** The tabs' names in the table's language. */
  tabs: Record<LogTab, string>;
  lines: LogLine[];
}

/** Ccfolia's grey for system lines. */
export const SYSTEM_COLOR = '#888888';

export function buildSessionLog(entries: LogEntry[], t: Translate, title: string, timeZone = 'UTC'): SessionLog {
  // Stable: entries of one millisecond keep the order they were gathered in.
  const sorted = entries.map((e, i) => ({ e, i })).sort((a, b) => a.e.at.getTime() - b.e.at.getTime() || a.i - b.i);
  const system = (at: Date, kind: LogEntry['kind'], text: string): LogLine => ({ at, kind, tab: 'info', speaker: null, text, color: SYSTEM_COLOR });
  return {
    title,
    timeZone,
    tabs: { main: t('log.tab.main'), info: t('log.tab.info') },
    lines: sorted.map(({ e }): LogLine => {
      switch (e.kind) {
        case 'roll': {
          const outcome = e.result.outcome ?? null;
          // ✓ and × are in every CJK font (✔/✘ are not in Noto Sans JP: a box in the page)
          const mark = outcome === 'success' ? `✓ ${t('log.success')}` : outcome === 'failure' ? `× ${t('log.failure')}` : '';
          const head = [e.comment ?? '', e.revealed ? `(${t('log.revealedRoll')})` : '', mark].filter(Boolean).join(' ');
          const body = renderPlain(e.result, t);
          return { at: e.at, kind: e.kind, tab: 'main', speaker: e.who, text: head ? `${head}\n${body}` : body, color: speakerColor(e.colorKey ?? e.who), outcome };
        }
        case 'commit':
          return system(e.at, e.kind, `${t('log.commit', { id: e.secretId })}\nsha256:${e.hash}`);
        case 'reveal':
          return system(e.at, e.kind, `${t('log.reveal', { id: e.secretId, kind: e.secretKind })}\n${e.text}`);
        case 'event':
          return system(e.at, e.kind, t(e.key, e.params));
        case 'line':
          return system(e.at, e.kind, e.text);
        case 'post':
          return { at: e.at, kind: e.kind, tab: 'main', speaker: e.name, text: e.text, color: speakerColor(e.characterId !== null ? `character:${e.characterId}` : e.name), messageId: e.messageId, avatarUrl: e.avatarUrl, edited: e.edited };
        case 'message': {
          const text = [e.text, ...e.attachments.map((name) => t('log.attachment', { name }))].filter(Boolean).join('\n');
          return { at: e.at, kind: e.kind, tab: 'main', speaker: e.name, text, color: speakerColor(`name:${e.name}`), messageId: e.messageId };
        }
      }
    }),
  };
}

/** "2026-11-25 08:08:33" in the log's zone (sv-SE formats as ISO without the T). */
function clock(timeZone: string): (d: Date) => string {
  const format = new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
  return (d) => format.format(d);
}

/** A speaker's colour: the same key, the same hue, dark enough to read on white. */
function speakerColor(key: string): string {
  // FNV-1a, then mixed: two users whose ids differ in the last digit still get far-apart hues.
  let hash = 0x811c9dc5;
  for (const ch of key) hash = Math.imul(hash ^ ch.codePointAt(0)!, 0x01000193) >>> 0;
  hash = Math.imul(hash ^ (hash >>> 16), 0x45d9f3b) >>> 0;
  hash = (hash ^ (hash >>> 16)) >>> 0;
  return hslHex(hash % 360, 0.65, 0.4);
}

function hslHex(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return `#${[channel(0), channel(8), channel(4)].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

export function sessionLogText(log: SessionLog): string {
  const time = clock(log.timeZone);
  const out = [log.title, `(${log.timeZone})`, ''];
  for (const line of log.lines) {
    const [first = '', ...rest] = line.text.split('\n');
    out.push(`[${time(line.at)}] [${log.tabs[line.tab]}] ${line.speaker ?? 'system'}: ${first}`);
    out.push(...rest.map((l) => `  ${l}`));
  }
  return `${out.join('\n')}\n`;
}

/** The same lines as data: times as ISO instants, the table's local time beside them. */
export function sessionLogJson(log: SessionLog): string {
  const time = clock(log.timeZone);
  const lines = log.lines.map((l) => ({
    at: l.at.toISOString(),
    local: time(l.at),
    kind: l.kind,
    tab: log.tabs[l.tab],
    speaker: l.speaker,
    text: l.text,
    color: l.color,
    ...(l.outcome ? { outcome: l.outcome } : {}),
    ...(l.messageId ? { messageId: l.messageId } : {}),
    ...(l.avatarUrl ? { avatarUrl: l.avatarUrl } : {}),
    ...(l.edited ? { edited: true } : {}),
  }));
  return `${JSON.stringify({ title: log.title, timeZone: log.timeZone, lines }, null, 1)}\n`;
}
