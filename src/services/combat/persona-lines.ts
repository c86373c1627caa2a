// The core's events (PersonaEvent {key, params}) as lines (src/views/line.ts), default-deny (issue 27).
// When an event involves a hidden combatant — one of its parameters names one, or it names no
// combatant at all while a hidden one is in the fight — every parameter that is not a name or a word
// (WORDS) is an Owned value the GM alone reads, unless the event key declares it public
// (PUBLIC_PARAMS, each entry with the seed line that makes it so). A reader who may not know one of
// the values reads the key's public wording (FALLBACKS) or "?" in its place. So an event nobody
// listed, or a number nobody thought of, is hidden from the table; it can never be shown by omission.
// The core names in an event everyone whose numbers are in it (the user of an instant death, the
// healer of a recovery roll, the enemies of an escape, the covered character of an evasion).
import { localizePersonaParams } from '../../core/persona/text.js';
import type { BadStatusDef } from '../../core/persona/status-table.js';
import type { PersonaEvent } from '../../core/persona/types.js';
import { t, type Locale, type Translate } from '../../i18n/index.js';
import { line, type Line, type LineParam } from '../../views/line.js';
import { own, type Audience } from '../../views/owned.js';
import type { Readers } from '../../views/view.js';

/** Who reads a hidden combatant's numbers: the GM. */
export const GM_ONLY: Readers = { gm: true };

/** The table: what anyone in the channel may read (boards and pictures are worded for it). */
export const TABLE: Audience = { kind: 'table', locale: 'en' };

/** Parameters that hold combatants' names (several joined by ", " or a newline) or words: never a number. */
export const WORDS: ReadonlySet<string> = new Set(['name', 'target', 'targets', 'names', 'random', 'participants', 'last', 'against', 'by', 'covered', 'skill', 'status', 'element', 'resistance', 'phase', 'persona', 'item']);

const COMBAT_END = ['pcWin', 'npcWin', 'escape', 'talk', 'gm'].map((r) => `persona.combat.end.${r}`);
const STAGES = ['suku', 'raku', 'taru', 'maka'];

/**
 * The numbers the seeds make public although a hidden combatant is involved, per event key. Nothing
 * else of a hidden combatant reaches the table.
 */
export const PUBLIC_PARAMS: Readonly<Record<string, { params: readonly string[]; seed: string }>> = {
  // the table's clock and roster: rounds and who is in the fight (hidden shadows are present by name)
  'persona.round.start': { params: ['round'], seed: 'JA L15, L33 (③ round start, ⑩ round end)' },
  'persona.round.end': { params: ['round'], seed: 'JA L33–35' },
  'persona.combat.start': { params: ['count'], seed: 'JA L11 (① combat start; every combatant is on the board)' },
  ...Object.fromEntries(COMBAT_END.map((k) => [k, { params: ['round'], seed: 'JA L35–37 (⑪ combat end; the GM’s /combat end likewise, JA L1166)' }])),
  // the GM's house settings, told to the table: no combatant's number
  'persona.gm.settings.rounds': { params: ['critical', 'fumble'], seed: 'JA L352 (natural recovery counted in rounds); critical/fumble ranges: house settings (digest §11)' },
  'persona.gm.settings.turns': { params: ['critical', 'fumble'], seed: 'KO L183 (natural recovery counted in turns); critical/fumble ranges: house settings (digest §11)' },
  'persona.gm.settings.ladder': { params: ['ladder'], seed: 'JA L599–600 (the db rank ladder of Taru/Maka)' },
  // an attack's damage roll is made at the table and the target loses what it deals
  'persona.damage.roll': { params: ['total'], seed: 'JA L139–140 (the damage roll, one for every target)' },
  'persona.damage.taken': { params: ['amount'], seed: 'JA L139–160 (the damage dealt; README: HP damage dealt in a fight is the table’s)' },
  'persona.damage.critical': { params: ['amount'], seed: 'JA L130 (the public roll doubled)' },
  ...Object.fromEntries(['weak', 'resist', 'reflect', 'absorb'].map((r) => [`persona.damage.${r}`, { params: ['amount'], seed: 'JA L143–153 (the resistance step on the public roll)' }])),
  'persona.damage.reflected': { params: ['amount'], seed: 'JA L145 (the reflected part of the public roll)' },
  // a critical or a fumble lies in the house range, whatever the stats
  'persona.hit.critical': { params: ['roll'], seed: 'JA L129–131' },
  'persona.hit.fumble': { params: ['roll'], seed: 'JA L132' },
  'persona.hit.fumbleRandom': { params: ['roll'], seed: 'JA L132' },
  'persona.evade.critical': { params: ['roll'], seed: 'JA L972–974' },
  'persona.evade.fumble': { params: ['roll'], seed: 'JA L975–977' },
  // Kaja/Nda: every cast is a declared action of one stage (the db it leads to stays the GM's)
  ...Object.fromEntries(STAGES.flatMap((s) => [`persona.buff.${s}`, `persona.buff.capped.${s}`]).map((k) => [k, { params: ['stages'], seed: 'JA L597–602 (one stage per cast, 3 at most)' }])),
  ...Object.fromEntries(STAGES.map((s) => [`persona.gm.stage.${s}`, { params: ['n'], seed: 'JA L597–602 (the stage, shown on the board like a cast)' }])),
  // Wild Talk: the talker's own skill roll (JA L1037) and the reward the talker takes
  ...Object.fromEntries(['success', 'critical', 'successReward', 'criticalReward', 'fail', 'fumble'].map((k) => [`persona.talk.${k}`, { params: ['roll', 'chance'], seed: 'JA L1037 (the talker’s own skill)' }])),
  'persona.talk.macca': { params: ['amount', 'level', 'coefficient', 'factor'], seed: 'JA L1047–1051 (the Macca the talker takes)' },
  'persona.talk.item': { params: ['quantity', 'budget', 'price', 'max'], seed: 'JA L1038–1041 (the items the talker takes)' },
  'persona.talk.itemCritical': { params: ['max'], seed: 'JA L1042–1043' },
  'persona.talk.persona': { params: ['level', 'skills'], seed: 'JA L1055–1063 (the Persona the talker gains)' },
  // Analyze: the rounds are the analyst's skill's
  'persona.analyze': { params: ['rounds'], seed: 'JA L427 (the rounds the skill names)' },
  'persona.analyze.continuing': { params: ['left'], seed: 'JA L427–431' },
};

