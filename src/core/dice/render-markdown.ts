// Discord markdown. The user text printed is the canonical expression, which the parser has
// reduced to the grammar's characters and which sits inside inline code, and BCDice's result line
// (escaped); everything else is numbers and catalog words.
import type { Translate } from '../../i18n/index.js';
import { escapeMarkdown } from './escape.js';
import { renderResult, type RenderOptions, type RenderStyle } from './render-layout.js';
import type { DiceResult } from './result.js';

/** Leaves room under Discord's 4,096-character embed description for a title line or comment. */
export const MARKDOWN_MAX_LENGTH = 3800;

const markdown: RenderStyle = {
  code: (text) => `\`${text}\``,
  strong: (text) => `**${text}**`,
  success: (text) => `**${text}**`,
  dropped: (text) => `~~${text}~~`,
  text: escapeMarkdown,
};

export function renderMarkdown(result: DiceResult, t: Translate, options: RenderOptions = {}): string {
  return renderResult(result, t, markdown, options.maxLength ?? MARKDOWN_MAX_LENGTH);
}
