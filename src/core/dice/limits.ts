// Execution limits: every one is checked while parsing, before a single die is rolled, so a
// hostile expression costs no more than reading 200 characters.
export const DICE_LIMITS = {
  /** dice per expression, summed over all terms and repetitions; a d66 counts as 2 */
  maxDice: 1000,
  maxSides: 1_000_000,
  /** characters of raw input */
  maxLength: 200,
  /** largest integer literal; longer numbers are refused instead of losing precision */
  maxNumber: 1_000_000_000,
  /** nested parentheses and unary minus */
  maxDepth: 16,
  /** `x3 …` / `3#…` repetitions */
  maxRepeat: 20,
} as const;
