// The fight tracker as a picture: initiative order top to bottom, the current actor highlighted,
// each combatant's side and row, HP/MP/SP bars, condition and statuses as badges.
import type { BadgeTone, TrackerEntry, TrackerPicture } from './model.js';
import { badge, box, clipText, COLORS, document, label, meter } from './svg.js';

const WIDTH = 980;
const CARD = 78;
const TOP = 92;
/** More would not be readable on a phone; the text tracker still lists everyone. */
export const MAX_TRACKER_ROWS = 16;

const SIDE_COLORS = ['#5865f2', '#ed4245', '#3ba55d', '#faa61a', '#eb459e', '#00b0f4'];
const TONES: Record<BadgeTone, string> = { bad: COLORS.badgeBad, good: COLORS.badgeGood, neutral: COLORS.badge };

export function trackerSvg(p: TrackerPicture): string {
  const sides = [...new Set(p.combatants.map((c) => c.side))];
  const shown = p.combatants.slice(0, MAX_TRACKER_ROWS);
  const height = TOP + shown.length * CARD + (p.next ? 36 : 12);
  const body = [
    label(24, 40, clipText(p.title, 48), { size: 26, weight: 'bold' }),
    label(24, 72, clipText(p.head, 70), { size: 18, fill: COLORS.muted }),
    ...shown.map((c, i) => card(c, i, TOP + i * CARD, SIDE_COLORS[sides.indexOf(c.side) % SIDE_COLORS.length]!)),
  ];
  if (p.next) body.push(label(24, height - 14, clipText(p.next, 90), { size: 15, fill: COLORS.muted }));
  return document(WIDTH, height, body);
}

function card(c: TrackerEntry, index: number, y: number, sideColor: string): string {
  const out: string[] = [box(12, y, WIDTH - 24, CARD - 8, c.current ? COLORS.panelCurrent : COLORS.panel), box(12, y, 8, CARD - 8, sideColor, 3)];
  const dim = c.out ? COLORS.muted : COLORS.text;
  out.push(label(44, y + 44, c.current ? '▶' : String(index + 1), { size: 20, weight: 'bold', anchor: 'middle', fill: c.current ? COLORS.expected : COLORS.muted }));
  out.push(label(68, y + 30, clipText(c.name, 18), { size: 20, weight: 'bold', fill: dim }));
  out.push(label(68, y + 56, clipText([c.side, c.row].filter(Boolean).join(' · '), 26), { size: 14, fill: COLORS.muted }));
  if (c.initiative) out.push(label(400, y + 44, clipText(c.initiative, 10), { size: 16, anchor: 'end', fill: COLORS.muted }));
  if (c.bars.length === 0) {
    out.push(label(420, y + 44, '? ? ?', { size: 18, fill: COLORS.muted }));
  } else {
    c.bars.slice(0, 3).forEach((b, i) => {
      const color = b.label === 'HP' ? (b.value * 4 <= b.max ? COLORS.hpLow : COLORS.hp) : b.label === 'SP' ? COLORS.sp : COLORS.mp;
      const rows = Math.min(3, c.bars.length);
      const h = rows === 3 ? 18 : 22;
      out.push(label(420, y + 8 + i * (h + 3) + h - 5, b.label, { size: 13, fill: COLORS.muted }));
      out.push(meter(450, y + 8 + i * (h + 3), 230, h, b.value, b.max, color, `${b.value}/${b.max}`));
    });
  }
  // condition first, then the badges, flowing over two lines
  let x = 700;
  let line = 0;
  for (const b of [{ text: c.condition, tone: (c.out ? 'bad' : 'neutral') as BadgeTone }, ...c.badges].slice(0, 10)) {
    const text = clipText(b.text, 16);
    const probe = badge(0, 0, text);
    if (x + probe.width > WIDTH - 20) {
      if (line === 1) break;
      line = 1;
      x = 700;
    }
    const drawn = badge(x, y + 10 + line * 28, text, TONES[b.tone]);
    out.push(drawn.svg);
    x += drawn.width + 6;
  }
  return out.join('');
}
