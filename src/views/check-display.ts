// A stored check's roll as it is shown: shared by /check (the first roll) and /luck (the reroll), so
// both offer the luck button on the same terms; every roll of the fight offers it through luckButtons.
import { failedDiceCount, type DiceResult } from '../core/dice/index.js';
import type { Character } from '../services/characters.js';
import type { CommandContext } from '../services/types.js';
import type { Note } from './roll.js';
import type { Button, ButtonStyle } from './view.js';

/** What a luck button is offered on: the roller's character, and whether its resources are secret (../services/secrecy.ts). */
export interface LuckOf {
  c: Pick<Character, 'max' | 'runtime'>;
  /** a war faction's character: its luck uses are its faction's (seed 001 L50) */
  secret: boolean;
}

/**
 * The luck button under a roll the table reads (L215–217). Its label never counts the uses left: a
 * label is read by everyone, and a war faction's luck uses are its own (seed 001 L50); the owner reads
 * them in an aside. It is offered while the roll has failed dice and the character may have luck left:
 * for a secret character whatever is left (a press with none left is refused to the presser alone), so
 * the button's absence does not tell the table that its luck ran out.
 */
export function luckButtons(ctx: CommandContext, rollId: number, result: DiceResult, luck: LuckOf | null, opts: { name?: string; style?: ButtonStyle } = {}): Button[] {
  if (!luck || failedDiceCount(result) === 0) return [];
  const left = luck.c.max.luckPerDay - luck.c.runtime.luckUsedToday;
  const offered = luck.secret ? luck.c.max.luckPerDay > 0 : left > 0;
  if (!offered) return [];
  const label = opts.name === undefined ? ctx.t('luck.buttonPlain') : ctx.t('opposed.luckButton', { name: opts.name });
  return [{ customId: `luck:reroll:${rollId}`, label, style: opts.style ?? 'primary' }];
}

/**
 * `ctx` is whoever reads it (forTable for a public check): the roller's resources are not among its
 * notes (rollReply's `own` line carries them to the roller alone), nor in the button's label.
 */
export function checkDisplay(ctx: CommandContext, c: Character, result: DiceResult, id: number, comment: string, notes: Note[] = [], secret = false) {
  const buttons: Button[] = luckButtons(ctx, id, result, { c, secret });
  return { result, id, name: c.row.name, comment, notes, buttons };
}
