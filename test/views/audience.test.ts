// The audience seam (issue 18 §1): a block or field marked for some readers never reaches the table,
// and reaches a person only when they are among its readers; the table's language is chosen as
// channel → server (GM's) → server (Discord's) → the person's own.
import { describe, expect, it } from 'vitest';
import { localeOfTable } from '../../src/services/table.js';
import { forAudience, languageViolation } from '../../src/views/audience.js';
import { privateText, text, type View } from '../../src/views/view.js';

const view: View = {
  locale: 'ja',
  tone: 'info',
  blocks: [text('公開'), privateText('GMだけ：速12', { gm: true }), privateText('本人だけ：MP 5', { users: ['u1'] })],
  fields: [{ name: '公開', value: 'x' }, { name: 'GM', value: 'HP 30', readers: { gm: true } }],
  ephemeral: false,
};

describe('forAudience', () => {
  it('the table reads only the unmarked blocks and fields', () => {
    const out = forAudience(view, { kind: 'table', locale: 'ja' });
    expect(out.blocks.map((b) => (b.kind === 'text' ? b.text : ''))).toEqual(['公開']);
    expect(out.fields?.map((f) => f.name)).toEqual(['公開']);
  });
  it('a picture marked for its readers (the GM’s map with every base) reaches only them (issue 22)', () => {
    const picture = { kind: 'war' as const, title: 'x', clock: 'y', factions: [], map: { title: 'm', territories: [{ name: '柳洞寺', grade: 'highest' as const, gradeLabel: 'Highest', bases: ['Saber'] }] } };
    const marked: View = { ...view, picture, pictureReaders: { users: ['u1'] } };
    expect(forAudience(marked, { kind: 'table', locale: 'ja' }).picture).toBeUndefined();
    expect(forAudience(marked, { kind: 'person', userId: 'u2' }).picture).toBeUndefined();
    expect(forAudience(marked, { kind: 'person', userId: 'u1' }).picture).toEqual(picture);
    // an unmarked picture is the table's, like an unmarked block
    expect(forAudience({ ...view, picture }, { kind: 'table', locale: 'ja' }).picture).toEqual(picture);
  });
  it('a person reads what is marked for them; the GM what is marked for the GM', () => {
    const player = forAudience(view, { kind: 'person', userId: 'u1' });
    expect(player.blocks).toHaveLength(2);
    expect(player.fields).toHaveLength(1);
    const gm = forAudience(view, { kind: 'person', userId: 'gm', isGm: true });
    expect(gm.blocks.map((b) => (b.kind === 'text' ? b.text : ''))).toEqual(['公開', 'GMだけ：速12']);
    expect(gm.fields).toHaveLength(2);
  });
  it('a table view in another language than the table’s is a violation', () => {
    expect(languageViolation(view, 'post', 'ja')).toBeNull();
    expect(languageViolation(view, 'post', 'ko')).toMatchObject({ expected: 'ko', got: 'ja' });
  });
});

describe('localeOfTable', () => {
  const none = { channelLocale: null, guildLocale: null, discordLocale: null, timeZone: null, images: null };
  it('channel, then the GM’s server choice, then Discord’s server language, then the fallback', () => {
    expect(localeOfTable({ ...none, channelLocale: 'ko', guildLocale: 'en', discordLocale: 'ja' }, 'en')).toBe('ko');
    expect(localeOfTable({ ...none, guildLocale: 'en', discordLocale: 'ja' }, 'ko')).toBe('en');
    expect(localeOfTable({ ...none, discordLocale: 'ja' }, 'ko')).toBe('ja');
    expect(localeOfTable({ ...none, discordLocale: 'en-US' }, 'ko')).toBe('en');
    expect(localeOfTable(none, 'ko')).toBe('ko');
  });
});
