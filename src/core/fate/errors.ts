// Rule errors of the Fate/roll dice system. Like DiceError, an error carries only a catalog key
// (`fate.error.*`, src/i18n/messages/fate.ts) and its parameters; the words are chosen by the
// reader's language when the message is shown (fateErrorMessage).
import { KeyedError } from '../keyed-error.js';
import type { Locale, Translate } from '../../i18n/index.js';
import { STATUS_LABELS, isCheckStatus } from './status-names.js';

export type FateErrorParams = Record<string, string | number>;

export class FateError extends KeyedError {
  override readonly name = 'FateError';
}


/**
 * The user-facing text of a FateError. A `status` parameter holds a status key (`str`, `rank`…)
 * and is shown by its name in the reader's language.
 */
export function fateErrorMessage(error: FateError, t: Translate, locale: Locale): string {
  const params: FateErrorParams = { ...error.params };
  const status = params.status;
  if (typeof status === 'string' && isCheckStatus(status)) params.status = STATUS_LABELS[status][locale];
  return t(error.key, params);
}
