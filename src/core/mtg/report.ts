// The lines a judgement, a boost and an end of turn show, in the reader's language (`mtg.report.*`).
import { escapeMarkdown } from '../dice/index.js';
import type { Translate } from '../../i18n/index.js';
import { colorRelation } from './colors.js';
import type { BoostResult } from './boost.js';
import type { JudgeResult } from './judge.js';
import { cardName } from './card.js';

/** Why the achievement got its modifier, in words. */
function reason(result: JudgeResult, t: Translate): string {
  if (result.color === 'colorless') return t('mtg.reason.colorlessJudgement');
  if (result.modifierColor === null) return t('mtg.reason.colorlessCard');
  const color = t(`mtg.color.${result.modifierColor}`);
  const relation = colorRelation(result.color, result.modifierColor);
  return t(`mtg.reason.${relation}`, { color });
}

/** `locale` names the cards as printed in the reader's language where known (cardName). */
export function judgeReport(result: JudgeResult, t: Translate, locale = 'en'): string[] {
  const header = t('mtg.report.header', { kind: t(`mtg.kind.${result.color}`), difficulty: result.difficulty });
  const lines = [result.action ? `${header} — ${escapeMarkdown(result.action)}` : header];
  if (result.knownExiledAndReturned > 0) lines.push(t('mtg.report.known', { count: result.knownExiledAndReturned }));
  lines.push(
    t('mtg.report.target', { card: cardName(result.first, locale), mv: result.first.manaValue, difficulty: result.difficulty, target: result.target }),
  );
  if (result.modifierColor !== null && result.colorChoices.length > 1) {
    lines.push(
      t('mtg.report.randomColor', {
        card: cardName(result.second, locale),
        choices: result.colorChoices.map((c) => t(`mtg.color.${c}`)).join(' / '),
        color: t(`mtg.color.${result.modifierColor}`),
      }),
    );
  } else if (result.modifierColor !== null && result.second.colors.length === 0) {
    lines.push(t('mtg.report.landColor', { card: cardName(result.second, locale), color: t(`mtg.color.${result.modifierColor}`) }));
  }
  lines.push(
    t('mtg.report.achievement', {
      card: cardName(result.second, locale),
      mv: result.second.manaValue,
      modifier: result.modifier,
      reason: reason(result, t),
      achievement: result.achievement,
    }),
  );
  lines.push(resultLine(result.target, result.achievement, t));
  lines.push(t('mtg.report.bottom'));
  return lines;
}

function resultLine(target: number, achievement: number, t: Translate): string {
  const success = target <= achievement;
  return t(success ? 'mtg.report.success' : 'mtg.report.failure', {
    target,
    achievement,
    verdict: t(success ? 'mtg.verdict.success' : 'mtg.verdict.failure'),
  });
}

export function boostReport(judged: JudgeResult, boosted: BoostResult, t: Translate, locale = 'en'): string[] {
  return [
    t('mtg.report.boostExiled', { cards: boosted.exiled.map((c) => cardName(c, locale)).join(', ') }),
    t('mtg.report.boostBonus', { count: boosted.bonus, before: judged.achievement, achievement: boosted.achievement }),
    resultLine(judged.target, boosted.achievement, t),
  ];
}

/** `returned` = how many boost-exiled cards went back (the library's exiled length before endTurn). */
export function endTurnReport(returned: number, t: Translate): string[] {
  return [returned > 0 ? t('mtg.report.endTurn', { count: returned }) : t('mtg.report.endTurnNothing')];
}
