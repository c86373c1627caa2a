// Fate/roll dice rules: pure functions over sheets, dice results and counters.
export { FateError, fateErrorMessage, type FateErrorParams } from './errors.js';
export { CHECK_STATUSES, STATUS_LABELS, isCheckStatus, parseStatusName, type CheckStatus } from './status-names.js';
export {
  CHECK_LIMITS,
  EX_PLUS_BONUS,
  planCheck,
  type CheckCost,
  type CheckNote,
  type CheckPlan,
  type CheckRequest,
  type PoolSpec,
  type SkillFinder,
} from './check.js';
export { LUCK_EX_PER_DAY, luckLeft, luckPerDay, resetLuck, spendLuck, type LuckState, type SpendLuckOptions } from './luck.js';
export {
  MAX_BONUS_PARTS,
  MAX_BONUS_SEALS,
  MAX_ORDER_LENGTH,
  SEALS_PER_WAR,
  SEAL_BONUS,
  applyAutoSuccess,
  applyBonus,
  parseSealEffect,
  sealsCost,
  spendSeals,
  type SealEffect,
} from './seals.js';
export { MAX_AMOUNT, damage, gainMp, heal, setHp, setMp, spendMp, supply, supportGrant, type Pools } from './resources.js';
export { rerollFailed, failedDiceCount } from '../dice/reroll.js';
