// The mtg.* catalog: every key in en, ja and ko with the same placeholders, every key the rules use
// present, and the report lines of the seed's worked examples (seed 004 lines 35-46 and 87-89).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { format, type Locale, type Params, type Translate } from '../../../src/i18n/index.js';
import { mtgMessages } from '../../../src/i18n/messages/mtg.js';
import {
  COLORS,
  MtgError,
  basicLand,
  boost,
  boostReport,
  endTurnReport,
  judge,
  judgeReport,
  mtgErrorMessage,
  parseDecklist,
  type CardData,
  type Library,
} from '../../../src/core/mtg/index.js';
import { scriptedRandom } from '../../../src/core/random.js';
import { caught } from '../../helpers/caught.js';

/** The same formatting as src/i18n t(), over this catalog only (it is merged into the app elsewhere). */
function translate(locale: Locale): Translate {
  return (key: string, params: Params = {}) => {
    const template = mtgMessages[locale][key];
    if (template === undefined) throw new Error(`missing ${locale} key ${key}`);
    return format(template, params);
  };
}

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('mtg catalog', () => {
  it('has every key in en, ja and ko, all under mtg., with the same placeholders', () => {
    const en = Object.keys(mtgMessages.en);
    expect(en.length).toBeGreaterThan(50);
    for (const key of en) expect(key.startsWith('mtg.')).toBe(true);
    for (const locale of ['ja', 'ko'] as const) {
      expect(new Set(Object.keys(mtgMessages[locale]))).toEqual(new Set(en));
      for (const key of en) {
        expect(placeholders(mtgMessages[locale][key]!), `${locale} ${key}`).toEqual(placeholders(mtgMessages.en[key]!));
        expect(mtgMessages[locale][key]!.length, `${locale} ${key}`).toBeGreaterThan(0);
      }
    }
  });

  it('holds every key the rules name in src/core/mtg, and every color and judgement name', () => {
    const dir = join(import.meta.dirname, '../../../src/core/mtg');
    const used = new Set<string>();
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      for (const m of readFileSync(join(dir, file), 'utf8').matchAll(/'(mtg\.[a-zA-Z.]+)'/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(20);
    for (const key of used) expect(mtgMessages.en, key).toHaveProperty([key]);
    for (const color of [...COLORS, 'colorless']) {
      expect(mtgMessages.en).toHaveProperty([`mtg.color.${color}`]);
      expect(mtgMessages.en).toHaveProperty([`mtg.kind.${color}`]);
      expect(mtgMessages.en).toHaveProperty([`mtg.help.${color}`]);
    }
    for (const relation of ['same', 'allied', 'enemy']) expect(mtgMessages.en).toHaveProperty([`mtg.reason.${relation}`]);
  });

  it('names the six judgement types as the seed does (line 7) and its verdicts (lines 31-32)', () => {
    expect(COLORS.map((c) => mtgMessages.ja[`mtg.kind.${c}`])).toEqual(['白判定', '青判定', '黒判定', '赤判定', '緑判定']);
    expect(mtgMessages.ja['mtg.kind.colorless']).toBe('色のない判定');
    expect([mtgMessages.ja['mtg.verdict.success'], mtgMessages.ja['mtg.verdict.failure']]).toEqual(['成功', '失敗']);
  });
});

const creature = (name: string, manaValue: number, colors: CardData['colors']): CardData => ({ name, manaValue, colors, basicLandTypes: [], typeLine: 'Creature' });

function libraryOf(cards: CardData[]): Library {
  return { cards: cards.map((c, i) => ({ ...c, uid: `${c.name}#${i}` })), exiled: [], knownTop: 0, turn: { boostUsed: false, judgements: [] } };
}

describe('reports', () => {
  const mystic = creature('エルフの神秘家', 1, ['green']);
  const bear = creature('ルーン爪の熊', 2, ['green']);

  it('the worked example of lines 35-46, in Japanese', () => {
    const { result } = judge(libraryOf([mystic, bear, basicLand('Forest')!]), 'green', 2, scriptedRandom([1]));
    expect(judgeReport(result, translate('ja'))).toEqual([
      '緑判定[難易度:2]',
      '目標値:エルフの神秘家(マナ総量1)+難易度2=3',
      '達成値:ルーン爪の熊(マナ総量2)+5(緑:同じ色)=7',
      '目標値3≦達成値7:成功。',
      '公開した2枚のカードを無作為の順番でライブラリーの一番下に置きます。',
    ]);
  });

  it('in English: known cards, a land counted by its type, a failure', () => {
    const lib = { ...libraryOf([creature('Known', 3, []), mystic, basicLand('Mountain')!]), knownTop: 1 };
    const { result } = judge(lib, 'green', 4, scriptedRandom([1]));
    expect(judgeReport(result, translate('en'))).toEqual([
      'Green judgement, difficulty 4',
      '1 known card(s) exiled before the reveal; they go back on top in the same order.',
      'Target: エルフの神秘家 (MV 1) + difficulty 4 = 5',
      'Mountain counts as red through its basic land type.',
      'Achievement: Mountain (MV 0) + 3 (red: allied color) = 3',
      'Target 5 > achievement 3: Failure.',
      'The two revealed cards go to the bottom of the library in random order.',
    ]);
  });

  it('in Korean: a random color pick and a colorless judgement', () => {
    const gold = creature('Simic', 2, ['green', 'blue']);
    const picked = judge(libraryOf([mystic, gold]), 'green', 0, scriptedRandom([1, 1])).result;
    expect(judgeReport(picked, translate('ko'))).toContain('Simic은 청색 / 녹색: 무작위로 청색으로 취급합니다.');
    expect(judgeReport(picked, translate('ko'))).toContain('달성값: Simic (마나 총량 2) + 0 (청색: 적대색) = 2');
    const colorless = judge(libraryOf([mystic, gold]), 'colorless', 0, scriptedRandom([1])).result;
    expect(judgeReport(colorless, translate('ko'))[2]).toBe('달성값: Simic (마나 총량 2) + 0 (무색 판정: 색 보정 없음) = 2');
  });

  it('the boost example of lines 87-89 and the end of turn', () => {
    const six = [
      basicLand('Forest')!,
      basicLand('Mountain')!,
      bear,
      creature('Vile Aggregate', 3, []),
      creature('Scaled Wurm', 8, ['green']),
      creature('Llanowar Elves', 1, ['green']),
    ];
    const judged = judge(libraryOf([mystic, bear, ...six]), 'green', 8, scriptedRandom([1]));
    const boosted = boost(judged.library, judged.result);
    expect(boostReport(judged.result, boosted.result, translate('en'))).toEqual([
      'Judgement boost: exiled until end of turn: Forest, Mountain, ルーン爪の熊, Vile Aggregate, Scaled Wurm, Llanowar Elves.',
      '3 colorless card(s) (basic lands count as colorless here): achievement 7 → 10.',
      'Target 9 ≤ achievement 10: Success.',
    ]);
    expect(endTurnReport(6, translate('ja'))).toEqual(['ターン終了時:ブーストで追放した6枚をランダムな順番でライブラリーの一番下に戻します。']);
    expect(endTurnReport(0, translate('en'))).toEqual(['End of turn: no card was exiled by a boost.']);
  });

  it('errors read in every language, the color shown by its judgement name', () => {
    const lib = judge(libraryOf([mystic, bear, mystic]), 'green', 2, scriptedRandom([1])).library;
    const error = caught(() => judge(lib, 'green', 2, scriptedRandom([])), MtgError);
    expect(mtgErrorMessage(error, translate('ja'))).toBe('難易度2の緑判定はこのターンにすでに行いました。同じ行動判定はやり直せません。');
    expect(mtgErrorMessage(error, translate('en'))).toContain('Green judgement at difficulty 2');
    expect(mtgErrorMessage(error, translate('ko'))).toContain('녹색 판정');
  });

  it('decklist problems read with their own parameters', () => {
    const [problem] = parseDecklist('4 Lightning Bolt\n0 Forest').problems;
    expect(translate('en')(problem!.key, problem!.params)).toBe('Line 2: the count must be from 1 to 250: 0 Forest');
    expect(translate('ja')(problem!.key, problem!.params)).toBe('2行目:枚数は1から250までです:0 Forest');
  });
});
