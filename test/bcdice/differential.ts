// The differential run behind test/bcdice/differential.test.ts (issue 21 §1): one command through
// /roll's reading (evaluateTyped, the path /roll takes before the store) and through BCDice's own
// evaluation of what was typed, BCDice's randomizer fed the faces our path rolled. Exported so a
// listed disagreement can be explained from a console as well.
import { readFileSync } from 'node:fs';
import { meaningOf, rollSystem } from '../../src/bcdice/index.js';
import { DiceError, type DiceResult } from '../../src/core/dice/index.js';
import { seededRandom, type RandomSource } from '../../src/core/random.js';
import { evaluateTyped } from '../../src/services/typed-dice.js';

export const NONE = 'none';

export interface CorpusCommand {
  /** the channel's /system; `none`: a channel without one (the seed's counting; BCDice compared as DiceBot) */
  system: string;
  command: string;
}

/** `## System` headings, one command a line, `#` comments. */
export function readCorpus(path: string): CorpusCommand[] {
  const out: CorpusCommand[] = [];
  let system = 'DiceBot';
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const heading = /^##\s+(\S+)/.exec(line);
    if (heading) system = heading[1]!;
    else if (line.trim() && !line.startsWith('#')) out.push({ system, command: line.trim() });
  }
  return out;
}

/** One repetition's meaning: what /stats and the log count. */
export interface Meaning {
  value: number;
  outcome: 'success' | 'failure' | null;
}

export type Side = { refused: string } | { meanings: Meaning[]; faces: number[]; text?: string };

export interface Comparison {
  ours: Side;
  bcdice: Side;
  /** null when both sides mean the same */
  difference: string | null;
}

/** Hands out the recorded faces while the sides match, then falls back (and says so). */
function replaying(faces: { sides: number; face: number }[], fallback: RandomSource): RandomSource & { off: boolean; used: number } {
  const source = {
    off: false,
    used: 0,
    die(sides: number): number {
      const next = faces[source.used];
      if (next && next.sides === sides && !source.off) {
        source.used++;
        return next.face;
      }
      source.off = true;
      return fallback.die(sides);
    },
  };
  return source;
}

function recording(inner: RandomSource): RandomSource & { faces: { sides: number; face: number }[] } {
  const faces: { sides: number; face: number }[] = [];
  return {
    faces,
    die(sides) {
      const face = inner.die(sides);
      faces.push({ sides, face });
      return face;
    },
  };
}

const meaningsOf = (r: DiceResult): Meaning[] => (r.repeats ?? [r]).map((x) => ({ value: x.value, outcome: x.outcome }));

/** BCDice's `#1 … #2 …` repetitions, each read as /roll stores a BCDice line. */
function bcdiceMeanings(text: string, success: boolean, failure: boolean, faces: number[]): Meaning[] {
  const parts = text.split(/\n\n(?=#\d+\n)/);
  if (parts.length === 1) {
    const outcome = success ? 'success' : failure ? 'failure' : null;
    return [{ value: meaningOf(text, outcome !== null, faces.map((face) => ({ sides: 0, face, kept: true, success: null, pool: null }))).value, outcome }];
  }
  return parts.map((part) => {
    const body = part.replace(/^#\d+\n/, '');
    const verdict = /＞ [^＞]*(成功|失敗|성공|실패)[^＞]*$/.exec(body)?.[1];
    const outcome = verdict === '成功' || verdict === '성공' ? 'success' : verdict ? 'failure' : null;
    return { value: meaningOf(body, outcome !== null, []).value, outcome };
  });
}

export async function compareCommand({ system, command }: CorpusCommand): Promise<Comparison> {
  const rng = recording(seededRandom(`${system}|${command}`));
  let ours: Side;
  try {
    const typed = await evaluateTyped(command, system === NONE ? null : system, rng);
    const tree = typed.result.tree;
    ours = { meanings: meaningsOf(typed.result), faces: rng.faces.map((f) => f.face), ...(tree.type === 'bcdice' ? { text: tree.text } : {}) };
  } catch (error) {
    if (!(error instanceof DiceError)) throw error;
    ours = { refused: error.code };
  }

  const replay = replaying(rng.faces, seededRandom(`bcdice|${command}`));
  const faces: number[] = [];
  const feeding: RandomSource = {
    die(sides) {
      const face = replay.die(sides);
      faces.push(face);
      return face;
    },
  };
  let bcdice: Side;
  const answer = await rawBcdice(system === NONE ? 'DiceBot' : system, command, feeding);
  if (answer === null) bcdice = { refused: 'not understood' };
  else bcdice = { meanings: bcdiceMeanings(answer.text, answer.success, answer.failure, faces), faces, text: answer.text };

  return { ours, bcdice, difference: differ(ours, bcdice, replay.off || replay.used !== rng.faces.length) };
}

function differ(ours: Side, bcdice: Side, diceDiffer: boolean): string | null {
  if ('refused' in ours && 'refused' in bcdice) return null;
  if ('refused' in ours) return `refused here (${ours.refused}), BCDice answers`;
  if ('refused' in bcdice) return 'answered here, BCDice does not understand it';
  if (diceDiffer) return `different dice: ours ${ours.faces.join(',')}, BCDice ${bcdice.faces.join(',')}`;
  // Handed over to BCDice here too: the same line on the same dice is the same meaning.
  if (ours.text !== undefined && bcdice.text !== undefined) return ours.text === bcdice.text ? null : `different line: ours ${JSON.stringify(ours.text)}, BCDice ${JSON.stringify(bcdice.text)}`;
  if (JSON.stringify(ours.meanings) !== JSON.stringify(bcdice.meanings)) return `different meaning: ours ${JSON.stringify(ours.meanings)}, BCDice ${JSON.stringify(bcdice.meanings)}`;
  return null;
}

/** BCDice's own evaluation of the command as typed (no folding, no splitting: what BCDice users get). */
async function rawBcdice(system: string, command: string, rng: RandomSource): Promise<{ text: string; success: boolean; failure: boolean } | null> {
  const answer = await rollSystem(system, command, rng);
  if (!answer || answer.result.tree.type !== 'bcdice') return null;
  return { text: answer.result.tree.text, success: answer.result.outcome === 'success', failure: answer.result.outcome === 'failure' };
}
