// /stats as a picture: per die size, how often each face (d100: each ten) came up against what a
// fair die gives, with the chi-square reading under it.
import type { HistogramChart, HistogramPicture } from './model.js';
import { box, clipText, COLORS, document, label } from './svg.js';

const WIDTH = 980;
const CHART = 300;
const TOP = 86;
export const MAX_CHARTS = 6;

export function histogramSvg(p: HistogramPicture): string {
  const charts = p.charts.slice(0, MAX_CHARTS);
  const height = TOP + Math.max(1, charts.length) * CHART;
  const body = [
    label(24, 40, clipText(p.title, 50), { size: 26, weight: 'bold' }),
    box(24, 58, 16, 16, COLORS.bar, 3),
    label(46, 72, clipText(p.legend.observed, 20), { size: 15, fill: COLORS.muted }),
    box(220, 64, 26, 4, COLORS.expected, 1),
    label(252, 72, clipText(p.legend.expected, 30), { size: 15, fill: COLORS.muted }),
    ...charts.map((c, i) => chart(c, TOP + i * CHART)),
  ];
  return document(WIDTH, height, body);
}

function chart(c: HistogramChart, y: number): string {
  const left = 70;
  const right = WIDTH - 24;
  const top = y + 40;
  const plot = 180;
  const n = Math.max(1, c.observed.length);
  // whole-number gridlines: four steps of at least one roll
  const tick = Math.max(1, Math.ceil(Math.max(1, ...c.observed, ...c.expected) / 4));
  const peak = tick * 4;
  const column = (right - left) / n;
  const out = [label(24, y + 26, clipText(c.caption, 70), { size: 18, weight: 'bold' })];
  // gridlines with counts
  for (let g = 0; g <= 4; g++) {
    const gy = top + plot - (plot * g) / 4;
    out.push(`<line x1="${left}" y1="${gy}" x2="${right}" y2="${gy}" stroke="${COLORS.grid}" stroke-width="1"/>`);
    out.push(label(left - 8, gy + 5, String(tick * g), { size: 12, anchor: 'end', fill: COLORS.muted }));
  }
  c.observed.forEach((v, i) => {
    const h = (plot * v) / peak;
    const x = left + i * column;
    out.push(box(x + column * 0.15, top + plot - h, column * 0.7, h, COLORS.bar, 2));
    const e = top + plot - (plot * (c.expected[i] ?? 0)) / peak;
    out.push(box(x + column * 0.05, e - 2, column * 0.9, 4, COLORS.expected, 1));
    out.push(label(x + column / 2, top + plot + 18, clipText(c.labels[i] ?? '', 6), { size: n > 12 ? 11 : 13, anchor: 'middle', fill: COLORS.muted }));
  });
  out.push(label(24, top + plot + 46, clipText(c.reading, 90), { size: 15, fill: COLORS.text }));
  return out.join('');
}
