// /judge as a picture (issue 22 §1): the two revealed cards with mana value and colour, the lines
// that make the target and the achievement, and a boost's six exiled cards.
import type { JudgeCard, JudgePicture } from './model.js';
import { box, clipText, COLORS, document, label } from './svg.js';

const WIDTH = 980;
const MANA: Record<JudgeCard['colors'][number], string> = { white: '#f8f6d8', blue: '#3a8fd6', black: '#5a4f5c', red: '#d9533c', green: '#3f9a55' };
const COLORLESS = '#9aa0a6';

/** A card tile: a stripe per colour (grey when colourless), its name and a mana-value disc. */
function cardTile(c: JudgeCard, x: number, y: number, w: number, h: number, big: boolean): string {
  const out = [box(x, y, w, h, COLORS.panel, 10)];
  const colors = c.colors.length ? c.colors.map((k) => MANA[k]) : [COLORLESS];
  const stripe = (w - 16) / colors.length;
  colors.forEach((fill, i) => out.push(box(x + 8 + i * stripe, y + 8, stripe, big ? 14 : 10, fill, 3)));
  const r = big ? 30 : 18;
  out.push(`<circle cx="${x + w - r - 10}" cy="${y + h - r - 10}" r="${r}" fill="${COLORS.badge}"/>`);
  out.push(label(x + w - r - 10, y + h - r - 10 + (big ? 11 : 7), String(c.manaValue), { size: big ? 30 : 18, weight: 'bold', anchor: 'middle' }));
  out.push(label(x + 12, y + (big ? 56 : 40), clipText(c.name, big ? 16 : 13), { size: big ? 20 : 13, weight: 'bold' }));
  return out.join('');
}

export function judgeSvg(p: JudgePicture): string {
  const exiled = p.exiled?.cards.slice(0, 6) ?? [];
  const height = 96 + 2 * 150 + 70 + (p.exiled ? 170 : 0);
  const body = [label(24, 40, clipText(p.title, 50), { size: 26, weight: 'bold' }), label(24, 72, clipText(p.header, 80), { size: 17, fill: COLORS.muted })];
  p.revealed.slice(0, 2).forEach((r, i) => {
    const y = 92 + i * 150;
    body.push(label(24, y + 18, clipText(r.role, 20), { size: 15, fill: COLORS.muted }));
    body.push(cardTile(r.card, 24, y + 26, 300, 116, true));
    body.push(label(344, y + 90, clipText(r.line, 66), { size: 16 }));
  });
  const verdictY = 92 + 2 * 150 + 8;
  body.push(box(24, verdictY, WIDTH - 48, 46, p.success ? COLORS.badgeGood : COLORS.badgeBad, 10));
  body.push(label(WIDTH / 2, verdictY + 31, clipText(p.verdict, 70), { size: 20, weight: 'bold', anchor: 'middle' }));
  if (p.exiled) {
    const y = verdictY + 70;
    body.push(label(24, y + 18, clipText(p.exiled.title, 40), { size: 15, fill: COLORS.muted }));
    exiled.forEach((c, i) => body.push(cardTile(c, 24 + i * 157, y + 28, 147, 90, false)));
    body.push(label(24, y + 146, clipText(p.exiled.line, 90), { size: 15 }));
  }
  return document(WIDTH, height, body);
}
