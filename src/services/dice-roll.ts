// A roll as a player types it (/roll, /r, a palette line): read in the channel's reading
// (typed-dice.ts), stored, and answered; `S` and BCDice's secret flag take the secret path. What
// neither engine reads may be the name of one of the table's own tables (/table, original-tables.ts).
import { DiceError } from '../core/dice/index.js';
import { channelGm } from '../store/gms.js';
import { rollReply } from '../views/roll.js';
import type { Reply } from '../views/view.js';
import { commitRoll, storeRoll } from './rolls.js';
import { typedDice, type TypedDice } from './typed-dice.js';
import { rollTableByName } from './original-tables.js';
import { knownSystemOfChannel, systemOfChannel } from './channel-system.js';
import type { CommandContext } from './types.js';

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
  // A plain roll in a channel whose system is known waits for nothing before its write (issue 32 §3).
  const known = knownSystemOfChannel(ctx.channelId, ctx.now());
  const system = known !== undefined ? known : await systemOfChannel(ctx.store, ctx.channelId, ctx.now());
  let typed: TypedDice;
  try {
    const now = typedDice(roll.input, system, ctx.rng);
    typed = typeof now === 'function' ? await now() : now;
  } catch (error) {
    // Dice first: a plain roll costs no table lookup, and no table can change what a roll means.
    const table = error instanceof DiceError ? await rollTableByName(ctx, roll.input) : null;
    if (!table) throw error;
    typed = table;
  }
  const { result } = typed;
  const secret = roll.secret || typed.secret;
  const comment = roll.comment ?? typed.comment;

  const stored = { result, comment, secret, ...(roll.characterId !== undefined ? { characterId: roll.characterId } : {}) };
  // A plain roll spends nothing: its row and event go as one statement (one round trip on PostgreSQL).
  const { id, gm, commitment } = secret
    ? await ctx.store.transaction(async (tx) => {
        const id = await storeRoll(tx, ctx, stored);
        return { id, gm: await channelGm(tx, ctx.channelId), commitment: await commitRoll(tx, ctx, id, result, comment) };
      })
    : { id: await ctx.store.statement((tx) => storeRoll(tx, ctx, stored)), gm: undefined, commitment: undefined };
  return rollReply(ctx, { result, id, name: roll.name ?? ctx.user.name, comment, notes: [typed.reading] }, secret, gm, commitment);
}
