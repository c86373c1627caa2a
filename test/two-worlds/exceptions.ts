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
  /** Persona (the fuzzer's PCs アキ, ベン, チエ): the damage a hidden shadow deals to a PC, as above. */
  personaDamageToPcs: {
    id: 'damage dealt to a PC',
    audiences: EVERYONE,
    pattern: /ダメージロール = \d+|(アキ|ベン|チエ)に\d+ダメージ\([^)]*\)。HP \d+\/\d+|\*\*(アキ|ベン|チエ)\*\* \(pc\)[^\n]*/g,
    why: 'Damage dealt to a PC is seen: the PC loses that HP, the player tracks their HP (and the seed has each attack announced with its damage to the target).',
    seed: 'Persona JA L139–140 (damage roll announced), L11–37 (the round as played at the table)',
  },
  /**
   * Persona: whether a roll against a hidden shadow's numbers came true is public — the table sees the
   * blow land or miss, the status take hold, the Down resisted, the status worn off, the escape made —
   * while the chance, which holds the shadow's numbers, is the GM's. (Japanese: the fuzzer's tables.)
   */
  personaHiddenOutcome: {
    id: 'outcome of a roll against hidden numbers',
    audiences: EVERYONE,
    pattern: /[^\n]*への[^\n:：]*:(成功。(HP0。)?|効果なし。)|[^\n]* → [^\n]*:(命中|外れ)。|[^\n]*は回避(した|に失敗)。|[^\n]*は逃走に(成功|失敗)。|[^\n]*(はダウン耐性で無効化|のダウン耐性は失敗)。|[^\n]*(が自然回復した|は続いている)。/g,
    why: 'Each of these rolls is made at the table and its effect is seen (the target falls, is charmed, lies Down, recovers, the party gets away); the odds are not.',
    seed: 'Persona JA L128–135 (hit and evasion), L171–172 (bad status, instant death), L352–353 (natural recovery), L829–842 (escape), L1082–1085 (Down resistance)',
  },
  /** Persona: an Analyze skill's result reaches its user's player (the fuzzer's ベン holds アナライズ). */
  personaAnalysisToAnalyst: {
    id: 'analysis to the analyst',
    audiences: ['b'],
    pattern: /[^\n]*(の分析結果:|의 분석 결과: |Analysis of [^\n]*: )[^\n]*(\n(耐性|내성|Resistances)[^\n]*)?/g,
    why: 'Analyze reveals the enemy\'s abilities, resistances and weaknesses to the analyst; only a Persona holding the skill may use it.',
    seed: 'Persona JA L419–431 (アナライズ), KO L232–236',
  },
  /**
   * Fate/roll dice: an attack a hidden NPC makes or defends ends in a public outcome — hit or miss, the
   * damage dealt and the target's condition (a PC's HP, which the table tracks) — while the NPC's dice,
   * pool, defense value, armor and HP stay the GM's.
   */
  fateHiddenNpcOutcome: {
    id: 'outcome of an attack by or on a hidden NPC',
    audiences: EVERYONE,
    pattern: /Hit: \d+ damage(, HP \d+ left| \([^)]*\))\.|Tie: \d+ damage \(weapon minus armor\) \([^)]*\)\.|The defense wins: no damage\.|命中：\d+ダメージ(、残りHP \d+|（[^）]*）)。|同達成値：\d+ダメージ（武器攻撃力−防具）（[^）]*）。|防御側が勝利：ダメージなし。|명중: 대미지 \d+(, 남은 HP \d+| \([^)]*\))\.|동점: 대미지 \d+\(무기 공격력 − 방어구\) \([^)]*\)\.|방어 측이 승리: 대미지 없음\./g,
    why: 'Who acted, whether it hit and the damage dealt are seen at the table (HP damage dealt in a fight is public); the hidden NPC\'s own numbers are not.',
    seed: 'seed 001 L202–205 (damage = margin + weapon − armor, dealt and seen), L207–214 (the defense)',
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
    pattern: /\*\*[^*]+\*\*[^\n*]{0,8}?(が勝ちました|が勝利しました|の勝利|이겼습니다|승리|wins|won)/g,
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
  /**
   * Percentage war, narrower than the above (the fuzzer's): each side of a battle reads, from its own side,
   * which side is superior per status, the table row with its base, and its own final rate. Masked: those
   * words, that row and the rates — not the other side's value (it reads '?'), nor the steps made of both
   * sides' numbers (total war power, level gap, the GM's modifier, the rate before items), which keep
   * their numbers so that a side reading them shows as a difference.
   */
  battleOddsToBothSides: {
    id: 'battle odds to its sides',
    audiences: ['a', 'b', 'c'],
    pattern: /(?<=[、,] ?)(優位|引き分け|劣位|우위|무|열위|superior|draw|inferior)$|^.*(基礎勝率|기초 승률|base win rate) -?\d+%$|(?<!^(総戦力差|最大レベル差|スキル・その他|勝率|強化符|令呪|총 전력 차|최대 Lv 차|스킬 등|승률|강화부|령주|Total war power|Max level|Skills and other|Win rate|Reinforcement charms|Command Seals) ?[-+]?)(?<![-+\d])[-+]?\d+ ?%|\d+(?=以上で勝利| 이상이면 승리| or more)/gm,
    why: 'Both sides of a battle learn, each from its own side, per status fought with which side is superior, the table row, and its own final win rate, so that each may decide to spend seals on it; never the other side\'s values, nor what is made of both sides\' numbers.',
    seed: 'seed 000 L28 (the rate from one\'s own side), L43 (seals used once the final win rate is known), L45–46 (the status picks)',
  },
  /**
   * Percentage war (the fuzzer's faction A, 遠坂): a faction out of the war is seen on the board — its
   * servant vanished when its mana fell below −100 at a turn's end, or it dropped out after a lost battle —
   * though what brought it there (its mana, its seals) stays its own.
   */
  factionOut: {
    id: 'a faction out of the war',
    audiences: EVERYONE,
    pattern: /^(~~)?\*\*遠坂\*\*(~~)? — [^\n]*$|^(\d+ of \d+ factions remain|残り\d+\/\d+陣営|남은 진영 \d+\/\d+)$/gm,
    why: 'A servant that cannot stay materialised vanishes at the end of the turn, and a faction that lost and did not retreat drops out: the table sees it gone.',
    seed: 'seed 000 L40 (below −100 the servant vanishes at the end of that turn), L47 (retreat by seals or drop out)',
  },
  /** Percentage war: the loser of a battle is told to retreat (its own seals); who lost is public. */
  battleLost: {
    id: 'battle lost',
    audiences: ['a', 'b', 'c'],
    pattern: /\n*^[^\n]*(lost: retreat by spending|の敗北：令呪|의 패배: 영주)[^\n]*$/gm,
    remove: true,
    why: 'Who lost a battle is public; the loser reads its own seals and how to retreat.',
    seed: 'seed 000 L47 (retreat by seals after a lost battle)',
  },
  /** Percentage war: a successful information gathering tells the gatherer the target's statuses, rank, territory (shallow) and skills (deep). */
  infoGathered: {
    id: 'information gathered',
    audiences: ['a', 'b', 'c'],
    pattern: /^・[^\n]*Lv \d+[^\n]*$|^ {2}(skills|スキル|스킬)[:：][^\n]*$/gm,
    why: 'What a successful gathering reveals is the gatherer\'s to read, by DM.',
    seed: 'seed 000 L14–17 (locate, shallow: statuses, rank, location; deep: skills)',
  },
  /** A secret its owner reveals (/reveal) is public from then on: the revealed message differs. */
  revealedSecret: {
    id: 'revealed secret',
    audiences: EVERYONE,
    pattern: /[^\n]*(XQ-S\d|1d100|1d6|\{"|公開|공개|Revealed|revealed)[^\n]*/g,
    why: 'The owner chose to publish it; the commitment posted before shows it was not changed.',
    seed: 'project rule for hidden PvP information (seed 001 L50 keeps it secret until its owner shows it)',
  },
  /**
   * The same revealed secret roll as an entry of the session log's text file (issue 30 §4): its head
   * line names it, its result follows on indented lines (the total among them), all of it public now.
   */
  revealedSecretLogEntry: {
    id: 'revealed secret in the log',
    audiences: EVERYONE,
    pattern: /\[<time>\] \[[^\]\n]+\] [^\n]*XQ-[A-Z]+\d[^\n]*(?:\n {2}[^\n]*)*/g,
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
