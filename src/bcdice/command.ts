// How a typed command is handed to BCDice, which reads only half-width ASCII commands and whose
// own repetition has no limit: full-width folded first (`Ｃ（１＋２）` is `C(1+2)`), the repetition
// prefix (`x3`, `rep3`, `repeat3`) taken off and bounded by our limit, and the comment split off
// where BCDice ends the command: at the first space outside brackets (`choice[a, b, c] 順番`),
// except in `choice a b c` (and `choice2 a b c`), whose items are the words.
import { DiceError } from '../core/dice/errors.js';
import { DICE_LIMITS } from '../core/dice/limits.js';
import { normalizeDiceInput } from '../core/dice/normalize.js';

export interface SystemCommand {
  /** what BCDice evaluates, once per repetition */
  command: string;
  comment: string | null;
  repeat: number;
}

/** Full-width ASCII (U+FF01–FF5E) and the ideographic space to their half-width forms, one code point each. */
export function foldWidth(text: string): string {
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    out += cp >= 0xff01 && cp <= 0xff5e ? String.fromCharCode(cp - 0xfee0) : ch === '\u3000' ? ' ' : ch;
  }
  return out;
}

const REPEAT = /^(x|rep|repeat)(\d+)\s+/i;
const SPACED_CHOICE = /^s?choice\d*\s/i;
const OPEN = new Set(['[', '(', '「', '{']);
const CLOSE = new Set([']', ')', '」', '}']);

/** Throws DiceError('bad_repeat') past the limit, its column on the number as typed. */
export function splitSystemCommand(input: string): SystemCommand {
  let text = foldWidth(input.trim());
  let repeat = 1;
  const prefix = REPEAT.exec(text);
  if (prefix) {
    repeat = Number(prefix[2]);
    if (!Number.isSafeInteger(repeat) || repeat < 1 || repeat > DICE_LIMITS.maxRepeat) {
      throw new DiceError('bad_repeat', prefix[1]!.length + 1, { repeat: prefix[2]!.length > 9 ? `${prefix[2]!.slice(0, 9)}…` : prefix[2]!, max: DICE_LIMITS.maxRepeat });
    }
    text = text.slice(prefix[0].length);
  }
  if (SPACED_CHOICE.test(text)) return { command: text, comment: null, repeat };
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (OPEN.has(ch)) depth++;
    else if (CLOSE.has(ch)) depth = Math.max(0, depth - 1);
    else if (depth === 0 && /\s/.test(ch)) return { command: text.slice(0, i), comment: text.slice(i).trim() || null, repeat };
  }
  return { command: text, comment: null, repeat };
}

/**
 * An expression our engine reads, as the channel's system gets it: BCDice ends a command at its
 * first space, so `2d6 + 3` and `2D6 >= 7` would lose their +3 and target; here they go as `2d6+3`
 * and `2D6>=7`, full width folded and ≦/≧/×/− in ASCII (the engine's own normalization, the
 * letters' case kept for the systems that read it), a repetition prefix (`x3 `, `rep3 `) taken
 * off as splitSystemCommand does.
 */
export function compactExpression(expression: string, secret: boolean): { command: string; repeat: number } {
  let body = foldWidth(expression.trim());
  let repeat = 1;
  const prefix = REPEAT.exec(body);
  if (prefix) {
    repeat = Number(prefix[2]);
    body = body.slice(prefix[0].length);
  }
  const chars = Array.from(body);
  const { text, cols } = normalizeDiceInput(body);
  let command = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === ' ') continue;
    const typed = chars[cols[i]! - 1];
    command += typed !== undefined && typed !== ch && typed.toLowerCase() === ch ? typed : ch;
  }
  return { command: secret ? `S${command}` : command, repeat };
}
