import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { caught } from '../../helpers/caught.js';
import { scriptedRandom } from '../../../src/core/random.js';
import { LOCALES, format, type Locale, type Params, type Translate } from '../../../src/i18n/index.js';
import { personaMessages as mainMessages } from '../../../src/i18n/messages/persona.js';
import { personaFlowMessages } from '../../../src/i18n/messages/persona-flow.js';
import {
  ELEMENTS,
  PersonaError,
  RESISTANCES,
  advance,
  attack,
  castAilment,
  createCombat,
  personaErrorMessage,
  personaEventText,
} from '../../../src/core/persona/index.js';

const SRC = join(import.meta.dirname, '../../../src/core/persona');

/** The rules' catalog: persona.ts and the persona.* keys kept in persona-flow.ts (issue 31), as one. */
const personaMessages = Object.fromEntries(
  LOCALES.map((l) => [l, { ...mainMessages[l], ...Object.fromEntries(Object.entries(personaFlowMessages[l]).filter(([k]) => k.startsWith('persona.'))) }]),
) as Record<Locale, Record<string, string>>;

/** The keys built from templates in the source, spelled out. */
const DYNAMIC = [
  ...['bokosuka', 'showtime', 'bokosukaSolo', 'showtimeSolo'].map((k) => `persona.allOut.${k}`),
  ...['suku', 'raku', 'taru', 'maka'].map((k) => `persona.gm.stage.${k}`),
  ...['pcWin', 'npcWin', 'escape', 'talk', 'gm'].map((k) => `persona.combat.end.${k}`),
  ...['pc', 'npc'].map((k) => `persona.combat.surprise.${k}`),
  ...['weak', 'resist', 'null', 'reflect', 'absorb'].map((k) => `persona.damage.${k}`),
  ...['physical', 'magic'].map((k) => `persona.attack.declare.${k}`),
  ...['original', 'oneMore', 'extra'].map((k) => `persona.slot.${k}`),
  ...ELEMENTS.map((k) => `persona.element.${k}`),
  ...RESISTANCES.map((k) => `persona.resistance.${k}`),
  ...['declaration', 'roundStart', 'slot', 'idle', 'ended'].map((k) => `persona.phase.${k}`),
  ...['suku', 'raku', 'taru', 'maka'].flatMap((k) => [`persona.buff.${k}`, `persona.buff.capped.${k}`]),
  ...['original', 'oneMore', 'extra'].map((k) => `persona.board.kind.${k}`),
  ...['physical', 'magic', 'heal', 'ailment', 'death', 'analyze', 'suku+', 'suku-', 'raku+', 'raku-', 'taru+', 'taru-', 'maka+', 'maka-'].map((k) => `persona.skillKind.${k}`),
  ...['hp', 'sp'].map((k) => `persona.resource.${k}`),
  ...['bokosuka', 'showtime'].map((k) => `persona.allkind.${k}`),
  ...['rounds', 'turns'].flatMap((k) => [`persona.gm.settings.${k}`, `persona.recoveryCount.${k}`]),
  ...['item', 'macca', 'persona'].map((k) => `persona.rewardKind.${k}`),
  ...['body', 'mind', 'element'].map((k) => `persona.category.${k}`),
  ...['none', 'skills', 'choice', 'enemy', 'all'].map((k) => `persona.blocks.${k}`),
  ...['natural', 'other'].map((k) => `persona.cure.${k}`),
  ...['con', 'pow', 'none'].map((k) => `persona.recoveryStat.${k}`),
  // the board's Taru/Maka marks, with the db or (a hidden combatant's) the stage alone (persona-marks.ts)
  ...['taru', 'maka'].flatMap((k) => [`persona.board.${k}`, `persona.board.${k}Stage`]),
];

/** The command layer's files that emit persona.* keys (setup echo, board, hidden variants). */
const COMMAND_FILES = ['persona.ts', 'persona-marks.ts', 'persona-setup.ts', 'persona-skill.ts', 'persona-random.ts', 'persona-lines.ts', 'persona-dms.ts'].map((f) => join(import.meta.dirname, '../../../src/services/combat', f)).concat(join(import.meta.dirname, '../../../commands/persona.ts'))
  .concat(readdirSync(join(import.meta.dirname, '../../../commands/persona')).map((f) => join(import.meta.dirname, '../../../commands/persona', f)));

