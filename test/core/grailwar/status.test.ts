import { describe, expect, it } from 'vitest';
import { caught } from '../../helpers/caught.js';
import {
  GwError,
  STATUSES,
  baseStatuses,
  gwErrorMessage,
  localizeParams,
  parseClass,
  statusPoints,
  type Status,
} from '../../../src/core/grailwar/status.js';
import { grailwarMessages } from '../../../src/i18n/messages/grailwar.js';
import type { Locale, Params } from '../../../src/i18n/index.js';

/** A translator over this catalog only (the shared index merges it separately). */
const tr =
  (locale: Locale) =>
  (key: string, params: Params = {}): string => {
    const template = grailwarMessages[locale][key];
    if (template === undefined) return key;
    return template.replace(/\{(\w+)\}/g, (whole, name: string) => (params[name] === undefined ? whole : String(params[name])));
  };

/** The class correction (L31), as baseStatuses (what /war join and /battle use) adds it to an even spread. */
const classCorrection = (cls: Parameters<typeof baseStatuses>[2], pick?: Parameters<typeof baseStatuses>[3]): Record<Status, number> => {
  const plain = baseStatuses('servant', 50);
  const corrected = baseStatuses('servant', 50, cls, pick);
  return Object.fromEntries(STATUSES.map((s) => [s, corrected[s] - plain[s]])) as Record<Status, number>;
};

const zero = (over: Partial<Record<Status, number>> = {}): Record<Status, number> => ({
  str: 0,
  end: 0,
  agi: 0,
  mag: 0,
  luk: 0,
  np: 0,
  ...over,
});

const sum = (r: Record<Status, number>) => STATUSES.reduce((s, k) => s + r[k], 0);

const gwError = (fn: () => unknown): GwError => caught(fn, GwError);

describe('status points by level (seed 000 L29)', () => {
  it('servant Lv 50: 50 × 2 + 60 = 160 (seed 000 L29)', () => {
    expect(statusPoints('servant', 50)).toBe(160);
    expect(statusPoints('servant', 30)).toBe(120);
  });

  it('servant Lv 55: (55 − 50) × 3 + 160 = 175; Lv 60: 190 (seed 000 L29)', () => {
    expect(statusPoints('servant', 55)).toBe(175);
    expect(statusPoints('servant', 60)).toBe(190);
  });

  it('master Lv 40: 40 × 2 + 40 = 120; Lv 45: (45 − 40) × 3 + 120 = 135 (seed 000 L29)', () => {
    expect(statusPoints('master', 40)).toBe(120);
    expect(statusPoints('master', 45)).toBe(135);
    expect(statusPoints('master', 20)).toBe(80);
  });

  it('levels between the steps use the upper formula, which meets the lower one at Lv 50 / 40 (seed 000 L29)', () => {
    expect(statusPoints('servant', 51)).toBe(163);
    expect(statusPoints('servant', 54)).toBe(172);
    expect(statusPoints('master', 41)).toBe(123);
    expect(statusPoints('master', 44)).toBe(132);
    // strictly increasing across the step
    for (let lv = 45; lv < 60; lv++) expect(statusPoints('servant', lv + 1)).toBeGreaterThan(statusPoints('servant', lv));
  });

  it('refuses levels that are not whole numbers from 1 to 999', () => {
    for (const lv of [0, -5, 50.5, Number.NaN, 1000]) {
      expect(gwError(() => statusPoints('servant', lv)).key).toBe('gw.error.level');
    }
  });
});

describe('class corrections (seed 000 L31)', () => {
  it('Saber: 【근】【내】【민】 +10 (seed 000 L31)', () => {
    expect(classCorrection('saber')).toEqual(zero({ str: 10, end: 10, agi: 10 }));
  });

  it('Lancer 【민】 +20, Rider 【보】 +20, Caster 【마】 +20, Assassin 【민】 +10 (seed 000 L31)', () => {
    expect(classCorrection('lancer')).toEqual(zero({ agi: 20 }));
    expect(classCorrection('rider')).toEqual(zero({ np: 20 }));
    expect(classCorrection('caster')).toEqual(zero({ mag: 20 }));
    expect(classCorrection('assassin')).toEqual(zero({ agi: 10 }));
  });

  it('Berserker: 【근】【내】【민】【마】【운】 +5, not 【보】 (seed 000 L31)', () => {
    expect(classCorrection('berserker')).toEqual(zero({ str: 5, end: 5, agi: 5, mag: 5, luk: 5 }));
  });

  it('Archer: +15 on the one of 【근】【내】【민】 it picks (seed 000 L31)', () => {
    expect(classCorrection('archer', 'str')).toEqual(zero({ str: 15 }));
    expect(classCorrection('archer', 'end')).toEqual(zero({ end: 15 }));
    expect(classCorrection('archer', 'agi')).toEqual(zero({ agi: 15 }));
  });

  it('an Archer without a pick is refused; other classes ignore a pick (seed 000 L31)', () => {
    expect(gwError(() => classCorrection('archer')).key).toBe('gw.error.archerPick');
    expect(classCorrection('lancer', 'str')).toEqual(zero({ agi: 20 }));
  });

  it('other classes have no correction (seed 000 L31 lists seven)', () => {
    expect(classCorrection('other')).toEqual(zero());
  });
});

