// Every place /roll and BCDice 4.9.0 read a corpus command differently (commands.txt), with why
// (issue 21 §1). `project better`: the difference is deliberate and must still show; `BCDice's
// reading adopted`: it used to differ and now reads as BCDice does, and must keep agreeing.
// Keys: `System|command` as in commands.txt (`none`: a channel without /system).
// test/bcdice/differential.test.ts fails on a difference not listed here, and on a stale entry.

export type Verdict = 'project better' | "BCDice's reading adopted";

export const DISAGREEMENTS: Readonly<Record<string, { verdict: Verdict; reason: string }>> = {
  // Full-width input: BCDice answers nothing; a Japanese or Korean IME types these all the time.
  'DiceBot|２Ｄ６': { verdict: 'project better', reason: 'full-width digits and letters are read as half-width; BCDice does not understand them' },
  'DiceBot|３Ｄ６': { verdict: 'project better', reason: 'full-width input read as half-width' },
  'DiceBot|１Ｄ１００': { verdict: 'project better', reason: 'full-width input read as half-width' },
  'DiceBot|２Ｄ６＞＝７': { verdict: 'project better', reason: 'full-width input read as half-width' },
  'DiceBot|１Ｄ１００＜＝５０': { verdict: 'project better', reason: 'full-width input read as half-width' },
  'DiceBot|２ｄ６＋３': { verdict: 'project better', reason: 'full-width input read as half-width' },
  'DiceBot|1Ｄ100': { verdict: 'project better', reason: 'a full-width letter in half-width input is read as half-width' },
  'DiceBot|２Ｄ６＋１Ｄ６': { verdict: 'project better', reason: 'full-width input read as half-width' },
  'DiceBot|１Ｄ１００＜＝５０　目星': { verdict: 'project better', reason: 'full-width input and an ideographic space before the comment' },
  'DiceBot|Ｓ２Ｄ６': { verdict: 'project better', reason: 'full-width secret prefix read as S' },
  'DiceBot|２Ｄ６≧７': { verdict: 'project better', reason: '≧ (a Japanese keyboard\'s ≥) read as >=' },
  'DiceBot|1D100≦50': { verdict: 'project better', reason: '≦ read as <=' },
  'DiceBot|3D6≦4': { verdict: 'project better', reason: '≦ read as <=' },
  'DiceBot|Ｃ（１＋２）': { verdict: 'project better', reason: 'width folded before the handover to BCDice (issue 21 §1)' },
  'DiceBot|Ｃ（１０＊３）': { verdict: 'project better', reason: 'width folded before the handover to BCDice' },
  'DiceBot|ｃｈｏｉｃｅ［あ，い］': { verdict: 'project better', reason: 'width folded before the handover to BCDice: choice[あ,い]' },
  'Cthulhu|ＣＣＢ＜＝５０': { verdict: 'project better', reason: 'width folded before the handover to BCDice: CCB<=50' },
  'Cthulhu7th|ＣＣ＜＝５０': { verdict: 'project better', reason: 'width folded before the handover to BCDice: CC<=50' },

  // Spaces inside an expression: BCDice ends the command at the first space and drops the rest.
  'DiceBot|2d6 + 3': { verdict: 'project better', reason: 'the +3 is kept; BCDice rolls 2D6 and takes "+ 3" for a comment' },
  'DiceBot|2D6 >= 7': { verdict: 'project better', reason: 'the target is kept; BCDice answers a bare 2D6 without success or failure' },
  'DiceBot|1d100 <= 50': { verdict: 'project better', reason: 'the target is kept; BCDice answers a bare 1D100' },
  'DiceBot|1D6 + 1D6': { verdict: 'project better', reason: 'both dice are rolled; BCDice rolls the first only' },

  // Limits: BCDice answers nonsense with 0 or repeats up to 100 times; here a clear, localized error.
  'DiceBot|x21 1D6': { verdict: 'project better', reason: 'repetitions are limited to 20 (DICE_LIMITS.maxRepeat), with the limit in the message' },
  'DiceBot|rep25 2D6': { verdict: 'project better', reason: 'repetitions are limited to 20, with the limit in the message' },
  'DiceBot|x0 1D6': { verdict: 'project better', reason: 'a localized error with the column; BCDice answers a Japanese-only sentence as if it were a result' },
  'DiceBot|0d6': { verdict: 'project better', reason: 'zero dice is an error here; BCDice answers 0' },
  'DiceBot|1001d6': { verdict: 'project better', reason: 'over the 1,000-dice limit is an error here; BCDice answers 0' },
  'DiceBot|2d0': { verdict: 'project better', reason: 'a zero-sided die is an error here; BCDice answers 0[0,0]' },
  'DiceBot|3#2D6': { verdict: 'project better', reason: 'the Dice Maiden repetition form 3# is read as x3; BCDice does not understand it' },
  'DiceBot|8d6<=4+3d6<=3': { verdict: 'project better', reason: "the seed's pools (seed 001 ダイス判定), which the system has no reading for, are answered by the engine (issue 29 §1); BCDice does not understand them" },

  // A channel without /system keeps the seed's success counting (seed 001 ダイス判定; issue 21 §1).
  'none|2D6<=5': { verdict: 'project better', reason: 'no /system: the seed counts the dice at or under 5 (set /system DiceBot for the sum)' },
  'none|3D6<=4': { verdict: 'project better', reason: 'no /system: the seed counts the dice at or under 4' },
  'none|8d6<=4': { verdict: 'project better', reason: 'no /system: the seed counts the dice at or under 4 (a Fate status check)' },

  // Fixed on this branch (issue 21 §1): these read as BCDice reads them and must keep agreeing.
  'DiceBot|2D6<=5': { verdict: "BCDice's reading adopted", reason: 'a /system channel compares the sum with the target (it used to count dice)' },
  'DiceBot|3D6<=4': { verdict: "BCDice's reading adopted", reason: 'a /system channel compares the sum with the target' },
  'DiceBot|8d6<=4': { verdict: "BCDice's reading adopted", reason: 'a /system channel compares the sum with the target' },
  'ToshiakiHolyGrailWar|8d6<=4': { verdict: "BCDice's reading adopted", reason: 'the channel\'s system decides: ToshiakiHolyGrailWar sums 8D6 against 4' },
  'DiceBot|choice[a, b, c]': { verdict: "BCDice's reading adopted", reason: 'spaces inside the brackets no longer split the command (was 「c」は使えない文字です)' },
  'DiceBot|choice a b c': { verdict: "BCDice's reading adopted", reason: 'the spaced choice form is handed over whole' },
  'DiceBot|rep3 2D6': { verdict: "BCDice's reading adopted", reason: 'rep/repeat are repetition prefixes, as x is' },
  'DiceBot|repeat3 2D6': { verdict: "BCDice's reading adopted", reason: 'rep/repeat are repetition prefixes' },
  'DiceBot|x3 choice[a,b]': { verdict: "BCDice's reading adopted", reason: 'a repeated BCDice command is repeated here, within our limit' },
};
