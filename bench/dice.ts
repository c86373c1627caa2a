// Dice engine vs bcdice (v4, the DiceBot system) on the same expressions, in the same process.
// Ours runs the production path: evaluateDice (parse cache + roll) with cryptoRandom.
// Run standalone: npx tsx bench/dice.ts
import { pathToFileURL } from 'node:url';
import { evaluateDice } from '../src/core/dice/index.js';
import { cryptoRandom } from '../src/core/random.js';
import { formatNs, measure, type BenchOptions } from './stats.js';

interface Case {
  ours: string;
  /** BCDice spelling, or null when BCDice has no equivalent */
  bcdice: string | null;
}

const CASES: Case[] = [
  { ours: '8d6<=4', bcdice: '8B6<=4' },
  // Adding pools with separate thresholds (ダイス判定プラス) has no BCDice DiceBot spelling.
  { ours: '10d6<=5+4d6<=4', bcdice: null },
  { ours: '2d6+3', bcdice: '2D6+3' },
  { ours: '1d100<=50', bcdice: '1D100<=50' },
];

interface GameSystem {
  eval(command: string): { text: string } | null;
}

interface BcdiceExports {
  DynamicLoader: new () => { dynamicLoad(id: string): Promise<GameSystem> };
}

async function loadBcdice(): Promise<GameSystem> {
  // bcdice is CommonJS: Node's ESM loader exposes it as `default`, tsx also as named exports.
  const mod = (await import('bcdice')) as unknown as Partial<BcdiceExports> & { default?: BcdiceExports };
  const DynamicLoader = mod.DynamicLoader ?? mod.default?.DynamicLoader;
  if (!DynamicLoader) throw new Error('bcdice: DynamicLoader not found');
  return new DynamicLoader().dynamicLoad('DiceBot');
}

export async function benchDice(): Promise<string[]> {
  const rng = cryptoRandom();
  const fast: BenchOptions = { warmupMs: 200, measureMs: 500, batchNs: 2e6 };
  const slow: BenchOptions = { warmupMs: 300, measureMs: 1500, batchNs: 5e6, minBatches: 30 };
  // Ours first, before bcdice is even loaded: its Opal runtime patches built-in prototypes, which
  // switches off V8 fast paths for the rest of the process (our numbers then double or triple),
  // and its garbage would be collected on our clock. Production never loads bcdice.
  const ours = CASES.map((c) => measure(() => evaluateDice(c.ours, rng), fast));
  const bcdice = await loadBcdice();
  const lines = ['dice: median per evaluation (p99); ours = evaluateDice + cryptoRandom, bcdice = DiceBot.eval'];
  CASES.forEach((c, i) => {
    const mine = ours[i]!;
    const oursText = `${formatNs(mine.medianNs)} (p99 ${formatNs(mine.p99Ns)})`.padEnd(24);
    const command = c.bcdice;
    if (command === null) {
      lines.push(`  ${c.ours.padEnd(15)} ours ${oursText}  bcdice n/a (no equivalent)  ratio n/a`);
      return;
    }
    if (!bcdice.eval(command)) throw new Error(`bcdice did not understand ${command}`);
    const theirs = measure(() => bcdice.eval(command), slow);
    const theirsText = `${formatNs(theirs.medianNs)} (p99 ${formatNs(theirs.p99Ns)})`.padEnd(26);
    const ratio = theirs.medianNs / mine.medianNs;
    lines.push(`  ${c.ours.padEnd(15)} ours ${oursText}  bcdice ${command.padEnd(10)} ${theirsText} ratio ${ratio.toFixed(0)}×`);
  });
  return lines;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const line of await benchDice()) console.log(line);
}
