// Integers a user types reach the store: PostgreSQL's `integer` holds −2³¹…2³¹−1 (SQLite more), and
// Discord sends up to ±2⁵³. An option beyond what the store holds is refused here, in the user's
// language, for every command at once, instead of failing inside a query (issue 19 §4).
import { UserError } from './errors.js';

export const STORE_INT_MIN = -2_147_483_648;
export const STORE_INT_MAX = 2_147_483_647;

export function storeInteger(option: string, value: number | null): number | null {
  if (value === null) return null;
  if (!Number.isSafeInteger(value) || value < STORE_INT_MIN || value > STORE_INT_MAX) {
    throw new UserError('error.integerRange', { option, min: STORE_INT_MIN, max: STORE_INT_MAX });
  }
  return value;
}