/** The public wording of a line whose owned values its reader may not know. */
export const FALLBACKS: Readonly<Record<string, string>> = {
  'persona.damage.taken': 'persona.damage.takenHidden',
  'persona.damage.roll': 'persona.damage.rollHidden',
  'persona.heal.absorb': 'persona.heal.absorbHidden',
  'persona.heal.roll': 'persona.heal.rollHidden',
  'persona.heal.hp': 'persona.heal.hpHidden',
  'persona.heal.sp': 'persona.heal.spHidden',
  'persona.gm.adjusted': 'persona.gm.adjustedHidden',
  'persona.attack.cost': 'persona.attack.costHidden',
  'persona.attack.costHp': 'persona.attack.costHidden',
  'persona.attack.costSp': 'persona.attack.costHidden',
  'persona.evade.success': 'persona.evade.successHidden',
  'persona.evade.fail': 'persona.evade.failHidden',
  'persona.turn.start': 'persona.turn.startHidden',
  'persona.turn.startWait': 'persona.turn.startWaitHidden',
  'persona.status.rollSuccess': 'persona.status.rollSuccessHidden',
  'persona.status.rollFail': 'persona.status.rollFailHidden',
  'persona.instantDeath.success': 'persona.instantDeath.successHidden',
  'persona.instantDeath.fail': 'persona.instantDeath.failHidden',
  'persona.hit.success': 'persona.hit.successHidden',
  'persona.hit.miss': 'persona.hit.missHidden',
  'persona.escape.success': 'persona.escape.successHidden',
  'persona.escape.fail': 'persona.escape.failHidden',
  'persona.down.resisted': 'persona.down.resistedHidden',
  'persona.down.notResisted': 'persona.down.notResistedHidden',
  'persona.recovery.success': 'persona.recovery.successHidden',
  'persona.recovery.fail': 'persona.recovery.failHidden',
  'persona.buff.taru': 'persona.buff.taruHidden',
  'persona.buff.maka': 'persona.buff.makaHidden',
  'persona.random.skill': 'persona.random.skillHidden',
  'persona.cover': 'persona.coverHidden',
  'persona.declare.summonOk': 'persona.declare.summonOkHidden',
  'persona.declare.summonFail': 'persona.declare.summonFailHidden',
  'persona.summon.success': 'persona.summon.successHidden',
  'persona.summon.fail': 'persona.summon.failHidden',
  'persona.change.success': 'persona.change.successHidden',
  'persona.change.fail': 'persona.change.failHidden',
  'persona.release.end': 'persona.release.endHidden',
  'persona.release.continue': 'persona.release.continueHidden',
  'persona.setup.added': 'persona.setup.addedHidden',
};

/** Who the lines of one fight are about: the hidden combatants' names and everyone's. */
export interface Cast {
  hidden: ReadonlySet<string>;
  everyone: ReadonlySet<string>;
}

const namesIn = (value: string): string[] => [value, ...value.split(/\n|, |、/).map((s) => s.trim())];
const mentions = (e: PersonaEvent, names: ReadonlySet<string>): boolean => Object.values(e.params).some((v) => typeof v === 'string' && namesIn(v).some((n) => names.has(n)));

/** Whether the event's numbers may be a hidden combatant's: it names one, or it names nobody while one is in the fight. */
export function involvesHidden(e: PersonaEvent, cast: Cast): boolean {
  if (cast.hidden.size === 0) return false;
  return mentions(e, cast.hidden) || !mentions(e, cast.everyone);
}

/** The placeholders a catalog template uses ({name}, {name|을}, {name#을}). */
function placeholders(locale: Locale, key: string): Set<string> {
  return new Set([...t(locale, key).matchAll(/\{(\w+)/g)].map((m) => m[1]!));
}

function pick(params: Record<string, LineParam>, used: Set<string>): Record<string, LineParam> {
  return Object.fromEntries(Object.entries(params).filter(([k]) => used.has(k)));
}

/** One event as a line in `locale`: names and words as they are, a hidden combatant's numbers owned by the GM. */
export function eventLine(e: PersonaEvent, cast: Cast, tr: Translate, locale: Locale, table?: readonly BadStatusDef[]): Line {
  const words = localizePersonaParams(e.params, tr, locale, table);
  const secret = involvesHidden(e, cast);
  const open = new Set(PUBLIC_PARAMS[e.key]?.params ?? []);
  const params: Record<string, LineParam> = {};
  for (const [k, v] of Object.entries(words)) params[k] = secret && !WORDS.has(k) && !open.has(k) ? own(v, GM_ONLY) : v;
  // only what the wording uses: an owned value it does not print would send its reader to the fallback for nothing
  const main = pick(params, placeholders(locale, e.key));
  const fallback = secret ? FALLBACKS[e.key] : undefined;
  return line(e.key, main, fallback ? line(fallback, pick(params, placeholders(locale, fallback))) : undefined);
}
