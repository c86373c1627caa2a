// Every case of BCDice's own tests (own-tests/v<version>/*.toml) where /roll's meaning differs from
// BCDice's, with why (issue 29 §2). Keys: `game_system|input` as in the TOML. All are deliberate:
// the project's limits and its localized refusals, and /roll being asked explicitly.
// test/bcdice/own-tests.test.ts fails on a difference not listed here, and on a listed one that
// no longer differs.

export const OWN_TEST_DISAGREEMENTS: Readonly<Record<string, string>> = {
  // Limits (src/core/dice/limits.ts): checked before BCDice sees the expression, refused with the
  // limit in a localized message; BCDice answers a Japanese-only sentence as if it were a result.
  'DiceBot|repeat100 C1': 'repetitions are limited to 20 (DICE_LIMITS.maxRepeat); BCDice allows 100',
  'DiceBot|rep0 1D6': 'a localized bad_repeat error with its column; BCDice answers 繰り返し回数は1以上、100以下としてください as its result',
  'DiceBot|rep101 1D6': 'over the limit of 20 repetitions, refused with the limit; BCDice answers its Japanese error sentence as a result',
  'DiceBot|x100 rep100 10D100': 'over the limit of 20 repetitions (and 1,000 dice), refused; BCDice answers Repeatコマンドの重複はできません as a result',
  'DiceBot|rep2 ほげ': 'both sides reject it; BCDice says so in a result line (繰り返し対象のコマンドが実行できませんでした), here a localized refusal',
  'DiceBot|1D6/0': 'division by zero is a localized error here; BCDice answers a number',
  'DiceBot|5D10KH7 取る数が多すぎても動く': 'keeping 7 of 5 dice is refused with a clear message (bad_keep); BCDice keeps them all',
  // /roll is a command asked on purpose; BCDice reads every chat line and so ignores bare numbers.
  'DiceBot|134 数値だけには反応しない': '/roll answers a plain number with its value (the engine reads what the system does not)',
  'DiceBot|1+2*3/4 数式だけには反応しない': '/roll computes plain arithmetic (the engine reads what the system does not)',
};
