// The two-worlds fuzzer for secret rolls, /reveal, palettes, /stats and /log export (issue 27 §2).
import { secretsGenerator } from './generators/secrets.js';
import { fuzzArea } from './run.js';

fuzzArea('secrets', 'test/two-worlds/fuzz/secrets.fuzz.test.ts', secretsGenerator, 3);
