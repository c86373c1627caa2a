// Run by localized-fresh.test.ts in a process of its own (issue 29 §1: bcdice-js loads a localized
// system's class only after its base's, so BlackJacket:Korean failed on a process that had never
// loaded BlackJacket). Loads every localized system the package lists, each before its base, and
// prints one JSON line: per system, whether its base was loaded before, and the roll it answered.
import { baseSystemOf, isSystemLoaded, listSystems, rollSystem } from '../../src/bcdice/index.js';
import { seededRandom } from '../../src/core/random.js';

const out: { id: string; baseLoadedBefore: boolean | null; answered: boolean; error?: string }[] = [];
for (const { id } of listSystems().filter((s) => s.id.includes(':'))) {
  const base = baseSystemOf(id);
  const baseLoadedBefore = base === undefined ? null : isSystemLoaded(base);
  try {
    const r = await rollSystem(id, '1D6', seededRandom(id));
    out.push({ id, baseLoadedBefore, answered: r !== null });
  } catch (error) {
    out.push({ id, baseLoadedBefore, answered: false, error: String(error).slice(0, 200) });
  }
}
console.log(JSON.stringify(out));
