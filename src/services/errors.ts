import { KeyedError } from '../core/keyed-error.js';

/**
 * A refusal the user caused (bad input, not allowed, nothing left): shown to them as a localized,
 * ephemeral error. Anything else thrown is a bug and gets the generic "something went wrong".
 */
export class UserError extends KeyedError {
  override readonly name = 'UserError';
}
