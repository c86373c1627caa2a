// BCDice habits around an expression: a leading `S` makes the roll secret (`S2D6`), and text after
// a space is a comment (`1D100<=50 目星`). Spaces inside an expression stay allowed (`2d6 + 3`):
// the whole input is tried first, then each head before a space, longest first
// (`2d6 + 3 目星` keeps the +3).
import { readDice } from './programs.js';

export interface RollInput {
  /** what the engines roll */
  expression: string;
  comment: string | null;
  /** written with the `S` prefix */
  secret: boolean;
}

const SECRET_PREFIX = /^[sSｓＳ]/;
const SPACE = /[\s\u3000]/;

/** Through the parsed programs' LRU: the head found here is the program the roll then rolls. */
function parses(text: string): boolean {
  try {
    readDice(text, 'bcdice');
    return true;
  } catch {
    return false;
  }
}

/**
 * Splits what the player typed. When nothing parses, the first word is the expression and the
 * rest the comment, as BCDice reads it (the channel's BCDice system then gets its chance).
 */
export function splitRollInput(input: string): RollInput {
  const trimmed = input.trim();
  const bodies: { body: string; secret: boolean }[] = [{ body: trimmed, secret: false }];
  if (SECRET_PREFIX.test(trimmed)) bodies.push({ body: trimmed.slice(1), secret: true });
  for (const { body, secret } of bodies) if (parses(body)) return { expression: body, comment: null, secret };
  for (const { body, secret } of bodies) {
    for (let i = body.length - 1; i > 0; i--) {
      if (!SPACE.test(body[i]!)) continue;
      const head = body.slice(0, i).trim();
      if (head && parses(head)) return { expression: head, comment: body.slice(i).trim() || null, secret };
    }
  }
  const space = trimmed.search(SPACE);
  if (space < 0) return { expression: trimmed, comment: null, secret: false };
  return { expression: trimmed.slice(0, space), comment: trimmed.slice(space).trim() || null, secret: false };
}
