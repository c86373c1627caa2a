// Persona-style CoC combat (seeds 002 JA / 003 KO; digest shared/rules/persona-combat.md): the
// data every other file of the module works on. Pure data only: a CombatState is plain JSON (no
// classes, no functions), so it can be stored as is and cloned with structuredClone.
//
// Line references: `JA Lnnn` = shared/seeds/002_4f04fb243f579e54.txt, `KO Lnnn` =
// shared/seeds/003_d833ab7fa388d98c.txt, as an editor numbers them. JA repeats most paragraphs;
// the first occurrence is cited.
import { KeyedError } from '../keyed-error.js';
import type { Params } from '../../i18n/index.js';
import type { BadStatusDef } from './status-table.js';

export type Side = 'pc' | 'npc';

/** Elements named by the seeds (JA L82, L110–111, L1108); others the GM adds as free strings. */
export const ELEMENTS = ['slash', 'strike', 'pierce', 'fire', 'ice', 'elec', 'wind', 'almighty'] as const;
export type KnownElement = (typeof ELEMENTS)[number];
/** A known element or a GM-defined one (JA L110 「その他一部の属性」). */
export type Element = string;

/** 弱点 / 通常 / 耐性 / 無効 / 反射 / 吸収 (JA L264–270). */
export const RESISTANCES = ['weak', 'normal', 'resist', 'null', 'reflect', 'absorb'] as const;
export type Resistance = (typeof RESISTANCES)[number];

export type Rounding = 'floor' | 'round' | 'ceil';

/** House settings the seeds leave open (digest §11, §12). Stored in the state. */
export interface PersonaConfig {
  /** a d100 at or below this is a critical (not in the seeds: common CoC table rule 01–05) */
  criticalMax: number;
  /** a d100 at or above this is a fumble (not in the seeds: common CoC table rule 96–100) */
  fumbleMin: number;
  /** rounding of every division and percentage (never specified by the seeds; default floor) */
  rounding: Rounding;
  /** allies able to act needed for a Hold-up (JA L1028 「複数の味方」, KO L425 「2명 이상」) */
  holdUpMinAllies: number;
  /** the bad-status table; the seeds lost theirs (JA L345–349), see DEFAULT_BAD_STATUSES */
  badStatuses: BadStatusDef[];
  /**
   * What natural recovery multiplies (JA L352 「経過ラウンド」 vs KO L183 「경과 턴 수」): 'rounds'
   * (JA, default) or 'turns' — every turn any character started since the status landed.
   */
  recoveryCount?: 'rounds' | 'turns';
  /** the db rank ladder タル/マカ move along (JA L599–600; the ladder is not in the seeds: db-rank.ts) */
  dbLadder?: string[];
  /** a hit fumble's random target may try Persona evasion (JA L132 + L135: it is the attack's target now) */
  fumbleEvade?: boolean;
}

/** What a character is given when it enters the combat; createCombat fills the rest. */
export interface CombatantInit {
  id: string;
  name: string;
  side: Side;
  /** the Persona out at the start, for a Wild with several (JA L787) */
  persona?: string;
  /** DEX; null or absent → 速 is the initiative (JA L10) */
  dex?: number | null;
  /** 速: Persona / enemy agility, used for Persona evasion (JA L969) and as initiative without DEX */
  agi: number;
  /** 運: bad-status odds (JA L172) */
  luck: number;
  hp: number;
  hpMax?: number;
  sp?: number;
  spMax?: number;
  /** 防御力 (JA L159–161) */
  defense?: number;
  /** 装甲 (JA L160–162) */
  armor?: number;
  /** SIZ: the Cover penalty is the covered character's SIZ × 2 (JA L963) */
  siz?: number;
  /** natural-recovery stats (JA L352–353): CON / POW, or the Persona's 耐 / 魔 when higher */
  con?: number;
  pow?: number;
  personaEnd?: number;
  personaMag?: number;
  /** per element; missing elements are normal */
  resistances?: Partial<Record<Element, Resistance>>;
  /**
   * A Persona user: resistances apply only while its Persona is summoned (JA L956), a PC one is
   * Persona-Released instead of Downed (JA L1071). Default: true for PCs, false for NPCs (shadows,
   * whose resistances always apply).
   */
  personaUser?: boolean;
  /** Wild (several Personas): may Persona-change (JA L787) */
  wild?: boolean;
  /** <ペルソナ> skill %, for the start-of-combat summon, Persona change and ending a Release */
  personaSkill?: number;
  /** summoned at creation (e.g. an NPC Persona user already out); normally set by declarePersona */
  summoned?: boolean;
  /** damage-bonus expressions such as "1D6+1D4" (JA L137–138) */
  physDb?: string;
  magDb?: string;
  /** Down resistance % (JA L1082–1085); 0 = none */
  downResistance?: number;
  /** sum of the other "damage taken ±x%" effects on the character (JA L156); Defend's −50 is added by the rules */
  damageTakenPct?: number;
  /** スクカジャ/スクンダ stages, −3…+3: ±10 to hit, evasion and infliction (JA L602, L409) */
  suku?: number;
  /** ラクカジャ/ラクンダ stages, −3…+3: ±2 defense (JA L601) */
  raku?: number;
  /** タルカジャ/タルンダ stages, −3…+3: physical db rank ±1 (JA L599) */
  taru?: number;
  /** マカカジャ/マカンダ stages, −3…+3: magic db rank ±1 (JA L600) */
  maka?: number;
  /** enemy level (Wild Talk rewards, JA L1040–1051) or the Persona user's original highest Persona level (JA L1057) */
  level?: number;
  /** boss rank: Wild Talk needs 0 (JA L1037); all enemies at 0 end the fight instead (JA L1045) */
  bossRank?: number;
}

