// The session log as Ccfolia's ログ出力 writes it, so the tools a Japanese or Korean table already
// uses on Ccfolia logs (readers, converters, replay sites) read ours: the page titled "ccfolia - logs",
// one <p> a line coloured as its speaker, holding three <span>s — the tab in brackets, the speaker's
// name, the text (line breaks as <br>) — with Ccfolia's own layout (some readers go by lines). The
// bot's record speaks as Ccfolia's "system". Our title and time zone sit above, outside any <p>.
// Every text a person chose (names, messages, comments, the channel's name) is escaped.
import { SYSTEM_COLOR, type SessionLog } from './session-log.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A colour we made (`#rrggbb`); anything else falls back to the system grey rather than reach a style attribute. */
const safeColor = (c: string) => (/^#[0-9a-f]{6}$/i.test(c) ? c : SYSTEM_COLOR);

export function sessionLogHtml(log: SessionLog, lang: string): string {
  const rows = log.lines.map((l) =>
    [
      `<p style="color:${safeColor(l.color)};">`,
      `  <span> [${escapeHtml(log.tabs[l.tab])}]</span>`,
      `  <span>${escapeHtml(l.speaker ?? 'system')}</span> :`,
      `  <span>`,
      `    ${l.text.split(/\r?\n/).map(escapeHtml).join('<br>')}`,
      `  </span>`,
      `</p>`,
    ].join('\n'),
  );
  return `<!DOCTYPE html>
<html lang="${escapeHtml(lang)}">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta http-equiv="X-UA-Compatible" content="ie=edge" />
    <title>ccfolia - logs</title>
    <meta name="description" content="${escapeHtml(log.title)}" />
    <style>
      body { font-family: "Noto Sans JP", "Noto Sans KR", sans-serif; margin: 24px; line-height: 1.5; background: #fff; }
      h1 { font-size: 20px; color: #333; margin: 0; }
      .zone { color: #888; font-size: 13px; margin-bottom: 12px; }
      p { margin: 6px 0; font-size: 15px; }
      p > span:first-child { opacity: 0.6; }
      p > span:nth-child(2) { font-weight: bold; }
    </style>
  </head>
  <body>
    <h1>${escapeHtml(log.title)}</h1>
    <div class="zone">${escapeHtml(log.timeZone)}</div>
${rows.join('\n')}
  </body>
</html>
`;
}
