// BCDice's own tests as the spec (issue 29 §2): every case of the copied test/data/*.toml through
// the same path /roll takes (evaluateTyped with the case's game_system as the channel's /system,
// its dice injected), compared as meaning. A difference must be listed in
// own-tests/disagreements.ts with its reason; a listed one that agrees again fails too.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bcdiceVersion } from '../../src/bcdice/index.js';
import { OWN_TEST_DISAGREEMENTS } from './own-tests/disagreements.js';
import { caseKey, readOwnTests, runOwnCase } from './own-tests.js';

const root = fileURLToPath(new URL('./own-tests/', import.meta.url));
const versions = readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory() && /^v\d/.test(d.name)).map((d) => d.name);
const folder = `${root}${versions[0]}`;

describe("BCDice's own tests through /roll's path", () => {
  it('the fixtures are those of the BCDice version inside the installed bcdice package', async () => {
    expect(versions).toHaveLength(1);
    expect(versions[0]).toBe(`v${await bcdiceVersion()}`);
  });

  it("gives BCDice's meaning in at least 99.5 % of the cases; every other case is listed with its reason", async () => {
    const cases = readOwnTests(folder);
    expect(cases.length).toBeGreaterThan(2500);
    const unlisted: string[] = [];
    const differing = new Set<string>();
    let agreeing = 0;
    for (const c of cases) {
      const { difference } = await runOwnCase(c);
      if (difference === null) {
        agreeing++;
        continue;
      }
      differing.add(caseKey(c));
      if (!(caseKey(c) in OWN_TEST_DISAGREEMENTS)) unlisted.push(`${c.file} #${c.index} ${caseKey(c)}: ${difference}`);
    }
    const stale = Object.keys(OWN_TEST_DISAGREEMENTS).filter((k) => !differing.has(k));
    console.log(`BCDice ${versions[0]} own tests: ${agreeing}/${cases.length} cases mean the same (${((100 * agreeing) / cases.length).toFixed(2)} %)`);
    expect(unlisted).toEqual([]);
    expect(stale).toEqual([]);
    expect(agreeing / cases.length).toBeGreaterThanOrEqual(0.995);
  }, 120_000);
});
