// Dice errors carry a code and the 1-based column in the ORIGINAL input; the words live in the
// i18n catalog (`dice.error.<code>`), so the same error reads naturally in en, ja and ko.
import type { Translate } from '../../i18n/index.js';

export const DICE_ERROR_CODES = [
  'empty',
  'too_long',
  'unexpected_char',
  'unexpected_token',
  'unexpected_end',
  'unclosed_paren',
  'expected_number',
  'too_many_dice',
  'too_many_sides',
  'zero_sides',
  'zero_dice',
  'bad_keep',
  'bad_repeat',
  'division_by_zero',
  'pool_arithmetic',
  'pool_mixed',
  'number_too_large',
  'result_too_large',
  'too_deep',
  'list_dice',
  /** neither our grammar nor the channel's BCDice system reads it */
  'not_understood',
  'choice_items',
] as const;

export type DiceErrorCode = (typeof DICE_ERROR_CODES)[number];
export type DiceErrorParams = Record<string, string | number>;

export class DiceError extends Error {
  override readonly name = 'DiceError';

  constructor(
    readonly code: DiceErrorCode,
    readonly column: number | null,
    readonly params: DiceErrorParams = {},
  ) {
    // The message is for logs only; users see diceErrorMessage().
    super(`${code}${column === null ? '' : ` at column ${column}`}${formatParams(params)}`);
  }
}

function formatParams(params: DiceErrorParams): string {
  const entries = Object.entries(params);
  return entries.length === 0 ? '' : ` (${entries.map(([k, v]) => `${k}: ${v}`).join(', ')})`;
}

/** The user-facing text of a dice error, in the reader's language. */
export function diceErrorMessage(error: DiceError, t: Translate): string {
  const params: DiceErrorParams = { ...error.params };
  if (error.column !== null) params.column = error.column;
  return t(`dice.error.${error.code}`, params);
}
