// The bad-status table (バステ表). BOTH seeds lost its rows: only the captions survive (JA L345–349
// 「バステの効果は以下の通りである。」…, KO L171–181 「(신체계열 배드 스테이터스)」「(정신계열 …)」
// 「(속성 배드 스테이터스)」). What the seeds do say, and the rules here implement:
//   - categories body / mind / element; element ones come only from the 「付与」 added effects of
//     Fire/Ice/Elec/Wind skills (JA L348, KO L172–180);
//   - one bad status at a time, the first stays (JA L350); all removed on incapacitation (JA L351);
//   - 「自然回復」 statuses clear just before the character's turn at (recovery stat × elapsed rounds)%
//     (JA L352), CON/POW replaceable by the Persona's 耐/魔 (JA L353);
//   - the names 悩殺 / 激昂 / 混乱 (JA L347), 뇌쇄 / 폭주 / 격앙 (KO L174) and 石化 (JA L948).
//
// DEFAULT_BAD_STATUSES below is NOT from the seeds. It is a GM-editable default: the names are the
// seeds' own, every mechanical field (category, what it blocks, cure, recovery stat) is our guess so
// a table exists at all. A campaign replaces it through PersonaConfig.badStatuses (createCombat's
// `config`). No elemental 「付与」 status is shipped: the seeds do not name them, so the GM adds them.

export type BadStatusCategory = 'body' | 'mind' | 'element';

export interface BadStatusDef {
  /** stable id used in the state and in event params (`status`) */
  id: string;
  /** display names; a catalog entry `persona.bs.<id>` takes precedence when present */
  name: { en: string; ja: string; ko: string };
  category: BadStatusCategory;
  /** no action at all (石化, JA L948): the character's slots are lost */
  blocksActions: boolean;
  /** the character cannot choose its actions (悩殺, JA L948): cancels a Wait */
  blocksActionChoice: boolean;
  /** acts at random (悩殺・激昂・混乱・暴走); KO L174–179 gives the priority list (/persona random) */
  randomAction: boolean;
  /** no Persona skills (a GM-defined status such as a seal); other actions stay open. Absent = false */
  blocksSkills?: boolean;
  /**
   * 悩殺's 「敵に有利な行為」 (KO L174 '적에게 이로운 행위'): its random action helps the enemy — attacks
   * go to its own side, heals and buffs to the enemy's. Absent = false (plain random actions).
   */
  favorsEnemy?: boolean;
  /** 'natural': 「自然回復」 (JA L352); 'other': only skills or items cure it */
  cure: 'natural' | 'other';
  /** the stat natural recovery uses: CON (or Persona 耐) / POW (or Persona 魔) (JA L353) */
  recoveryStat: 'con' | 'pow' | null;
}

/**
 * DEFAULT, NOT FROM THE SEEDS (their table is lost, see the header). Names from JA L347/L948 and
 * KO L174; mechanics are a plausible default for the GM to edit: mind statuses recover naturally
 * on POW, body statuses on CON.
 */
export const DEFAULT_BAD_STATUSES: readonly BadStatusDef[] = Object.freeze([
  {
    id: 'charm',
    name: { en: 'Charm', ja: '悩殺', ko: '뇌쇄' },
    category: 'mind',
    blocksActions: false,
    blocksActionChoice: true,
    randomAction: true,
    favorsEnemy: true,
    cure: 'natural',
    recoveryStat: 'pow',
  },
  {
    id: 'rage',
    name: { en: 'Rage', ja: '激昂', ko: '격앙' },
    category: 'mind',
    blocksActions: false,
    blocksActionChoice: true,
    randomAction: true,
    cure: 'natural',
    recoveryStat: 'pow',
  },
  {
    id: 'confusion',
    name: { en: 'Confusion', ja: '混乱', ko: '혼란' },
    category: 'mind',
    blocksActions: false,
    blocksActionChoice: true,
    randomAction: true,
    cure: 'natural',
    recoveryStat: 'pow',
  },
  {
    id: 'berserk',
    name: { en: 'Berserk', ja: '暴走', ko: '폭주' },
    category: 'mind',
    blocksActions: false,
    blocksActionChoice: true,
    randomAction: true,
    cure: 'natural',
    recoveryStat: 'pow',
  },
  {
    id: 'petrify',
    name: { en: 'Petrify', ja: '石化', ko: '석화' },
    category: 'body',
    blocksActions: true,
    blocksActionChoice: true,
    randomAction: false,
    cure: 'natural',
    recoveryStat: 'con',
  },
] satisfies BadStatusDef[]);

export function findBadStatus(table: readonly BadStatusDef[], id: string): BadStatusDef | undefined {
  return table.find((d) => d.id === id);
}

export const STATUS_ID_MAX = 30;
export const STATUS_TABLE_MAX = 30;

/**
 * What a status forbids, as one setting the GM picks: nothing, Persona skills, the choice of action
 * (random actions), the choice of action with actions that help the enemy (悩殺, KO L174), every action.
 */
export type StatusBlock = 'none' | 'skills' | 'choice' | 'enemy' | 'all';

export function statusBlock(def: BadStatusDef): StatusBlock {
  if (def.blocksActions) return 'all';
  if (def.blocksActionChoice) return def.favorsEnemy ? 'enemy' : 'choice';
  if (def.blocksSkills) return 'skills';
  return 'none';
}

/** The def fields for a StatusBlock: 'choice' also means random actions (悩殺・激昂…, JA L347). */
export function blockFields(block: StatusBlock): Pick<BadStatusDef, 'blocksActions' | 'blocksActionChoice' | 'randomAction' | 'blocksSkills' | 'favorsEnemy'> {
  return {
    blocksActions: block === 'all',
    blocksActionChoice: block === 'all' || block === 'choice' || block === 'enemy',
    randomAction: block === 'choice' || block === 'enemy',
    blocksSkills: block !== 'none',
    favorsEnemy: block === 'enemy',
  };
}
