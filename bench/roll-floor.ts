// `npx tsx bench/roll-floor.ts`: only /roll through command + store beside its store's floor (issue 32 §3),
// the first part of `npm run bench`, for working on that ratio without the rest of the bench.
// ROLL_FLOOR_COUNT: commands per line (default 20,000); ROLL_FLOOR_BACKEND: sqlite or postgres (default both).
import { benchRollCommand } from './roll-command.js';

const count = Number(process.env.ROLL_FLOOR_COUNT ?? 20_000);
const only = process.env.ROLL_FLOOR_BACKEND;
if (only !== undefined && only !== 'sqlite' && only !== 'postgres') throw new Error('ROLL_FLOOR_BACKEND: sqlite or postgres');
for (const line of await benchRollCommand(count, only ? [only] : undefined)) console.log(line);
