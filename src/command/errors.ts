import type { Params } from '../i18n/index.js';

/**
 * A refusal the user caused (bad input, not allowed, nothing left): shown to them as a localized,
 * ephemeral error. Anything else thrown is a bug and gets the generic "something went wrong".
 */
export class UserError extends Error {
  constructor(
    readonly key: string,
    readonly params: Params = {},
  ) {
    super(key);
    this.name = 'UserError';
  }
}
