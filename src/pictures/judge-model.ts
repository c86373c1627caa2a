// A judgement (and its boost) → the /judge picture's model, worded by the reader's catalog; the lines
// are the text report's own (seed 004 L4–46, L83–106).
import type { BoostResult } from '../core/mtg/boost.js';
import { cardName, type CardData } from '../core/mtg/card.js';
import type { JudgeResult } from '../core/mtg/judge.js';
import { boostReport, judgeReport } from '../core/mtg/report.js';
import type { Translate } from '../i18n/index.js';
import type { JudgeCard, JudgePicture } from './model.js';

const card = (c: CardData, locale: string): JudgeCard => ({ name: cardName(c, locale), manaValue: c.manaValue, colors: [...c.colors] });

export function judgeModel(title: string, result: JudgeResult, t: Translate, locale: string, boosted?: BoostResult): JudgePicture {
  const lines = judgeReport(result, t, locale);
  // judgeReport ends with …, achievement, result, "to the bottom"
  const target = t('mtg.report.target', { card: cardName(result.first, locale), mv: result.first.manaValue, difficulty: result.difficulty, target: result.target });
  const achievement = lines[lines.length - 3] ?? '';
  const boost = boosted ? boostReport(result, boosted, t, locale) : null;
  const verdict = boost ? boost[2]! : lines[lines.length - 2]!;
  return {
    kind: 'judge',
    title,
    header: lines[0]!,
    revealed: [
      { role: t('picture.judge.target'), card: card(result.first, locale), line: target },
      { role: t('picture.judge.achievement'), card: card(result.second, locale), line: achievement },
    ],
    ...(boosted && boost ? { exiled: { title: t('picture.judge.exiled'), cards: boosted.exiled.map((c) => card(c, locale)), line: boost[1]! } } : {}),
    verdict,
    success: boosted ? boosted.success : result.success,
  };
}
