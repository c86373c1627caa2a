// MTG-library action judgement (seed 004): pure rules over a PC's library.
export {
  COLORS,
  COLOR_SYMBOL,
  JUDGE_COLORS,
  colorRelation,
  isJudgeColor,
  parseJudgeColor,
  sortColors,
  type Color,
  type ColorRelation,
  type JudgeColor,
} from './colors.js';
export { MtgError, mtgErrorMessage, type MtgErrorParams } from './errors.js';
export {
  BASIC_LANDS,
  BASIC_LAND_TYPES,
  LAND_TYPE_COLOR,
  MAX_MANA_VALUE,
  basicLand,
  cardFromCost,
  cardName,
  isColorlessCard,
  judgementColors,
  parseManaCost,
  type BasicLandType,
  type CardData,
} from './card.js';
export { DECK_LIMITS, parseDecklist, type DeckLine, type DeckProblem, type ParsedDeck } from './decklist.js';
export {
  MAX_LIBRARY_CARDS,
  buildLibrary,
  endTurn,
  setKnownTop,
  shuffle,
  shuffled,
  type Card,
  type Library,
  type TurnState,
} from './library.js';
export {
  ALLIED_COLOR_MODIFIER,
  DIFFICULTY_MAX,
  DIFFICULTY_MIN,
  SAME_COLOR_MODIFIER,
  foreseeableResult,
  judge,
  judgementKey,
  type JudgeResult,
  type ModifierKind,
} from './judge.js';
export { BOOST_SIZE, boost, canBoost, type BoostResult } from './boost.js';
export { boostReport, endTurnReport, judgeReport } from './report.js';
