// Persona event lines by construction (issue 27): when an event involves a hidden combatant, every
// parameter that is not a name or a word belongs to the GM unless the key declares it public with its
// seed line; forgetting an entry hides a number, it never shows one.
import { describe, expect, it } from 'vitest';
import { LOCALES, t, translator } from '../../src/i18n/index.js';
import { renderLine } from '../../src/views/line.js';
import type { Audience } from '../../src/views/owned.js';
import { eventLine, FALLBACKS, PUBLIC_PARAMS, WORDS, type Cast } from '../../src/services/combat/persona-lines.js';

const table: Audience = { kind: 'table', locale: 'en' };
const gm: Audience = { kind: 'person', userId: 'g', isGm: true };
const player: Audience = { kind: 'actor', userId: 'p' };
const cast: Cast = { hidden: new Set(['Ghost']), everyone: new Set(['Ghost', 'Aki']) };
const read = (key: string, params: Record<string, string | number>, who: Audience, c: Cast = cast) => renderLine(eventLine({ key, params }, c, translator('en'), 'en'), 'en', who);

describe('persona event lines (default-deny)', () => {
  it('an event nobody listed that names a hidden combatant: its numbers are the GM’s', () => {
    // persona.cover has no public entry: the penalty (the covered one’s SIZ × 2) is the GM’s
    expect(read('persona.cover', { name: 'Ghost', target: 'Ghost2', penalty: 24 }, gm)).toBe(t('en', 'persona.cover', { name: 'Ghost', target: 'Ghost2', penalty: 24 }));
    expect(read('persona.cover', { name: 'Ghost', target: 'Ghost2', penalty: 24 }, table)).toBe(t('en', 'persona.coverHidden', { name: 'Ghost', target: 'Ghost2' }));
    // a key with neither a public entry nor a fallback: "?" in place of the number, for the table and a player alike
    for (const who of [table, player]) expect(read('persona.board.recovery', { name: 'Ghost', n: 17 }, who)).toBe(t('en', 'persona.board.recovery', { n: '?' }));
    expect(read('persona.board.recovery', { name: 'Ghost', n: 17 }, gm)).toBe(t('en', 'persona.board.recovery', { n: 17 }));
    // a parameter the wording does not print plays no part (it would only send the reader to the fallback)
    expect(read('persona.talk.fumble', { name: 'Aki', target: 'Ghost', roll: 99, weird: 5 }, table)).toBe(t('en', 'persona.talk.fumble', { name: 'Aki', roll: 99 }));
    expect(read('persona.buff.suku', { target: 'Ghost', stages: 2 }, table)).toBe(t('en', 'persona.buff.suku', { target: 'Ghost', stages: 2 }));
    expect(read('persona.gm.adjusted', { name: 'Ghost', hp: 5, hpMax: 90, sp: 0, spMax: 0 }, table)).toBe(t('en', 'persona.gm.adjustedHidden', { name: 'Ghost' }));
  });

  it('an event that names nobody, while a hidden combatant is in the fight, is the GM’s unless declared', () => {
    expect(read('persona.round.start', { round: 3 }, table)).toBe(t('en', 'persona.round.start', { round: 3 }));
    expect(read('persona.gm.settings.ladder', { ladder: '1D4 → 1D6' }, table)).toBe(t('en', 'persona.gm.settings.ladder', { ladder: '1D4 → 1D6' }));
    // a recovery roll that did not say whose it is could be a hidden healer's magic db
    expect(read('persona.heal.roll', { expr: '3D6', total: 9, amount: 18 }, table)).not.toMatch(/3D6|9|18/);
  });

  it('a declared public number stays, the rest of the line is the GM’s (JA L139–140: the damage roll’s total)', () => {
    expect(read('persona.damage.roll', { name: 'Ghost', expr: '2D6+1D4', total: 11 }, table)).toBe(t('en', 'persona.damage.rollHidden', { total: 11 }));
    expect(read('persona.damage.roll', { name: 'Ghost', expr: '2D6+1D4', total: 11 }, gm)).toBe(t('en', 'persona.damage.roll', { expr: '2D6+1D4', total: 11 }));
  });

  it('nobody hidden, or a hidden one not involved: every number is the table’s', () => {
    const none: Cast = { hidden: new Set(), everyone: new Set(['Ghost', 'Aki']) };
    expect(read('persona.heal.roll', { name: 'Ghost', expr: '3D6', total: 9, amount: 18 }, table, none)).toBe(t('en', 'persona.heal.roll', { expr: '3D6', total: 9, amount: 18 }));
    expect(read('persona.heal.roll', { name: 'Aki', expr: '1D6', total: 4, amount: 8 }, table)).toBe(t('en', 'persona.heal.roll', { expr: '1D6', total: 4, amount: 8 }));
  });

  it('every public entry names its seed line; every fallback exists in every language and prints only names, words and public numbers', () => {
    for (const [key, entry] of Object.entries(PUBLIC_PARAMS)) expect(entry.seed, key).toMatch(/(JA|KO) L\d+/);
    for (const [key, fallback] of Object.entries(FALLBACKS)) {
      for (const locale of LOCALES) {
        const template = t(locale, fallback);
        expect(template, `${locale} ${fallback}`).not.toBe(fallback);
        const used = [...template.matchAll(/\{(\w+)/g)].map((m) => m[1]!);
        for (const p of used) expect(WORDS.has(p) || PUBLIC_PARAMS[key]?.params.includes(p), `${fallback} prints {${p}}`).toBe(true);
      }
    }
  });
});
