import { preloadFonts } from './src/pictures/glyphs.ts';
import { pictureSvg } from './src/pictures/index.ts';
import { svgToPng } from './src/pictures/png.ts';
import { sampleTracker } from './bench/picture-samples.ts';
const mb = () => (process.memoryUsage().rss / 1e6).toFixed(0) + 'MB rss, heap ' + (process.memoryUsage().heapUsed / 1e6).toFixed(0) + ' ext ' + (process.memoryUsage().external / 1e6).toFixed(0) + ' ab ' + (process.memoryUsage().arrayBuffers / 1e6).toFixed(0);
console.log('start', mb());
let t = performance.now(); preloadFonts(); console.log('fonts', mb(), performance.now() - t);
const m = sampleTracker();
t = performance.now(); const svg = pictureSvg(m); console.log('svg', mb(), svg.length, performance.now() - t);
t = performance.now(); pictureSvg(m); console.log('svg again', performance.now() - t);
for (let k = 0; k < 4; k++) { for (let i = 0; i < 100; i++) { svgToPng(svg); if (i % 10 === 0) { globalThis.gc?.(); await new Promise(r => setTimeout(r, 5)); } } globalThis.gc?.(); await new Promise(r => setTimeout(r, 50)); console.log("100 renders", mb()); }
