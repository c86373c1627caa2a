// The declared exceptions of the two-worlds test (issue 18 §2): the only places where an audience that
// is not entitled to a hidden value may still read something that differs between the two worlds,
// because the seed makes that outcome public. Each names the audiences, what is masked, why, and the
// seed line. Anything else that differs is a leak.
import type { Audience } from './worlds.js';

export interface Exception {
  id: string;
  audiences: readonly Audience[];
  /** What differs, matched in the normalised transcript and replaced by ‹id› in both worlds. */
  pattern: RegExp;
  why: string;
  seed: string;
  /** A line present in one world only (a chance that came true): removed rather than marked. */
  remove?: boolean;
}

export function mask(text: string, exceptions: readonly Exception[]): string {
  return exceptions.reduce((t, e) => t.replace(e.pattern, e.remove ? '' : `‹${e.id}›`), text);
}

const EVERYONE: readonly Audience[] = ['table', 'a', 'b', 'c'];

export const EXCEPTIONS = {
  /** Persona: the damage a hidden shadow deals to a PC shows on that PC's HP, which the table tracks. */
  personaDamageDealt: {
    id: 'damage dealt to a PC',
    audiences: EVERYONE,
    pattern: /ダメージロール = \d+|アキに\d+ダメージ\([^)]*\)。HP \d+\/\d+|\*\*アキ\*\* \(pc\)[^\n]*/g,
    why: 'Damage dealt to a PC is seen: the PC loses that HP, the player tracks their HP (and the seed has each attack announced with its damage to the target).',
    seed: 'Persona JA L139–140 (damage roll announced), L11–37 (the round as played at the table)',
  },
  /** Persona: Analyze's result reaches the analyst's player: the analyzed enemy's stats, resistances and weaknesses. */
  personaAnalysis: {
    id: 'analysis result',
    audiences: ['a'],
    pattern: /[^\n]*(の分析結果:|의 분석 결과: |Analysis of [^\n]*: )[^\n]*(\n(耐性|내성|Resistances)[^\n]*)?/g,
    why: 'The analyst learns what it analyzed, at the start of its slot after the skill’s rounds; the table only that the analysis began and ended.',
    seed: 'Persona JA L420 (敵の能力・耐性・弱点を分析), L428 (分析結果が開示), KO L233, L236',
  },
  /** Percentage war: the winner of a battle is announced; only the numbers stay with the sides. */
  battleWinner: {
    id: 'battle winner',
    audiences: EVERYONE,
    pattern: /\*\*[^*]+\*\*(が勝ちました|가 이겼습니다|wins)/g,
    why: 'Who won a battle is public; the win rate, the statuses and the mana are not.',
    seed: 'seed 000 L43–47 (battle result), L33/L38 (mana private)',
  },
  /**
   * Percentage war: each side of a battle reads, from its own side, which side is superior per status,
   * the table row with its base, and its final rate (issue 20: seals after the rate; issue 27: each its
   * own view). Masked: those words and rates only — its own war power is the same in both worlds and
   * the other side's shows as "?", so a war power of the other side would still differ here.
   */
  battleNumbersToBothSides: {
    id: 'battle numbers to its sides',
    audiences: ['a', 'b'],
    pattern: /[^\n]*(基礎勝率|기초 승률|base win rate)[^\n]*|[+-]?\d+ ?%|\d+(以上で勝利| 이상이면 승리| or more)|優位|劣位|引き分け|우위|열위|무|superior|inferior|draw/g,
    why: 'Both sides of a battle learn, each from its own side, per status fought with which side is superior, the table row, and its own final win rate, so that each may decide to spend seals on it; never the other side\'s war power, its other numbers or its stored mana.',
    seed: 'seed 000 L28 (the rate from one\'s own side), L43 (seals used once the final win rate is known), L45–46 (the status picks)',
  },
  /** A secret its owner reveals (/reveal) is public from then on: the revealed message differs. */
  revealedSecret: {
    id: 'revealed secret',
    audiences: EVERYONE,
    pattern: /[^\n]*(XQ-S\d|1d100|1d6|\{"|公開|공개|Revealed|revealed)[^\n]*/g,
    why: 'The owner chose to publish it; the commitment posted before shows it was not changed.',
    seed: 'project rule for hidden PvP information (seed 001 L50 keeps it secret until its owner shows it)',
  },
  /** Percentage war: soul eating may be sensed by every other faction (50 %), who then learn where the eater is. */
  soulEatingSensed: {
    id: 'soul eating sensed',
    audiences: ['a', 'b', 'c'],
    pattern: /\n*[^\n]*(魂食い|혼식|soul eating|Soul eating)[^\n]*/g,
    remove: true,
    why: 'Each other participant has a 50 % chance to learn the eater\'s current location and may intervene; nothing else of the eater (its mana, its statuses) is told.',
    seed: 'seed 000 L6–7 (digest §1.3)',
  },
} satisfies Record<string, Exception>;

/** Every declared exception, for the README's "Who sees what" and for review. */
export const ALL_EXCEPTIONS: readonly Exception[] = Object.values(EXCEPTIONS);
