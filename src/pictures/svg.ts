// Tiny SVG building blocks shared by every picture: text (as glyph outlines, ./glyphs.ts), boxes and
// bars. Pictures are built as strings (no DOM); every user-controlled string is cut by clipText() and
// becomes paths, so no markup of its own can reach the SVG.
import { measure, textPaths } from './glyphs.js';


/** Palette: Discord's dark theme, so the picture sits well inside an embed. */
export const COLORS = {
  background: '#2b2d31',
  panel: '#313338',
  panelCurrent: '#3f4270',
  text: '#f2f3f5',
  muted: '#b5bac1',
  grid: '#4e5058',
  hp: '#3ba55d',
  hpLow: '#ed4245',
  mp: '#5865f2',
  sp: '#eb459e',
  expected: '#fee75c',
  bar: '#5865f2',
  badge: '#4e5058',
  badgeBad: '#a12d2f',
  badgeGood: '#2d7d46',
} as const;

/** Markdown the text views use (bold, code, strike) and mentions are not drawn: the picture shows plain words. */
export function plain(s: string): string {
  return s.replace(/\*\*(.+?)\*\*/g, '$1').replace(/~~(.+?)~~/g, '$1').replace(/`([^`]*)`/g, '$1').replace(/<@!?\d+>/g, '@');
}

/** Cuts a label to `max` characters (code points, so a CJK name is never split mid-character). */
export function clipText(s: string, max: number): string {
  const chars = [...plain(s).replace(/[\u0000-\u001f\u007f]/g, ' ')];
  return chars.length <= max ? chars.join('') : `${chars.slice(0, Math.max(1, max - 1)).join('')}…`;
}

/** Width of a label as drawn. Used to size badges. */
export function textWidth(s: string, size: number): number {
  return measure(s, size);
}

export interface TextOptions {
  size?: number;
  fill?: string;
  weight?: 'normal' | 'bold';
  anchor?: 'start' | 'middle' | 'end';
}

export function label(x: number, y: number, value: string, o: TextOptions = {}): string {
  return textPaths(value, x, y, o.size ?? 16, o.fill ?? COLORS.text, o.weight ?? 'normal', o.anchor ?? 'start');
}

export function box(x: number, y: number, w: number, h: number, fill: string, radius = 6): string {
  return `<rect x="${x}" y="${y}" width="${Math.max(0, w)}" height="${Math.max(0, h)}" rx="${radius}" fill="${fill}"/>`;
}

/** A resource bar: `value` of `max`, the number written on it. */
export function meter(x: number, y: number, w: number, h: number, value: number, max: number, fill: string, caption: string): string {
  const ratio = max > 0 ? Math.max(0, Math.min(1, value / max)) : 0;
  return [
    box(x, y, w, h, COLORS.grid, 3),
    ratio > 0 ? box(x, y, Math.max(4, w * ratio), h, fill, 3) : '',
    label(x + w / 2, y + h - 4, caption, { size: h - 6, anchor: 'middle' }),
  ].join('');
}

/** A rounded tag (a status, a condition); returns its markup and width so a row of them can flow. */
export function badge(x: number, y: number, value: string, fill: string = COLORS.badge): { svg: string; width: number } {
  const size = 13;
  const width = Math.ceil(textWidth(value, size) + 14);
  return { svg: box(x, y, width, 20, fill, 10) + label(x + width / 2, y + 15, value, { size, anchor: 'middle' }), width };
}

export function document(width: number, height: number, body: string[]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${box(0, 0, width, height, COLORS.background, 0)}${body.join('')}</svg>`;
}
