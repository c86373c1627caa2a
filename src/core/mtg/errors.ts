// Refusals of the MTG-library rules. Like FateError, an error carries only a catalog key
// (`mtg.error.*`, src/i18n/messages/mtg.ts) and its parameters; mtgErrorMessage picks the words.
import { KeyedError } from '../keyed-error.js';
import type { Translate } from '../../i18n/index.js';
import { isJudgeColor } from './colors.js';

export type MtgErrorParams = Record<string, string | number>;

export class MtgError extends KeyedError {
  override readonly name = 'MtgError';
}


/** The user-facing text; a `color` parameter (a JudgeColor) is shown as the judgement's name. */
export function mtgErrorMessage(error: MtgError, t: Translate): string {
  const params: MtgErrorParams = { ...error.params };
  if (isJudgeColor(params.color)) params.color = t(`mtg.kind.${params.color}`);
  return t(error.key, params);
}
