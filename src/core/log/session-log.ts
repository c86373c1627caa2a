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
  | { kind: 'event'; at: Date; key: string; params: Record<string, string | number> };

export interface SessionLog {
  title: string;
  lines: { at: Date; head: string; body: string }[];
}

export function buildSessionLog(entries: LogEntry[], t: Translate, title: string): SessionLog {
  const sorted = entries.slice().sort((a, b) => a.at.getTime() - b.at.getTime());
  return {
    title,
    lines: sorted.map((e) => {
      switch (e.kind) {
        case 'roll':
          return {
            at: e.at,
            head: `${e.who}${e.comment ? ` — ${e.comment}` : ''}${e.revealed ? ` (${t('log.revealedRoll')})` : ''}`,
            body: renderPlain(e.result, t),
          };
        case 'commit':
          return { at: e.at, head: t('log.commit', { id: e.secretId }), body: `sha256:${e.hash}` };
        case 'reveal':
          return { at: e.at, head: t('log.reveal', { id: e.secretId, kind: e.secretKind }), body: e.text };
        case 'event':
          return { at: e.at, head: t(e.key, e.params), body: '' };
      }
    }),
  };
}

const time = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 19) + 'Z';

export function sessionLogText(log: SessionLog): string {
  const out = [log.title, ''];
  for (const line of log.lines) {
    out.push(`[${time(line.at)}] ${line.head}`);
    if (line.body) out.push(...line.body.split('\n').map((l) => `  ${l}`));
  }
  return `${out.join('\n')}\n`;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** One HTML file with its style inline: opens offline in any browser. */
export function sessionLogHtml(log: SessionLog, lang: string): string {
  const rows = log.lines
    .map((l) => `<div class="entry"><div class="head"><time>${time(l.at)}</time> ${escapeHtml(l.head)}</div>${l.body ? `<pre>${escapeHtml(l.body)}</pre>` : ''}</div>`)
    .join('\n');
  return `<!DOCTYPE html>
<html lang="${escapeHtml(lang)}">
<head><meta charset="utf-8"><title>${escapeHtml(log.title)}</title>
<style>body{font-family:sans-serif;background:#313338;color:#dbdee1;max-width:60em;margin:auto;padding:1em}
.entry{border-bottom:1px solid #404249;padding:.4em 0}.head{font-weight:bold}time{color:#949ba4;font-weight:normal;margin-right:.5em}
pre{white-space:pre-wrap;margin:.2em 0 0 1em;font-family:inherit}</style></head>
<body><h1>${escapeHtml(log.title)}</h1>
${rows}
</body></html>
`;
}
