// The two-worlds fuzzer for the percentage Grail War: turns, declarations, battles (issue 27 §2).
import { pctwarGenerator } from './generators/pctwar.js';
import { fuzzArea } from './run.js';

fuzzArea('pctwar', 'test/two-worlds/fuzz/pctwar.fuzz.test.ts', pctwarGenerator, 4);
