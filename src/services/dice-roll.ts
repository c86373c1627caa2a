// A roll as a player types it (/roll, /r, a palette line): the seed's engine in the BCDice reading
// first, then the channel's BCDice system; `S` and BCDice's secret flag take the secret path.
import { DEFAULT_SYSTEM, rollSystem } from '../bcdice/index.js';
import { DiceError, describeReading, type DiceErrorCode, evaluateDice, splitRollInput, type DiceResult } from '../core/dice/index.js';
import { channelGm } from '../store/gms.js';
import { channelSystem } from '../store/systems.js';
import { rollReply } from '../views/roll.js';
import type { Reply } from '../views/view.js';
import { commitRoll, storeRoll } from './rolls.js';
import type { CommandContext } from './types.js';

const NOT_OURS = new Set<DiceErrorCode>(['unexpected_char', 'unexpected_token', 'unexpected_end', 'expected_number', 'unclosed_paren', 'list_dice', 'pool_mixed', 'pool_arithmetic']);

export interface TypedRoll {
  /** what the player typed, comment and `S` prefix included */
  input: string;
  /** the comment option, which wins over a comment typed after the expression */
  comment: string | null;
  secret: boolean;
  characterId?: number;
  /** shown in the title instead of the user's name (a palette's character) */
  name?: string;
}

export async function rollTyped(ctx: CommandContext, roll: TypedRoll): Promise<Reply> {
  const typed = splitRollInput(roll.input);
  let secret = roll.secret || typed.secret;
  const comment = roll.comment ?? typed.comment;
  let result: DiceResult;
  let reading: { key: string; params: Record<string, string | number> };
  try {
    result = evaluateDice(typed.expression, ctx.rng, 'bcdice');
    reading = describeReading(result);
  } catch (error) {
    // Only what the engine cannot READ goes to BCDice: an expression it reads but refuses for its
    // limits (1001d6, a 200-character input) stays refused, whatever BCDice would allow.
    if (!(error instanceof DiceError) || !NOT_OURS.has(error.code)) throw error;
    const system = (await ctx.store.transaction(async (tx) => channelSystem(tx, ctx.channelId))) ?? DEFAULT_SYSTEM;
    const answer = await rollSystem(system, typed.expression, ctx.rng);
    if (!answer) throw error; // our engine's message names the column; BCDice's "not understood" says less
    result = answer.result;
    secret ||= answer.secret;
    reading = { key: 'dice.reading.bcdice', params: { system } };
  }

  const { id, gm, commitment } = await ctx.store.transaction(async (tx) => {
    const id = await storeRoll(tx, ctx, { result, comment, secret, ...(roll.characterId !== undefined ? { characterId: roll.characterId } : {}) });
    return {
      id,
      gm: secret ? await channelGm(tx, ctx.channelId) : undefined,
      commitment: secret ? await commitRoll(tx, ctx, id, result, comment) : undefined,
    };
  });
  return rollReply(ctx, { result, id, name: roll.name ?? ctx.user.name, comment, notes: [reading] }, secret, gm, commitment);
}
