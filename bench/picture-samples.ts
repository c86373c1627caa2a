// Sample picture models of the sizes the issue names (a 10-combatant fight, a 7-faction war with a
// 12-territory map, a 10,000-roll histogram); shared by bench/pictures.ts and test/pictures.
import type { Grade, HistogramPicture, JudgePicture, TrackerPicture, WarPicture } from '../src/pictures/model.js';
import { histogramModel } from '../src/pictures/stats-model.js';
import { diceStats, type RollFacts } from '../src/core/stats/dice-stats.js';
import { translator } from '../src/i18n/index.js';

const NAMES = ['セイバー', '아처', 'Lancer', '遠坂 凛', '김민준', 'Shadow A', 'Shadow B', 'ランサー', '라이더', 'Caster'];

export function sampleTracker(names: readonly string[] = NAMES, round = 3, hpShift = 0): TrackerPicture {
  return {
    kind: 'tracker',
    title: 'Fight: 冬木大橋 / 대교',
    head: `Round ${round} — ${names[1]}'s turn`,
    next: `Next: ${names.slice(2, 6).join(' → ')}`,
    combatants: names.map((name, i) => {
      const hidden = name.startsWith('Shadow');
      const hp = Math.max(0, 40 - i * 4 - hpShift * (i === 2 ? 1 : 0));
      return {
        name,
        side: i % 2 === 0 ? 'PC' : 'Enemy',
        row: i % 3 === 0 ? 'Back' : 'Front',
        current: i === 1,
        ...(hidden ? {} : { initiative: `IV ${12 - i}` }),
        bars: hidden ? [] : [{ label: 'HP', value: hp, max: 40 }, { label: i % 2 ? 'SP' : 'MP', value: 20 - i, max: 20 }],
        condition: hp === 0 ? 'Down' : hp * 2 < 40 ? 'Wounded' : 'Standing',
        badges: i === 2 ? [{ text: '毒 (3)', tone: 'bad' }, { text: 'Flight 2', tone: 'good' }] : i === 4 ? [{ text: '혼란', tone: 'bad' }, { text: 'Released', tone: 'good' }, { text: 'Cover', tone: 'neutral' }] : [],
        out: hp === 0,
      };
    }),
  };
}

const GRADES: Grade[] = ['small', 'medium', 'large', 'highest'];

export function sampleWar(): WarPicture {
  return {
    kind: 'war',
    title: 'War: 第五次聖杯戦争 (percentage)',
    clock: 'Day 3 · Night (18:00–24:00)',
    factions: ['Saber陣営', '아처 진영', 'Lancer', 'Rider', 'Caster', 'Assassin', 'Berserker'].map((name, i) => ({
      name,
      status: i === 6 ? 'Out' : i % 3 === 0 ? 'Declared' : i % 3 === 1 ? 'Not yet' : 'Sleeping',
      tone: i === 6 ? 'bad' : i % 3 === 0 ? 'good' : 'neutral',
    })),
    map: {
      title: 'Territories',
      territories: ['柳洞寺', '遠坂邸', '間桐邸', '教会', '新都', '深山町', '港', '森', '학교', '공원', 'Bridge', 'Hotel'].map((name, i) => ({
        name,
        grade: GRADES[i % 4]!,
        gradeLabel: ['Small', 'Medium', 'Large', 'Highest'][i % 4]!,
        bases: [],
      })),
    },
    footer: '6 of 7 factions in the war',
  };
}

/** A seeded 10,000-roll history: d6 pools, d10s and d100s. */
export function sampleRolls(count = 10_000, seed = 42): RollFacts[] {
  let s = seed >>> 0;
  const next = (n: number) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return (s % n) + 1;
  };
  return Array.from({ length: count }, (_, i) => {
    const sides = i % 3 === 0 ? 6 : i % 3 === 1 ? 100 : 10;
    return { outcome: i % 2 ? 'success' : 'failure', dice: Array.from({ length: sides === 6 ? 3 : 1 }, () => ({ sides, face: next(sides) })) };
  });
}

export function sampleHistogram(count = 10_000): HistogramPicture {
  return histogramModel(diceStats(sampleRolls(count)), 'Dice: セイバー / 세이버', translator('en'));
}

export function sampleJudge(): JudgePicture {
  return {
    kind: 'judge',
    title: 'Action judgement — 遠坂 凛',
    header: 'Green judgement, difficulty 2 — 鍵開け / 자물쇠',
    revealed: [
      { role: 'Target', card: { name: '極楽鳥', manaValue: 1, colors: ['green'] }, line: 'Target: 極楽鳥 (MV 1) + difficulty 2 = 3' },
      { role: 'Achievement', card: { name: 'Breeding Pool', manaValue: 0, colors: [] }, line: 'Achievement: Breeding Pool (MV 0) + 5 (green: same color) = 5' },
    ],
    exiled: {
      title: 'Exiled by the boost',
      cards: [
        { name: 'Forest', manaValue: 0, colors: [] },
        { name: 'Fires of Yavimaya', manaValue: 3, colors: ['red', 'green'] },
        { name: '번개', manaValue: 1, colors: ['red'] },
        { name: 'Island', manaValue: 0, colors: [] },
        { name: 'Esper Charm', manaValue: 3, colors: ['white', 'blue', 'black'] },
        { name: 'Sol Ring', manaValue: 1, colors: [] },
      ],
      line: '3 colorless card(s): achievement 5 → 8.',
    },
    verdict: 'Target 3 ≤ achievement 8: Success.',
    success: true,
  };
}
