import type { Catalogs } from '../index.js';

// The once-a-turn rule of the MTG-library judgement (seed 004 L124–127): a judgement with no action
// named is known only by its color and difficulty, so it repeats any judgement of that color and
// difficulty this turn, named or not.
export const mtgJudgementMessages: Catalogs = {
  en: {
    'mtg.error.sameJudgementUnnamed': '{color} at difficulty {difficulty} was already made this turn, and one of the two names no action: they count as the same judgement, which cannot be repeated. Name the action with action: — a different action is a new judgement.',
  },
  ja: {
    'mtg.error.sameJudgementUnnamed': '難易度{difficulty}の{color}はこのターンにすでに行いました。どちらかに行動の名前がないため同じ行動判定とみなし、やり直せません。「行動:」に行動を書いてください(別の行動なら別の判定です)。',
  },
  ko: {
    'mtg.error.sameJudgementUnnamed': '난이도 {difficulty}의 {color}{color#은} 이번 턴에 이미 했습니다. 둘 중 하나에 행동 이름이 없으므로 같은 판정으로 보아 다시 할 수 없습니다. 「행동:」에 행동을 적어 주세요 (다른 행동이면 다른 판정입니다).',
  },
};
