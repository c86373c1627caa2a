// The two-worlds fuzzer for a Fate/roll dice war's day, and a fight in another channel (issue 27 §2).
import { fateWarGenerator } from './generators/fate.js';
import { fuzzArea } from './run.js';

fuzzArea('fate-war', 'test/two-worlds/fuzz/fate-war.fuzz.test.ts', fateWarGenerator, 4);
