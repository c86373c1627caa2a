// What a player's typed roll means in a channel (issue 21 §1), without the store: the seed's engine
// first, in the channel's reading (a BCDice /system: BCDice's sum reading of `2D6<=5`; no system:
// the seed's success counting of `NdX<=T`), then the channel's BCDice system for what the engine
// cannot read, with full-width folded, our repetition limit, and the comment split off.
// /roll's path (dice-roll.ts) and the differential test against BCDice both go through here.
import { DEFAULT_SYSTEM, rollSystem } from '../bcdice/index.js';
import { splitSystemCommand } from '../bcdice/command.js';
import { DiceError, describeReading, evaluateDice, splitRollInput, type DiceErrorCode, type DiceResult, type RolledDie } from '../core/dice/index.js';
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
  const typed = splitRollInput(input);
  try {
    const result = evaluateDice(typed.expression, rng, system === null ? 'bcdice' : 'system');
    return { result, comment: typed.comment, secret: typed.secret, reading: readingNote(result, system) };
  } catch (error) {
    // Only what the engine cannot READ goes to BCDice: an expression it reads but refuses for its
    // limits (1001d6, a 200-character input) stays refused, whatever BCDice would allow.
    if (!(error instanceof DiceError) || !NOT_OURS.has(error.code)) throw error;
    return await bySystem(input, system ?? DEFAULT_SYSTEM, rng, error);
  }
}

function readingNote(result: DiceResult, system: string | null): TypedDice['reading'] {
  const note = describeReading(result);
  if (system !== null && note.key === 'dice.reading.sumTarget') return { key: 'dice.reading.systemSumTarget', params: { ...note.params, system } };
  return note;
}

async function bySystem(input: string, system: string, rng: RandomSource, ours: DiceError): Promise<TypedDice> {
  const { command, comment, repeat } = splitSystemCommand(input);
  const rolls: DiceResult[] = [];
  let secret = false;
  for (let i = 0; i < repeat; i++) {
    const answer = await rollSystem(system, command, rng);
    if (!answer) throw refusal(command, system, ours);
    rolls.push(answer.result);
    secret ||= answer.secret;
  }
  const reading = { key: 'dice.reading.bcdice', params: { system } };
  if (repeat === 1) return { result: rolls[0]!, comment, secret, reading };
  return { result: repeated(rolls, input.trim(), `x${repeat} ${command}`), comment, secret, reading };
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
  return { ...first, input, normalized, dice, tree: { type: 'bcdice', system, text, value: first.value, dice }, repeats: rolls };
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
