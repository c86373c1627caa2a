// The two-worlds fuzzer for Persona fights with a hidden shadow (issue 27 §2).
import { personaGenerator } from './generators/persona.js';
import { fuzzArea } from './run.js';

fuzzArea('persona', 'test/two-worlds/fuzz/persona.fuzz.test.ts', personaGenerator, 4);
