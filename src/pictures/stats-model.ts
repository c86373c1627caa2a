// /stats' numbers → the histogram picture's model: observed against a fair die per bucket, and the
// chi-square reading worded by the caller's catalog.
import { chiSquare, expectedCounts } from '../core/stats/chi-square.js';
import type { DiceStats } from '../core/stats/dice-stats.js';
import type { HistogramPicture } from './model.js';
import { MAX_CHARTS } from './histogram.js';

export type Words = (key: string, params?: Record<string, string | number>) => string;

export function histogramModel(stats: DiceStats, title: string, t: Words): HistogramPicture {
  const charts = stats.sizes
    .filter((s) => s.bucketWidth > 0 && s.count > 0)
    .slice(0, MAX_CHARTS)
    .map((s) => {
      const widths = s.buckets.map(() => s.bucketWidth);
      const expected = expectedCounts(s.count, widths, s.sides);
      const test = chiSquare(s.buckets, expected);
      const labels = s.buckets.map((_, i) => (s.bucketWidth === 1 ? String(i + 1) : `${i * s.bucketWidth + 1}-${(i + 1) * s.bucketWidth}`));
      const params = { chi: test.chi.toFixed(1), df: test.df, p: test.p < 0.001 ? '<0.001' : test.p.toFixed(3) };
      const reading = test.tooFew ? t('stats.chi.few', params) : test.p < 0.01 ? t('stats.chi.unlikely', params) : test.p < 0.05 ? t('stats.chi.doubt', params) : t('stats.chi.fair', params);
      return {
        caption: t('stats.size', { sides: s.sides, count: s.count, mean: s.mean.toFixed(2), expected: ((s.sides + 1) / 2).toFixed(2) }),
        labels,
        observed: s.buckets,
        expected: expected.map((e) => Math.round(e * 10) / 10),
        reading,
      };
    });
  return { kind: 'histogram', title, legend: { observed: t('stats.legend.observed'), expected: t('stats.legend.expected') }, charts };
}
