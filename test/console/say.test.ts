// /say in the console (issue 30 §3): no webhooks there, so a character's words are printed as the
// channel shows them and recorded as Discord posts are (`character.post` with an id), so edits,
// deletes and /log export read them alike.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createConsoleSession } from '../../src/console/session.js';
import { scriptedRandom } from '../../src/core/random.js';
import { openStore } from '../../src/store/db.js';
import { rows } from '../helpers/db.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0)) await fn();
});

describe('console /say', () => {
  it('prints the post under the character’s public name, records it, and edits and deletes it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grailwar-console-say-'));
    const store = await openStore(path.join(dir, 'c.sqlite'));
    cleanups.push(async () => {
      await store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });
    const s = createConsoleSession({ store, rng: scriptedRandom([1]), log: pino({ level: 'silent' }), locale: 'en' });
    await s.handle('/sheet import');
    const sheet = fs.readFileSync(path.join(import.meta.dirname, '..', 'e2e', 'fixtures', 'saber.txt'), 'utf8').replace('【真名】(例)騎士王X', '【真名】アルトリア\n【名前】アルトリア');
    for (const line of sheet.split('\n')) await s.handle(line);
    expect(await s.handle('.')).toMatch(/Imported/);
    const out = await s.handle('/say post text:問おう');
    expect(out).toContain('Posted as セイバー.');
    expect(out).toContain('セイバー: 問おう');
    expect(out).not.toContain('アルトリア');
    const [post] = await rows(store, 'events', (e) => eq(e.type, 'character.post'));
    const id = (post!.after as { messageId: string }).messageId;
    expect(await s.handle(`/say edit post:${id} text:言い直し`)).toContain('セイバー: 言い直し');
    await s.handle(`/say delete post:${id}`);
    expect((await rows(store, 'events', (e) => eq(e.type, 'character.postDeleted'))).length).toBe(1);
  });
});
