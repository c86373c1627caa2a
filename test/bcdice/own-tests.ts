// BCDice's own test data (issue 29 §2) run through /roll's path: each case's game_system is the
// channel's /system, its `rands` the random source, and what evaluateTyped answers is compared with
// BCDice's expected output as meaning (value, verdict, critical/fumble, secret, refusal), not as
// text, since the project renders its own lines. Exported so a listed difference can be explained
// from a console as well.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';
import { meaningOf } from '../../src/bcdice/index.js';
import { DiceError, type DiceResult } from '../../src/core/dice/index.js';
import type { RandomSource } from '../../src/core/random.js';
import { evaluateTyped } from '../../src/services/typed-dice.js';

export interface OwnCase {
  file: string;
  /** 1-based position in its file */
  index: number;
  system: string;
  input: string;
  output: string;
  rands: { sides: number; value: number }[];
  success: boolean;
  failure: boolean;
  critical: boolean;
  fumble: boolean;
  secret: boolean;
}

/** One repetition's meaning. */
interface Meaning {
  value: number;
  outcome: 'success' | 'failure' | null;
}

export interface Reading {
  refused: boolean;
  meanings: Meaning[];
  critical: boolean;
  fumble: boolean;
  secret: boolean;
}

/**
 * BCDice's Ruby TOML reader lets a `game_system = …` block without its `[[ test ]]` header
 * (DoubleCross_Korean.toml, three times in v3.16.1) stand as a further case; smol-toml, a strict
 * TOML 1.0 reader, refuses the redefinition. The header is supplied here, the file stays as shipped.
 */
function withHeaders(text: string): string {
  const lines = text.split('\n');
  const out: string[] = [];
  let headed = false;
  for (const line of lines) {
    if (/^\[\[\s*test\s*\]\]/.test(line)) headed = true;
    else if (/^game_system\s*=/.test(line)) {
      if (!headed) out.push('[[ test ]]');
      headed = false;
    }
    out.push(line);
  }
  return out.join('\n');
}

export function readOwnTests(folder: string): OwnCase[] {
  const cases: OwnCase[] = [];
  for (const file of readdirSync(folder).filter((f) => f.endsWith('.toml')).sort()) {
    const doc = parse(withHeaders(readFileSync(path.join(folder, file), 'utf8'))) as { test?: Record<string, unknown>[] };
    (doc.test ?? []).forEach((t, i) =>
      cases.push({
        file,
        index: i + 1,
        system: String(t.game_system),
        input: String(t.input),
        output: String(t.output),
        rands: ((t.rands as { sides: number; value: number }[] | undefined) ?? []).map((r) => ({ sides: Number(r.sides), value: Number(r.value) })),
        success: t.success === true,
        failure: t.failure === true,
        critical: t.critical === true,
        fumble: t.fumble === true,
        secret: t.secret === true,
      }),
    );
  }
  return cases;
}

/**
 * BCDice's expected output read as /roll stores a BCDice line; `#1 … #2 …` per repetition. A line
 * with no number means the sum of its dice: the first `drawn` of the case's dice (some cases list
 * more than BCDice draws, and BCDice's runner ignores the rest).
 */
export function expectedReading(c: OwnCase, drawn = c.rands.length): Reading {
  const flags = { critical: c.critical, fumble: c.fumble, secret: c.secret };
  if (c.output === '') return { refused: true, meanings: [], ...flags };
  const parts = c.output.split(/\n\n(?=#\d+\n)/);
  if (parts.length === 1) {
    const outcome = c.success ? 'success' : c.failure ? 'failure' : null;
    const dice = c.rands.slice(0, drawn).map((r) => ({ sides: r.sides, face: r.value, kept: true, success: null, pool: null }));
    return { refused: false, meanings: [{ value: meaningOf(c.output, outcome !== null, dice).value, outcome }], ...flags };
  }
  const meanings = parts.map((part) => {
    const body = part.replace(/^#\d+\n/, '');
    const verdict = /＞ [^＞]*(成功|失敗|성공|실패)[^＞]*$/.exec(body)?.[1];
    const outcome: Meaning['outcome'] = verdict === '成功' || verdict === '성공' ? 'success' : verdict ? 'failure' : null;
    return { value: meaningOf(body, outcome !== null, []).value, outcome };
  });
  return { refused: false, meanings, ...flags };
}

function repetitionMeaning(r: DiceResult): Meaning {
  if (r.tree.type !== 'bcdice') return { value: r.value, outcome: r.outcome };
  // A repetition's own BCDice line, read the way the expected `#n` part is read.
  const verdict = /＞ [^＞]*(成功|失敗|성공|실패)[^＞]*$/.exec(r.tree.text)?.[1];
  const outcome: Meaning['outcome'] = verdict === '成功' || verdict === '성공' ? 'success' : verdict ? 'failure' : null;
  return { value: meaningOf(r.tree.text, outcome !== null, []).value, outcome };
}

/** The case's dice in order; a die asked beyond them, or with other sides, turns `off`. */
function scripted(rands: OwnCase['rands']): RandomSource & { off: boolean; used: number } {
  const source = {
    off: false,
    used: 0,
    die(sides: number): number {
      const next = rands[source.used];
      if (!next || next.sides !== sides) {
        source.off = true;
        return 1;
      }
      source.used++;
      return next.value;
    },
  };
  return source;
}

export interface OwnResult {
  ours: Reading;
  expected: Reading;
  /** null when both mean the same */
  difference: string | null;
}

export async function runOwnCase(c: OwnCase): Promise<OwnResult> {
  const rng = scripted(c.rands);
  let ours: Reading;
  try {
    const typed = await evaluateTyped(c.input, c.system, rng);
    const r = typed.result;
    const all = r.repeats ?? [r];
    const flag = (name: 'critical' | 'fumble') => all.some((x) => x.tree.type === 'bcdice' && x.tree[name] === true);
    const meanings = r.repeats ? r.repeats.map(repetitionMeaning) : [{ value: r.value, outcome: r.outcome }];
    ours = { refused: false, meanings, critical: flag('critical'), fumble: flag('fumble'), secret: typed.secret };
  } catch (error) {
    if (!(error instanceof DiceError)) throw error;
    ours = { refused: true, meanings: [], critical: false, fumble: false, secret: false };
  }
  const expected = expectedReading(c, rng.used);
  // Dice left over are not a difference: BCDice's own runner ignores them too (MagicaLogia's MIT
  // lists four, its table reads one).
  return { ours, expected, difference: differ(ours, expected, rng.off) };
}

function differ(ours: Reading, expected: Reading, diceDiffer: boolean): string | null {
  if (ours.refused && expected.refused) return null;
  if (ours.refused) return 'refused here, BCDice answers';
  if (expected.refused) return 'answered here, BCDice does not understand it';
  if (diceDiffer) return 'different dice';
  const parts: string[] = [];
  if (JSON.stringify(ours.meanings) !== JSON.stringify(expected.meanings)) parts.push(`meaning: ours ${JSON.stringify(ours.meanings)}, BCDice ${JSON.stringify(expected.meanings)}`);
  for (const name of ['critical', 'fumble', 'secret'] as const) if (ours[name] !== expected[name]) parts.push(`${name}: ours ${ours[name]}, BCDice ${expected[name]}`);
  return parts.length ? parts.join('; ') : null;
}

export const caseKey = (c: Pick<OwnCase, 'system' | 'input'>): string => `${c.system}|${c.input}`;
