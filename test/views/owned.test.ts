// Owned values and lines (issue 27 §1): a value wrapped with its readers keeps them through arithmetic,
// cannot be printed as plain text (strict mode throws, production prints '?'), and a line shows it
// only to a reader its owner admits; every other reader gets the public word or the line's fallback.
import { afterEach, describe, expect, it } from 'vitest';
import { t } from '../../src/i18n/index.js';
import { forAudience } from '../../src/views/audience.js';
import { line, renderLine, unaddressed } from '../../src/views/line.js';
import { combine, mapMaybe, own, Owned, SecretLeak, setStrictSecrets, type Audience } from '../../src/views/owned.js';
import type { View } from '../../src/views/view.js';

const table: Audience = { kind: 'table', locale: 'ja' };
const gm: Audience = { kind: 'person', userId: 'g', isGm: true };
const member: Audience = { kind: 'person', userId: 'm' };
const other: Audience = { kind: 'actor', userId: 'o' };

afterEach(() => setStrictSecrets(false));

describe('Owned', () => {
  const mp = new Owned(12, { gm: true, users: ['m'] });

  it('prints "?" as plain text, and throws in strict mode', () => {
    expect(`${mp}`).toBe('?');
    expect(String(mp)).toBe('?');
    expect(JSON.stringify({ mp })).toBe('{"mp":"?"}');
    setStrictSecrets(true);
    expect(() => `${mp}`).toThrow(SecretLeak);
    expect(() => JSON.stringify({ mp })).toThrow(SecretLeak);
  });

  it('keeps its owner through arithmetic; two owners leave their common readers', () => {
    const spent = mp.map((v) => v - 5);
    expect(spent.for(member)).toBe(7);
    expect(spent.for(table)).toBeUndefined();
    const luck = new Owned(3, { gm: true });
    const chance = combine([30, luck, mp], (base, a, b) => Number(base) + Number(a) - Number(b));
    expect(chance).toBeInstanceOf(Owned);
    expect((chance as Owned).for(gm)).toBe(21);
    expect((chance as Owned).for(member)).toBeUndefined();
    // nothing owned: a plain value
    expect(combine([1, 2], (a, b) => Number(a) + Number(b))).toBe(3);
    expect(mapMaybe(own(4, null), (v) => v * 2)).toBe(8);
  });

  it('own(value, null) is the public value itself', () => {
    expect(own(5, null)).toBe(5);
    expect(own(5, { gm: true })).toBeInstanceOf(Owned);
  });
});

describe('lines', () => {
  const hp = own(30, { gm: true }, { key: 'combat.cond.standing' });
  const l = line('attack.summary', { attack: 6, defense: own(6, { gm: true }), armor: own(3, { gm: true }) });

  it('a reader the owner admits reads the numbers; the table reads the public word', () => {
    expect(renderLine(l, 'ja', gm)).toBe(t('ja', 'attack.summary', { attack: 6, defense: 6, armor: 3 }));
    expect(renderLine(l, 'ja', table)).toBe(t('ja', 'attack.summary', { attack: 6, defense: '?', armor: '?' }));
    expect(renderLine(line('x.y', { hp }), 'en', table)).toBe(t('en', 'x.y', {}));
    expect(renderLine(line('fate.hp.left', { name: 'Shade', hp }), 'ja', table)).toBe(t('ja', 'fate.hp.left', { name: 'Shade', hp: t('ja', 'combat.cond.standing') }));
  });

  it('a fallback is worded for a reader who may not know one of the values', () => {
    const withFallback = line('attack.summary', { attack: 6, defense: own(6, { gm: true }), armor: 0 }, line('owned.unknown'));
    expect(renderLine(withFallback, 'en', other)).toBe('?');
    expect(renderLine(withFallback, 'en', gm)).toBe(t('en', 'attack.summary', { attack: 6, defense: 6, armor: 0 }));
  });

  it('forAudience words every line for its reader; a renderer with no audience words it for the table', () => {
    const view: View = { locale: 'ja', tone: 'info', blocks: [l], fields: [{ name: 'HP', value: line('owned.unknown') }], ephemeral: false };
    setStrictSecrets(true);
    const forGm = forAudience(view, gm);
    expect(forGm.blocks).toEqual([{ kind: 'text', text: renderLine(l, 'ja', gm) }]);
    expect(forAudience(view, member).blocks).toEqual([{ kind: 'text', text: renderLine(l, 'ja', table) }]);
    expect(unaddressed(l, 'ja')).toBe(renderLine(l, 'ja', table));
  });
});
