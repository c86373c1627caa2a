// A stored check's roll as it is shown: shared by /check (the first roll) and /luck (the reroll), so
// both offer the luck button on the same terms.
import { failedDiceCount, type DiceResult } from '../core/dice/index.js';
import type { Character } from '../services/characters.js';
import type { CommandContext } from '../services/types.js';
import type { Note } from './roll.js';
import type { Button } from './view.js';

/**
 * The luck button is offered while the check has failed dice and the character has luck left. `ctx`
 * is whoever reads it (forTable for a public check): the roller's resources are not among its notes
 * (rollReply's `own` line carries them to the roller alone), nor in the button's label.
 */
export function checkDisplay(ctx: CommandContext, c: Character, result: DiceResult, id: number, comment: string, notes: Note[] = []) {
  const luckLeft = c.max.luckPerDay - c.runtime.luckUsedToday;
  const buttons: Button[] =
    failedDiceCount(result) > 0 && luckLeft > 0 ? [{ customId: `luck:reroll:${id}`, label: ctx.t('luck.buttonPlain'), style: 'primary' }] : [];
  return { result, id, name: c.row.name, comment, notes, buttons };
}
