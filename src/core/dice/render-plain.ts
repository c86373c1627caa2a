// Plain text for the terminal console: successes marked with a trailing `*`, dropped dice in
// parentheses.
import type { Translate } from '../../i18n/index.js';
import { renderResult, type RenderOptions, type RenderStyle } from './render-layout.js';
import type { DiceResult } from './result.js';

export const PLAIN_MAX_LENGTH = 8000;

const plain: RenderStyle = {
  code: (text) => text,
  strong: (text) => text,
  success: (text) => `${text}*`,
  dropped: (text) => `(${text})`,
  text: (text) => text,
};

export function renderPlain(result: DiceResult, t: Translate, options: RenderOptions = {}): string {
  return renderResult(result, t, plain, options.maxLength ?? PLAIN_MAX_LENGTH);
}
