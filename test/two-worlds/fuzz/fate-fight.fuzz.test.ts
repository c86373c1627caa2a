// The two-worlds fuzzer for Fate/roll dice fights: war factions and hidden NPCs (issue 27 §2).
import { fateFightGenerator } from './generators/fate.js';
import { fuzzArea } from './run.js';

fuzzArea('fate-fight', 'test/two-worlds/fuzz/fate-fight.fuzz.test.ts', fateFightGenerator, 4);
