// The differential test (issue 21 §1 "Must show"): every command of the corpus, as JA/KO players
// type it, through /roll's reading and through BCDice 4.9.0 fed the same faces. A difference must
// be listed in corpus/disagreements.ts with its reason; a listed one that no longer differs (or an
// adopted one that differs again) fails too, so the list stays true.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DISAGREEMENTS } from './corpus/disagreements.js';
import { compareCommand, readCorpus } from './differential.js';

const corpus = readCorpus(fileURLToPath(new URL('./corpus/commands.txt', import.meta.url)));
const key = (c: { system: string; command: string }) => `${c.system}|${c.command}`;

describe('/roll against BCDice on the same dice', () => {
  it('the corpus holds at least 200 commands, each once, and every listed disagreement is in it', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(200);
    const keys = corpus.map(key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(Object.keys(DISAGREEMENTS).filter((k) => !keys.includes(k))).toEqual([]);
  });

  it('differs from BCDice only where corpus/disagreements.ts says why', async () => {
    const unlisted: string[] = [];
    const stale: string[] = [];
    for (const command of corpus) {
      const { difference } = await compareCommand(command);
      const listed = DISAGREEMENTS[key(command)];
      if (difference !== null && listed?.verdict !== 'project better') unlisted.push(`${key(command)}: ${difference}`);
      if (difference === null && listed?.verdict === 'project better') stale.push(`${key(command)}: listed as better, but now agrees with BCDice`);
    }
    expect(unlisted).toEqual([]);
    expect(stale).toEqual([]);
  });

  it('would catch a new difference: a lone 2D6<=5 in a channel without /system counts dice', async () => {
    const { difference } = await compareCommand({ system: 'none', command: '2D6<=5' });
    expect(difference).toMatch(/different meaning/);
    expect((await compareCommand({ system: 'DiceBot', command: '2D6<=5' })).difference).toBeNull();
  });
});
