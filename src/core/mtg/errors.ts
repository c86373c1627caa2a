// Refusals of the MTG-library rules. Like FateError, an error carries only a catalog key
// (`mtg.error.*`, src/i18n/messages/mtg.ts) and its parameters; mtgErrorMessage picks the words.
import type { Translate } from '../../i18n/index.js';
import { isJudgeColor } from './colors.js';

export type MtgErrorParams = Record<string, string | number>;

export class MtgError extends Error {
  override readonly name = 'MtgError';

  constructor(
    readonly key: string,
    readonly params: MtgErrorParams = {},
  ) {
    // For logs only; users see mtgErrorMessage().
    super(`${key}${formatParams(params)}`);
  }
}

function formatParams(params: MtgErrorParams): string {
  const entries = Object.entries(params);
  return entries.length === 0 ? '' : ` (${entries.map(([k, v]) => `${k}: ${v}`).join(', ')})`;
}

/** The user-facing text; a `color` parameter (a JudgeColor) is shown as the judgement's name. */
export function mtgErrorMessage(error: MtgError, t: Translate): string {
  const params: MtgErrorParams = { ...error.params };
  if (isJudgeColor(params.color)) params.color = t(`mtg.kind.${params.color}`);
  return t(error.key, params);
}