describe('parseClass', () => {
  it('reads English, Korean (both seed spellings of Assassin, L13 / L31) and Japanese names', () => {
    expect(parseClass('Saber')).toBe('saber');
    expect(parseClass('BERSERKER')).toBe('berserker');
    expect(parseClass('랜서')).toBe('lancer');
    expect(parseClass('어새신')).toBe('assassin');
    expect(parseClass('어쌔신')).toBe('assassin');
    expect(parseClass('アーチャー')).toBe('archer');
    expect(parseClass('キャスター')).toBe('caster');
    expect(parseClass('ライダー')).toBe('rider');
  });

  it('ignores width, case, spaces and a trailing "class"', () => {
    expect(parseClass('ＳＡＢＥＲ')).toBe('saber');
    expect(parseClass('ｾｲﾊﾞｰ')).toBe('saber');
    expect(parseClass('  archer class ')).toBe('archer');
    expect(parseClass('아처 클래스')).toBe('archer');
  });

  it('anything unknown is other', () => {
    expect(parseClass('Ruler')).toBe('other');
    expect(parseClass('')).toBe('other');
    expect(parseClass('saber'.repeat(20))).toBe('other');
  });
});

describe('baseStatuses: the points are a total to distribute (seed 000 L29, L3, L35, L37)', () => {
  it('without an allocation the Lv 50 servant\'s 160 points are spread evenly: 27 27 27 27 26 26 (seed 000 L29)', () => {
    const s = baseStatuses('servant', 50);
    expect(s).toEqual({ str: 27, end: 27, agi: 27, mag: 27, luk: 26, np: 26 });
    expect(sum(s)).toBe(160);
  });

  it('adds the class correction for a servant (seed 000 L29, L31)', () => {
    const s = baseStatuses('servant', 50, 'archer', 'agi');
    expect(s).toEqual({ str: 27, end: 27, agi: 42, mag: 27, luk: 26, np: 26 });
    expect(sum(s)).toBe(175);
  });

  it('a master gets no class correction (seed 000 L30: 서번트의 클래스 보정)', () => {
    const s = baseStatuses('master', 40, 'saber');
    expect(sum(s)).toBe(120);
    expect(s).toEqual({ str: 20, end: 20, agi: 20, mag: 20, luk: 20, np: 20 });
  });

  it('uses the player\'s allocation when it adds up to the points (seed 000 L29)', () => {
    const alloc = { str: 40, end: 30, agi: 30, mag: 20, luk: 20, np: 35 }; // 175 = Lv 55
    expect(baseStatuses('servant', 55, 'caster', undefined, alloc)).toEqual({ ...alloc, mag: 40 });
  });

  it('refuses an allocation that does not add up, or has a negative value (seed 000 L29)', () => {
    const e = gwError(() => baseStatuses('servant', 50, 'other', undefined, { str: 100, end: 61 }));
    expect(e.key).toBe('gw.error.allocationSum');
    expect(e.params).toEqual({ sum: 161, points: 160 });
    expect(gwError(() => baseStatuses('servant', 50, 'other', undefined, { str: 170, end: -10 })).key).toBe(
      'gw.error.allocationValue',
    );
  });
});

describe('catalog (src/i18n/messages/grailwar.ts)', () => {
  const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

  it('every key in en, ja and ko, with the same placeholders, all prefixed gw.', () => {
    const en = Object.keys(grailwarMessages.en);
    for (const key of en) expect(key.startsWith('gw.')).toBe(true);
    for (const locale of ['ja', 'ko'] as const) {
      expect(new Set(Object.keys(grailwarMessages[locale]))).toEqual(new Set(en));
      for (const key of en) {
        expect(placeholders(grailwarMessages[locale][key]!), `${locale} ${key}`).toEqual(placeholders(grailwarMessages.en[key]!));
      }
    }
  });

  it('has every status and class name', () => {
    for (const s of STATUSES) expect(grailwarMessages.en[`gw.status.${s}`]).toBeDefined();
    for (const c of ['saber', 'lancer', 'archer', 'rider', 'caster', 'assassin', 'berserker', 'other']) {
      expect(grailwarMessages.ko[`gw.class.${c}`]).toBeDefined();
    }
  });

  it('an error shows the status by its name in the reader\'s language', () => {
    const e = new GwError('gw.error.samePick', { status: 'str' });
    expect(gwErrorMessage(e, tr('ko'))).toContain('【근】');
    expect(gwErrorMessage(e, tr('ja'))).toContain('筋力');
    expect(gwErrorMessage(e, tr('en'))).toContain('STR is already picked');
    expect(localizeParams({ row: 'threeWin', cls: 'assassin' }, tr('ko'))).toEqual({ row: '3 전력의 우위', cls: '어쌔신' });
  });
});
