// Names a Japanese or Korean table read in English or as numbers (issue 31, "Language"): a Wild's word
// in a Persona stat line, a war turn in /log export by its index 「ターン0」 instead of 朝 (seed 001 L237),
// and /reveal's committed declaration whose targets were faction ids only (seed 000 L11 contact).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { row } from '../helpers/db.js';
import { embedText, startHarness, type Harness, answerOf } from './harness.js';

let h: Harness;
let guildId = '';
const opt = (name: string, value: unknown) => ({ name, value });
const sub = (name: string, options: { name: string; value: unknown }[] = []) => [{ name, type: 1, options }];

beforeAll(async () => {
  h = await startHarness('language-names');
  guildId = h.fake.createGuild({ name: '聖杯戦争卓', locale: 'ja' }).guildId;
});
afterAll(async () => {
  await h?.close();
});

const runIn = (channelId: string) => (user: { id: string }, locale: string, name: string, options: unknown) =>
  h.fake.command({ name, channelId, guildId, user: user as never, locale, options: options as never });

describe('names in the reader’s language (issue 31)', () => {
  it('a Wild reads 「ワイルド」 in a Japanese GM’s stat line, not "Wild" (JA L787)', async () => {
    const { gm, player } = h.fake.users;
    const room = h.fake.createTextChannel({ name: 'persona', guildId });
    const run = runIn(room);
    await run(gm, 'ja', 'gm', sub('claim'));
    await run(gm, 'ja', 'combat', sub('start', [opt('ruleset', 'persona')]));
    const file = h.fake.uploadAttachment({ filename: 'aki.json', content: JSON.stringify({ name: 'アキ', side: 'pc', hp: 40, sp: 60, dex: 12, wild: true, personaSkill: 95, personas: [
      { name: 'オルフェウス', agi: 10, luck: 8, skills: [{ name: 'アギ', kind: 'magic', elements: ['fire'], power: 1, sp: 4, hit: 'auto' }] },
      { name: 'ピクシー', agi: 12, luck: 9, skills: [{ name: 'ジオ', kind: 'magic', elements: ['elec'], power: 1, sp: 4, hit: 'auto' }] },
    ] }) });
    const added = await run(gm, 'ja', 'persona', sub('add', [opt('file', file), opt('player', player.id)]));
    const said = [embedText(added.edits.at(-1) ?? answerOf(added)), ...added.followUps.map(embedText)].join('\n');
    expect(said).toContain('ワイルド');
    expect(said).not.toMatch(/\bWild\b/);
  });

  it('/log export names the turn 「1日目 朝」, not 「ターン0」 (seed 001 L237)', async () => {
    const { gm } = h.fake.users;
    const room = h.fake.createTextChannel({ name: 'war-log', guildId });
    const run = runIn(room);
    await run(gm, 'ja', 'gm', sub('claim'));
    await run(gm, 'ja', 'war', sub('start', [opt('ruleset', 'fate'), opt('name', '冬木')]));
    await run(gm, 'ja', 'war', sub('advance'));
    const ex = await run(gm, 'ja', 'log', [{ name: 'export', type: 1 }]);
    const txt = ex.callbackFiles.map((f) => f.data.toString('utf8')).find((t) => t.includes('聖杯戦争が進みました'))!;
    expect(txt).toContain('1日目 朝');
    expect(txt).not.toMatch(/ターン\d/);
  });

  it('/reveal of a declaration names its faction and target by name for the table (seed 000 L11)', async () => {
    const { gm, player, player2 } = h.fake.users;
    const room = h.fake.createTextChannel({ name: 'percent', guildId });
    const run = runIn(room);
    await run(gm, 'ja', 'gm', sub('claim'));
    await run(gm, 'ja', 'war', sub('start', [opt('ruleset', 'percent'), opt('name', '冬木')]));
    await run(player, 'ja', 'war', sub('join', [opt('faction', '遠坂'), opt('class', 'saber'), opt('level', 50), opt('statuses', '40 30 30 20 20 20'), opt('mag', 30)]));
    await run(player2, 'ja', 'war', sub('join', [opt('faction', '間桐'), opt('class', 'rider'), opt('level', 50), opt('statuses', '27 27 27 27 26 26'), opt('mag', 20)]));
    await run(gm, 'ja', 'war', sub('advance'));
    await run(player, 'ja', 'act', [opt('action', 'contact'), opt('targets', '間桐'), opt('text', '会いに行く')]);
    const secret = await row(h.store, 'secrets', (s) => eq(s.kind, 'action'), 'newest');
    expect(secret.text).not.toContain('間桐'); // the committed JSON holds the target by id
    const revealed = await run(player, 'ja', 'reveal', [opt('id', secret.id)]);
    const text = embedText(answerOf(revealed));
    expect(text).toMatch(/遠坂.*1日目 朝.*→ 間桐/);
  });
});
