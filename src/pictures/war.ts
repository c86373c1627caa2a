// The war board as a picture: the clock, each faction's state as the table may read it, and for the
// percentage war the GM's territory map (grades; bases only where the reader may know them).
import type { Grade, WarPicture } from './model.js';
import { badge, box, clipText, COLORS, document, label } from './svg.js';

const WIDTH = 980;
const COLUMNS = 4;
const TILE_W = 226;
const TILE_H = 118;
/** The map the GM can name is bounded by the command; this bounds the picture whatever arrives. */
export const MAX_TERRITORIES = 24;
export const MAX_FACTIONS = 14;

const GRADE_COLORS: Record<Grade, string> = { small: '#3c4a3e', medium: '#2f5d50', large: '#2d6a8f', highest: '#8f6a1d' };
const TONES = { bad: COLORS.badgeBad, good: COLORS.badgeGood, neutral: COLORS.badge } as const;

export function warSvg(p: WarPicture): string {
  const factions = p.factions.slice(0, MAX_FACTIONS);
  const territories = p.map?.territories.slice(0, MAX_TERRITORIES) ?? [];
  const factionRows = Math.ceil(factions.length / 2);
  const mapTop = 96 + factionRows * 40 + 20;
  const mapRows = Math.ceil(territories.length / COLUMNS);
  const height = (p.map ? mapTop + 40 + mapRows * (TILE_H + 12) : mapTop) + (p.footer ? 30 : 0);
  const body = [label(24, 40, clipText(p.title, 50), { size: 26, weight: 'bold' }), label(24, 72, clipText(p.clock, 70), { size: 18, fill: COLORS.muted })];
  factions.forEach((f, i) => {
    const x = 24 + (i % 2) * 470;
    const y = 92 + Math.floor(i / 2) * 40;
    body.push(box(x, y, 456, 34, COLORS.panel));
    body.push(label(x + 12, y + 23, clipText(f.name, 20), { size: 17, weight: 'bold', fill: f.tone === 'bad' ? COLORS.muted : COLORS.text }));
    // No badge where the faction owes nothing (the summoning phase of a faction without a master).
    if (!f.status) return;
    const tag = badge(0, 0, clipText(f.status, 16));
    body.push(badge(x + 450 - tag.width, y + 7, clipText(f.status, 16), TONES[f.tone]).svg);
  });
  if (p.map) {
    body.push(label(24, mapTop + 24, clipText(p.map.title, 60), { size: 20, weight: 'bold' }));
    territories.forEach((t, i) => {
      const x = 24 + (i % COLUMNS) * (TILE_W + 10);
      const y = mapTop + 40 + Math.floor(i / COLUMNS) * (TILE_H + 12);
      body.push(box(x, y, TILE_W, TILE_H, GRADE_COLORS[t.grade], 10));
      body.push(label(x + 12, y + 30, clipText(t.name, 12), { size: 18, weight: 'bold' }));
      body.push(badge(x + 12, y + 42, clipText(t.gradeLabel, 22)).svg);
      t.bases.slice(0, 2).forEach((b, j) => body.push(label(x + 12, y + 88 + j * 20, `◆ ${clipText(b, 14)}`, { size: 14 })));
    });
  }
  if (p.footer) body.push(label(24, height - 12, clipText(p.footer, 80), { size: 15, fill: COLORS.muted }));
  return document(WIDTH, height, body);
}
