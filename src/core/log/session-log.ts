// The session log (/log export, like Ccfolia's ログ出力): a channel's public record in time order —
// rolls, revealed secrets, commitments (hash only) and war/combat milestones — as plain text and as
// a self-contained HTML page readable offline. Pure: the command gathers the entries, only public
// ones (a secret roll appears only once its secret is revealed).
import type { Translate } from '../../i18n/index.js';
import { renderPlain, type DiceResult } from '../dice/index.js';

export type LogEntry =
  | { kind: 'roll'; at: Date; who: string; comment: string | null; result: DiceResult; id: number; revealed: boolean }
  | { kind: 'commit'; at: Date; secretId: number; hash: string }
  | { kind: 'reveal'; at: Date; secretId: number; secretKind: string; text: string }
  | { kind: 'event'; at: Date; key: string; params: Record<string, string | number> }
  /** a line already worded for the table (a Persona fight's, whose hidden numbers are withheld before it gets here) */
  | { kind: 'line'; at: Date; text: string };

export interface SessionLog {
  title: string;
  /** IANA zone the times are printed in (the table's: a server setting, or its language's usual zone). */
  timeZone: string;
  /** `who` is the speaker (a character or a member), coloured the same on every line of the page. */
  lines: { at: Date; head: string; body: string; who?: string; outcome?: 'success' | 'failure' | null }[];
}

export function buildSessionLog(entries: LogEntry[], t: Translate, title: string, timeZone = 'UTC'): SessionLog {
  const sorted = entries.slice().sort((a, b) => a.at.getTime() - b.at.getTime());
  return {
    title,
    timeZone,
    lines: sorted.map((e) => {
      switch (e.kind) {
        case 'roll': {
          const outcome = e.result.outcome ?? null;
          const mark = outcome === 'success' ? ` ✔ ${t('log.success')}` : outcome === 'failure' ? ` ✘ ${t('log.failure')}` : '';
          return {
            at: e.at,
            who: e.who,
            outcome,
            head: `${e.who}${e.comment ? ` — ${e.comment}` : ''}${e.revealed ? ` (${t('log.revealedRoll')})` : ''}${mark}`,
            body: renderPlain(e.result, t),
          };
        }
        case 'commit':
          return { at: e.at, head: t('log.commit', { id: e.secretId }), body: `sha256:${e.hash}` };
        case 'reveal':
          return { at: e.at, head: t('log.reveal', { id: e.secretId, kind: e.secretKind }), body: e.text };
        case 'event':
          return { at: e.at, head: t(e.key, e.params), body: '' };
        case 'line':
          return { at: e.at, head: e.text, body: '' };
      }
    }),
  };
}

/** "2026-11-25 08:08:33" in the log's zone (sv-SE formats as ISO without the T). */
function clock(timeZone: string): (d: Date) => string {
  const format = new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
  return (d) => format.format(d);
}

/** A speaker's colour: the same name, the same hue, on every line. */
function speakerColor(who: string): string {
  let hash = 0;
  for (const ch of who) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  return `hsl(${hash % 360}, 65%, 70%)`;
}

export function sessionLogText(log: SessionLog): string {
  const time = clock(log.timeZone);
  const out = [log.title, `(${log.timeZone})`, ''];
  for (const line of log.lines) {
    out.push(`[${time(line.at)}] ${line.head}`);
    if (line.body) out.push(...line.body.split('\n').map((l) => `  ${l}`));
  }
  return `${out.join('\n')}\n`;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** One HTML file with its style inline: opens offline in any browser. */
export function sessionLogHtml(log: SessionLog, lang: string): string {
  const time = clock(log.timeZone);
  const rows = log.lines
    .map((l) => {
      const head = l.who ? `<span class="who" style="color:${speakerColor(l.who)}">${escapeHtml(l.head)}</span>` : escapeHtml(l.head);
      const cls = l.outcome ? ` ${l.outcome}` : '';
      return `<div class="entry${cls}"><div class="head"><time>${time(l.at)}</time> ${head}</div>${l.body ? `<pre>${escapeHtml(l.body)}</pre>` : ''}</div>`;
    })
    .join('\n');
  return `<!DOCTYPE html>
<html lang="${escapeHtml(lang)}">
<head><meta charset="utf-8"><title>${escapeHtml(log.title)}</title>
<style>body{font-family:sans-serif;background:#313338;color:#dbdee1;max-width:60em;margin:auto;padding:1em}
.entry{border-bottom:1px solid #404249;padding:.4em 0}.head{font-weight:bold}time{color:#949ba4;font-weight:normal;margin-right:.5em}
pre{white-space:pre-wrap;margin:.2em 0 0 1em;font-family:inherit}.success{border-left:4px solid #3ba55d;padding-left:.5em}
.failure{border-left:4px solid #ed4245;padding-left:.5em}.zone{color:#949ba4}</style></head>
<body><h1>${escapeHtml(log.title)}</h1><p class="zone">${escapeHtml(log.timeZone)}</p>
${rows}
</body></html>
`;
}
