// A picture model's SVG document, by its kind (shared by the worker that draws and the tests).
import { histogramSvg } from './histogram.js';
import { judgeSvg } from './judge.js';
import type { Picture } from './model.js';
import { trackerSvg } from './tracker.js';
import { warSvg } from './war.js';

export function pictureSvg(p: Picture): string {
  switch (p.kind) {
    case 'tracker':
      return trackerSvg(p);
    case 'histogram':
      return histogramSvg(p);
    case 'war':
      return warSvg(p);
    case 'judge':
      return judgeSvg(p);
  }
}