function translator(locale: Locale): Translate {
  return (key: string, params: Params = {}) => {
    const template = personaMessages[locale][key];
    if (template === undefined) return key;
    return format(template, params);
  };
}

const placeholders = (s: string): string[] => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();

describe('persona catalog', () => {
  it('has every key in en, ja and ko with the same placeholders', () => {
    const en = Object.keys(personaMessages.en);
    for (const locale of LOCALES) {
      expect(Object.keys(personaMessages[locale]).sort()).toEqual([...en].sort());
      for (const key of en) expect(placeholders(personaMessages[locale][key]!), `${locale} ${key}`).toEqual(placeholders(personaMessages.en[key]!));
    }
    expect(en.every((k) => k.startsWith('persona.'))).toBe(true);
  });

  it('covers every key the rules can emit or throw, and nothing else', () => {
    const used = new Set<string>(DYNAMIC);
    for (const file of [...readdirSync(SRC).map((f) => join(SRC, f)), ...COMMAND_FILES]) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/'(persona\.[a-zA-Z.]+)'/g)) if (!m[1]!.startsWith('persona.cmd.')) used.add(m[1]!); // persona.cmd.*: the combat catalog
    }
    const catalog = new Set(Object.keys(personaMessages.en));
    expect([...used].filter((k) => !catalog.has(k))).toEqual([]);
    expect([...catalog].filter((k) => !used.has(k))).toEqual([]);
  });

  it('renders a fight in every language with no placeholder left, status and element names localized', () => {
    const rng = scriptedRandom([40, 3, 4, 20]);
    let step = createCombat({
      combatants: [
        { id: 'yu', name: 'Yu', side: 'pc', dex: 14, agi: 12, luck: 10, hp: 40, summoned: true, magDb: '1D4' },
        { id: 'x', name: 'Slime', side: 'npc', dex: 12, agi: 12, luck: 5, hp: 60, resistances: { fire: 'weak' } },
        { id: 'y', name: 'Pixie', side: 'npc', dex: 1, agi: 12, luck: 5, hp: 60 },
      ],
    });
    step = advance(step.state, rng);
    step = advance(step.state, rng);
    step = attack(step.state, { kind: 'magic', elements: ['fire'], targets: ['x'], coefficient: 2, hitRate: 90 }, rng);
    step = advance(step.state, rng);
    step = castAilment(step.state, { targets: ['y'], effect: { kind: 'status', statuses: ['charm'] }, baseRate: 50 }, rng);
    const log = step.state.log;
    for (const locale of LOCALES) {
      const t = translator(locale);
      for (const event of log) {
        const text = personaEventText(event, t, locale);
        expect(text, `${locale} ${event.key}`).not.toMatch(/\{\w+\}|persona\./);
      }
    }
    const weak = log.find((e) => e.key === 'persona.damage.weak')!;
    expect(personaEventText(weak, translator('ja'), 'ja')).toBe('Slimeは火炎が弱点!');
    const charmed = log.find((e) => e.key === 'persona.status.inflicted')!;
    expect(personaEventText(charmed, translator('ko'), 'ko')).toBe('Pixie가 뇌쇄 상태가 되었다.');
    expect(personaEventText(charmed, translator('en'), 'en')).toBe('Pixie is afflicted with Charm.');
  });

  it('renders refusals, with the phase named', () => {
    const { state } = createCombat({
      combatants: [
        { id: 'a', name: 'A', side: 'pc', agi: 5, luck: 5, hp: 5 },
        { id: 'x', name: 'X', side: 'npc', agi: 5, luck: 5, hp: 5 },
      ],
    });
    const error = caught(() => attack(state, { kind: 'physical', elements: ['slash'], targets: ['x'], hitRate: 50 }, scriptedRandom([])), PersonaError);
    expect(personaErrorMessage(error, translator('en'), 'en')).toBe('Nobody has an action slot open right now (start-of-combat declarations).');
    expect(personaErrorMessage(error, translator('ja'), 'ja')).toBe('今は誰の手番でもない(戦闘開始時宣言)。');
  });
});