/** A bad status on a character: which, and in which round it landed (natural recovery counts from it). */
export interface BadStatusState {
  id: string;
  round: number;
  /** CombatState.turnCount when it landed (for the KO reading of natural recovery) */
  turn?: number;
}

export interface Combatant {
  id: string;
  name: string;
  side: Side;
  dex: number | null;
  agi: number;
  luck: number;
  hp: number;
  hpMax: number;
  sp: number;
  spMax: number;
  defense: number;
  armor: number;
  siz: number;
  con: number;
  pow: number;
  personaEnd: number;
  personaMag: number;
  resistances: Partial<Record<Element, Resistance>>;
  personaUser: boolean;
  wild: boolean;
  personaSkill: number;
  /** no <ペルソナ> % was given: a roll that needs it is refused, not made against 0 (JA L1074) */
  noPersonaSkill?: boolean;
  physDb: string;
  magDb: string;
  downResistance: number;
  damageTakenPct: number;
  suku: number;
  raku: number;
  /** タルカジャ/マカカジャ stages (absent in fights saved before them = 0) */
  taru?: number;
  maka?: number;
  level?: number;
  bossRank?: number;
  /** the current Persona's name, after a Persona change */
  persona: string | null;

  summoned: boolean;
  /** summoned at least once this combat: HP ≤ 0 otherwise means death (JA L1165) */
  everSummoned: boolean;
  /** Down (JA L1020–1023) */
  down: boolean;
  /** Persona Release, the PC version of Down (JA L1070–1075) */
  released: boolean;
  /** Dizzy (昏倒): slot starts still to pass; 2 on infliction, the slot after next clears it (JA L1078) */
  dizzy: number;
  /** Defend until the start of its next slot (JA L727) */
  defending: boolean;
  badStatus: BadStatusState | null;
  incapacitated: boolean;
  /** after combat: HP 1, incapacitated and unconscious until HP ≥ 3 (JA L1166–1167) */
  unconscious: boolean;
  dead: boolean;
  fled: boolean;

  /** had its turn this round (a Wait hands it back) */
  acted: boolean;
  /** waited this round: initiative 0 until the round ends (JA L947) */
  waiting: boolean;
  /** finish-off targets declared this round: initiative 0 (JA L884–885) */
  finishOff: string[] | null;
  /** failed the start-of-combat summon: no turn in round 1 (JA L49, L64) */
  lostFirstRound: boolean;
  /** evasions this round (JA L970) */
  evasions: number;
  /** covered someone this round (JA L962: once per round) */
  coverUsed: boolean;
  /** an Analyze under way (JA L427–431); absent or null = none */
  analyzing?: Analysis | null;
}

/**
 * An Analyze skill used (JA L426–431; KO L234–236): for `rounds` rounds from the round it was used the
 * analyst takes no action at all, passive ones included; at the start of its own slot after them the
 * result is revealed and it acts again. At an earlier slot of its own it may abandon the analysis.
 */
export interface Analysis {
  /** the analyzed combatant's id */
  target: string;
  /** the round the skill was used in */
  since: number;
  /** the rounds the skill takes */
  rounds: number;
  skill?: string;
}

export type SlotKind = 'original' | 'oneMore' | 'extra';

