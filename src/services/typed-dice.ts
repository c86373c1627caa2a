// What a player's typed roll means in a channel (issues 21 §1, 29 §1), without the store.
// - A channel with a BCDice /system (DiceBot included): the system answers everything it reads,
//   with its criticals, fumbles, automatic results and wording (SwordWorld2.5's 2D6>=13 on 6,6 is
//   自動的成功, not a sum below 13); the engine answers what the system has no reading for (the
//   seed's pools `8d6<=4+3d6<=3`, `3#2D6`, a bare number). What the engine reads is checked against
//   its limits first (`1001d6`, `x21 …` stay refused) and handed over without its spaces
//   (`2d6 + 3` as `2d6+3`, which BCDice would cut at the space).
// - A channel without one: the seed's engine first (its success counting of `NdX<=T`), DiceBot for
//   what the engine cannot read.
// BCDice always gets full width folded, our repetition limit, and the comment split off.
// /roll's path (dice-roll.ts), the differential test and BCDice's own tests all go through here.
import { DEFAULT_SYSTEM, rollSystem } from '../bcdice/index.js';
import { compactExpression, splitSystemCommand } from '../bcdice/command.js';
import { DiceError, describeReading, evaluateDice, readDice, rollDice, splitRollInput, type DiceErrorCode, type DiceProgram, type DiceResult, type RolledDie } from '../core/dice/index.js';
import type { RandomSource } from '../core/random.js';

const NOT_OURS = new Set<DiceErrorCode>(['unexpected_char', 'unexpected_token', 'unexpected_end', 'expected_number', 'unclosed_paren', 'list_dice', 'pool_mixed', 'pool_arithmetic']);
const CHOICE = /^s?choice/i;
const COMMAND_SHOWN = 40;

export interface TypedDice {
  result: DiceResult;
  /** the comment typed after the expression */
  comment: string | null;
  /** `S` prefix or BCDice's secret flag */
  secret: boolean;
  /** the reading note, a catalog key written in each reader's language */
  reading: { key: string; params: Record<string, string | number> };
}

/** `system`: the channel's /system, null when none is set (DiceBot then answers what the engine cannot read). */
export async function evaluateTyped(input: string, system: string | null, rng: RandomSource): Promise<TypedDice> {
  const now = typedDice(input, system, rng);
  return typeof now === 'function' ? now() : now;
}

/**
 * evaluateTyped's answer at once when the engine gives it (a plain roll: no promise, issue 32 §3), or
 * the rest to await when BCDice answers. Throws what evaluateTyped rejects with.
 */
export function typedDice(input: string, system: string | null, rng: RandomSource): TypedDice | (() => Promise<TypedDice>) {
  const typed = splitRollInput(input);
  if (system === null) {
    try {
      const result = evaluateDice(typed.expression, rng, 'bcdice');
      return { result, comment: typed.comment, secret: typed.secret, reading: readingNote(result, system) };
    } catch (error) {
      if (!ourReadingFailed(error)) throw error;
      return () => bySystem(input, DEFAULT_SYSTEM, rng, error);
    }
  }
  let program: DiceProgram;
  try {
    program = readDice(typed.expression, 'system');
  } catch (error) {
    if (!ourReadingFailed(error)) throw error;
    // The system's reading of `8d6<=4` (a sum against 4) leaves the seed's pools `8d6<=4+3d6<=3`
    // unread; the seed's reading has them, for when the system has no reading either.
    try {
      program = readDice(typed.expression, 'bcdice');
    } catch (seedError) {
      if (!ourReadingFailed(seedError)) throw seedError;
      return () => bySystem(input, system, rng, error);
    }
  }
  const { command, repeat } = compactExpression(typed.expression, typed.secret);
  return async () => {
    const answered = await systemRolls(system, command, repeat, input, rng);
    if (answered) return { ...answered, comment: typed.comment, secret: typed.secret || answered.secret };
    const result = rollDice(program, rng);
    return { result, comment: typed.comment, secret: typed.secret, reading: readingNote(result, system) };
  };
}

/**
 * Only what the engine cannot READ goes to BCDice as typed: an expression it reads but refuses for
 * its limits (1001d6, 0d6, x21, a 200-character input) stays refused, whatever BCDice would allow.
 */
function ourReadingFailed(error: unknown): error is DiceError {
  return error instanceof DiceError && NOT_OURS.has(error.code);
}

function readingNote(result: DiceResult, system: string | null): TypedDice['reading'] {
  const note = describeReading(result);
  if (system !== null && note.key === 'dice.reading.sumTarget') return { key: 'dice.reading.systemSumTarget', params: { ...note.params, system } };
  return note;
}

async function bySystem(input: string, system: string, rng: RandomSource, ours: DiceError): Promise<TypedDice> {
  const { command, comment, repeat } = splitSystemCommand(input);
  const answered = await systemRolls(system, command, repeat, input, rng);
  if (!answered) throw refusal(command, system, ours);
  return { ...answered, comment };
}

/** The system's answer to `command`, `repeat` times; null when the system does not read it. */
async function systemRolls(system: string, command: string, repeat: number, input: string, rng: RandomSource): Promise<Omit<TypedDice, 'comment'> | null> {
  const rolls: DiceResult[] = [];
  let secret = false;
  for (let i = 0; i < repeat; i++) {
    const answer = await rollSystem(system, command, rng);
    if (!answer) return null;
    rolls.push(answer.result);
    secret ||= answer.secret;
  }
  const reading = { key: 'dice.reading.bcdice', params: { system } };
  if (repeat === 1) return { result: rolls[0]!, secret, reading };
  return { result: repeated(rolls, input.trim(), `x${repeat} ${command}`), secret, reading };
}

/**
 * `x3 choice[a,b]`: shown as three repetitions (each with its own verdict); stored as one BCDice
 * line holding them all (BCDice's own `#1 …` layout), so the log shows every repetition and /stats
 * every die. Value and outcome are the first repetition's, as for the engine's own `x3 …`.
 */
function repeated(rolls: DiceResult[], input: string, normalized: string): DiceResult {
  const first = rolls[0]!;
  const dice: RolledDie[] = rolls.flatMap((r) => r.dice);
  const text = rolls.map((r, i) => `#${i + 1}\n${r.tree.type === 'bcdice' ? r.tree.text : ''}`).join('\n\n');
  const system = first.tree.type === 'bcdice' ? first.tree.system : DEFAULT_SYSTEM;
  // BCDice flags a repeated command critical (fumble) when any repetition is.
  const flag = (name: 'critical' | 'fumble') => (rolls.some((r) => r.tree.type === 'bcdice' && r.tree[name]) ? { [name]: true } : {});
  return { ...first, input, normalized, dice, tree: { type: 'bcdice', system, text, value: first.value, dice, ...flag('critical'), ...flag('fumble') }, repeats: rolls };
}

/** Neither engine read it: a word that is no command says so; `choice a` lacks items; else the engine's own column. */
function refusal(command: string, system: string, ours: DiceError): DiceError {
  if (CHOICE.test(command)) return new DiceError('choice_items', null);
  if (ours.column === 1 && /^[a-z]/i.test(command)) {
    const shown = Array.from(command).slice(0, COMMAND_SHOWN).join('');
    return new DiceError('not_understood', null, { command: shown, system });
  }
  return ours;
}
