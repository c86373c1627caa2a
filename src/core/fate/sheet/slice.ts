// A piece of one input line in two forms of equal length: `o` as written, `n` width-normalized
// (normalize.ts). Structure is read from `n`; stored text is sliced from `o` at the same indices.
import { widthNorm } from './normalize.js';

export interface Slice {
  o: string;
  n: string;
}

export function sliceOf(text: string): Slice {
  return { o: text, n: widthNorm(text) };
}

export function sub(s: Slice, start: number, end: number = s.n.length): Slice {
  return { o: s.o.slice(start, end), n: s.n.slice(start, end) };
}

export function trim(s: Slice): Slice {
  let start = 0;
  let end = s.n.length;
  while (start < end && /\s/.test(s.n[start] ?? '')) start++;
  while (end > start && /\s/.test(s.n[end - 1] ?? '')) end--;
  return sub(s, start, end);
}

/** Drop one leading ":" (after optional spaces) — `【クラス】:セイバー`, `:(details)`. */
export function dropColon(s: Slice): Slice {
  const m = /^\s*:/.exec(s.n);
  return m ? sub(s, m[0].length) : s;
}

/** Drop leading bullets "・" and spaces (`・HP:48`, `・対魔力:B`). */
export function dropBullet(s: Slice): Slice {
  const m = /^[\s・]*/.exec(s.n);
  return m ? sub(s, m[0].length) : s;
}

/**
 * Join the lines of a free-text block (details, background): leading and trailing blank lines go,
 * the first line loses its leading spaces, every line its trailing spaces; inner lines are verbatim.
 */
export function joinBlock(lines: string[]): string {
  const kept = lines.map((l) => l.trimEnd());
  while (kept.length && kept[0]?.trim() === '') kept.shift();
  while (kept.length && kept[kept.length - 1]?.trim() === '') kept.pop();
  if (kept.length) kept[0] = (kept[0] ?? '').trimStart();
  return kept.join('\n');
}