export interface Slot {
  ownerId: string;
  kind: SlotKind;
  /** a Persona change was tried in this slot (JA L787: once per slot) */
  changeTried: boolean;
  /** this slot's attack caused a Down: a 1 More at its end (JA L1025) */
  causedDown: boolean;
  /** opened under a Hold-up: an All-out attack may replace the action (JA L1029) */
  holdUp: boolean;
}

export interface PendingSlot {
  ownerId: string;
  kind: Exclude<SlotKind, 'original'>;
  holdUp: boolean;
}

export interface Turn {
  actorId: string;
  /** the turn a Wait gave back: no natural recovery, no once-per-turn effects (JA L949) */
  fromWait: boolean;
}

/**
 * - declaration: start-of-combat declarations (JA L47–58)
 * - roundStart: a round has begun; finish-off may be declared (JA L884)
 * - slot: an action slot is open, its owner must act
 * - idle: a slot ended; call advance()
 * - ended: combat over
 */
export type Phase = 'declaration' | 'roundStart' | 'slot' | 'idle' | 'ended';

/** 'gm': the GM ended it (/combat end) with both sides still in it */
export type EndReason = 'pcWin' | 'npcWin' | 'escape' | 'talk' | 'gm';

export interface CombatState {
  phase: Phase;
  /** 0 until round 1 starts */
  round: number;
  combatants: Combatant[];
  /** the surprised side gets no turn in round 1 (JA L64) */
  surprised: Side | null;
  turn: Turn | null;
  /** turns started so far in this combat (every character's; absent in older saved fights = 0) */
  turnCount?: number;
  slot: Slot | null;
  /** extra slots granted and not yet used, in the order granted (JA L27 「いずれかのキャラの手番が残っているなら⑥へ」) */
  pending: PendingSlot[];
  /** Hold-up in force: the side and the owner of the 1 More it rides on (JA L1028–1030) */
  holdUp: { side: Side; ownerId: string } | null;
  endReason: EndReason | null;
  /**
   * A group escape declared and waiting for its slowest participant's slot (JA L829): the
   * participants (the declarer first). Absent in fights saved before it = none.
   */
  escapeWait?: { ids: string[] } | null;
  /**
   * Combination magic declared and waiting for its participants' original slots (JA L476–484): see
   * combo.ts. Absent in fights saved before it = none.
   */
  comboWait?: ComboWait | null;
  /** Wild Talk rewards won in this fight (JA L1038–1065), kept for the table's record */
  rewards?: TalkReward[];
  config: PersonaConfig;
  log: PersonaEvent[];
}

/**
 * A declared combination magic (JA L476–484; KO L282–284). `ids`: every participant, the declarer
 * first; `pending`: the participants other than the declarer still to get an original slot since the
 * declaration — the attack starts in the slot of the last of them. `plan` is the command layer's
 * description of the attack (skills, targets, element, name), rebuilt when it starts, since db stages
 * and costs are those of that moment (JA L484).
 */
export interface ComboWait {
  ids: string[];
  pending: string[];
  plan: Record<string, string | string[] | null>;
}

/** What a successful Wild Talk gave (JA L1038–1065). */
export interface TalkReward {
  by: string;
  from: string;
  kind: 'item' | 'macca' | 'persona';
  critical: boolean;
  /** Macca gained, or an item's total price */
  macca?: number;
  item?: string;
  quantity?: number;
  /** the new Persona's level and skill count 2 + level/12 (JA L1063) */
  level?: number;
  skills?: number;
}

/** Every report line: a catalog key (`persona.*`, src/i18n/messages/persona.ts) and its parameters. */
export interface PersonaEvent {
  key: string;
  params: Params;
}

/** What every rule call returns: the new state and the events it produced (also appended to state.log). */
export interface Step {
  state: CombatState;
  events: PersonaEvent[];
}

/** A skill's cost line names only what was paid: no "HP 0" beside an SP cost (issue 20). */
export function costKey(hp: number, sp: number): string {
  return hp > 0 && sp > 0 ? 'persona.attack.cost' : hp > 0 ? 'persona.attack.costHp' : 'persona.attack.costSp';
}

export function ev(key: string, params: Params = {}): PersonaEvent {
  return { key, params };
}

/** A refusal by the persona rules; carries only a catalog key (`persona.error.*`) and parameters. */
export class PersonaError extends KeyedError {
  override readonly name = 'PersonaError';
}


export function roundBy(mode: Rounding, value: number): number {
  switch (mode) {
    case 'floor':
      return Math.floor(value);
    case 'ceil':
      return Math.ceil(value);
    case 'round':
      return Math.round(value);
  }
}
