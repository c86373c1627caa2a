// Message catalogs: every user-facing string lives here in en, ja and ko.
// Each concern keeps its own catalog file in messages/; this module merges them and formats.
import { choiceMessages } from './messages/choices.js';
import { dataMessages } from './messages/data.js';
import { deliveryMessages } from './messages/delivery.js';
import { deckMessages } from './messages/deck.js';
import { diceMessages } from './messages/dice.js';
import { characterMessages } from './messages/characters.js';
import { combatMessages } from './messages/combat.js';
import { commonMessages } from './messages/common.js';
import { fateCombatMessages } from './messages/fate-combat.js';
import { fateCombatRuleMessages } from './messages/fate-combat-rules.js';
import { fateFightMessages } from './messages/fate-fight.js';
import { fateMessages } from './messages/fate.js';
import { fateWarMessages } from './messages/fate-war.js';
import { grailwarMessages } from './messages/grailwar.js';
import { personaMessages } from './messages/persona.js';
import { personaCommandMessages } from './messages/persona-commands.js';
import { personaInputMessages } from './messages/persona-input.js';
import { personaFlowMessages } from './messages/persona-flow.js';
import { mtgMessages } from './messages/mtg.js';
import { pvpMessages } from './messages/pvp.js';
import { sealWindowMessages } from './messages/seal-window.js';
import { secretMessages } from './messages/secrets.js';
import { sheetMessages } from './messages/sheet.js';
import { sheetTemplateMessages } from './messages/sheet-template.js';
import { inviteMessages } from './messages/invite.js';
import { warCommandMessages } from './messages/war-commands.js';
import { warMessages } from './messages/war.js';
import { warTurnMessages } from './messages/war-turn.js';
import { toolMessages } from './messages/tools.js';
import { tableMessages } from './messages/table.js';
import { paletteCcfoliaMessages } from './messages/palette-ccfolia.js';
import { originalTableMessages } from './messages/original-tables.js';
import { chatRollMessages } from './messages/chat-rolls.js';
import { languageMessages } from './messages/language.js';
import { logExportMessages } from './messages/log-export.js';
import { setupMessages } from './messages/setup.js';
import { speechMessages } from './messages/speech.js';
import { particle } from './particles.js';
import { storedWording, type Wording } from './wording.js';
import { localizeCommands } from './commands.js';

export const LOCALES = ['en', 'ja', 'ko'] as const;
export type Locale = (typeof LOCALES)[number];

/** A catalog maps a key to a template; `{name}` placeholders are filled from params (Korean particles: ./particles.ts). */
export type Catalog = Record<string, string>;
export type Catalogs = Record<Locale, Catalog>;
export type Params = Record<string, string | number>;

const catalogs: Catalogs = merge([commonMessages, diceMessages, fateMessages, sheetMessages, sheetTemplateMessages, inviteMessages, characterMessages, warMessages, warCommandMessages, warTurnMessages, secretMessages, grailwarMessages, pvpMessages, sealWindowMessages, combatMessages, fateCombatMessages, fateCombatRuleMessages, fateFightMessages, fateWarMessages, personaMessages, personaCommandMessages, personaInputMessages, personaFlowMessages, deckMessages, mtgMessages, toolMessages, dataMessages, choiceMessages, tableMessages, paletteCcfoliaMessages, deliveryMessages, originalTableMessages, chatRollMessages, languageMessages, logExportMessages, setupMessages, speechMessages]);

function merge(parts: Catalogs[]): Catalogs {
  const out: Catalogs = { en: {}, ja: {}, ko: {} };
  for (const part of parts) {
    for (const locale of LOCALES) Object.assign(out[locale], part[locale]);
  }
  return out;
}

/** Discord locales (`ja`, `ko`, `en-US`, `en-GB`, …) to ours; anything else falls back to English. */
export function toLocale(discordLocale: string | null | undefined): Locale {
  if (!discordLocale) return 'en';
  const base = discordLocale.toLowerCase().split('-')[0];
  return base === 'ja' || base === 'ko' ? base : 'en';
}

/** A stored locale string back to a Locale (unknown → English). */
export function asLocale(value: string): Locale {
  return (LOCALES as readonly string[]).includes(value) ? (value as Locale) : 'en';
}

export function t(locale: Locale, key: string, params: Params = {}): string {
  const template = catalogs[locale][key] ?? catalogs.en[key];
  if (template === undefined) return key; // a missing key shows itself rather than crashing; tests check coverage
  return format(localizeCommands(locale, template), wordParams(locale, params));
}

/** Parameters that hold a stored wording (./wording.ts), worded in the reader's language. */
function wordParams(locale: Locale, params: Params): Params {
  let out: Params | null = null;
  // every line written passes here: no list of entries built for it
  for (const name in params) {
    const value = params[name];
    if (typeof value !== 'string' || !storedWording(value)) continue;
    out ??= { ...params };
    out[name] = wordIn(locale, value);
  }
  return out ?? params;
}

/** A stored string for this reader: a wording is worded in `locale`, plain text (a player's comment, an old row) stays as it is. */
export function wordIn(locale: Locale, text: string): string;
export function wordIn(locale: Locale, text: string | null): string | null;
export function wordIn(locale: Locale, text: string | null): string | null {
  if (text === null) return null;
  const w = storedWording(text);
  return w ? wordOf(locale, w) : text;
}

function wordOf(locale: Locale, w: Wording): string {
  if (typeof w === 'string') return wordIn(locale, w);
  if ('key' in w) return t(locale, w.key, w.params ?? {});
  if ('each' in w) return w.each[locale] ?? w.each.en;
  return w.parts.map((p) => wordOf(locale, p)).join(w.sep);
}

/**
 * Fills a template: {name} is the value; {name#을} only the Korean particle that fits it; {name|을} both;
 * {#을} the particle that fits what the template printed just before it (a name and its parenthesis).
 */
export function format(template: string, params: Params = {}): string {
  let out = '';
  for (const piece of piecesOf(template)) {
    if (typeof piece === 'string') {
      out += piece;
      continue;
    }
    const { whole, name, mark, form } = piece;
    if (!name) {
      out += mark === '#' && form ? particle(out, form) : whole;
      continue;
    }
    if (params[name] === undefined) {
      out += whole;
      continue;
    }
    const value = String(params[name]);
    if (!form) out += value;
    else out += mark === '#' ? particle(value, form) : value + particle(value, form);
  }
  return out;
}

type Piece = string | { whole: string; name: string; mark: string | undefined; form: string | undefined };
/** Templates read once into text and placeholders: every line a command writes is filled from here (issue 32 §3). */
const pieces = new Map<string, Piece[]>();
const PIECES_MAX = 10_000;

function piecesOf(template: string): Piece[] {
  const known = pieces.get(template);
  if (known) return known;
  const read: Piece[] = [];
  let at = 0;
  for (const m of template.matchAll(/\{(\w*)(?:([#|])([^}]+))?\}/g)) {
    const [whole, name = '', mark, form] = m;
    if (m.index > at) read.push(template.slice(at, m.index));
    read.push({ whole, name, mark, form });
    at = m.index + whole.length;
  }
  if (at < template.length) read.push(template.slice(at));
  // catalogs hold a few thousand templates; a bound keeps templates built at run time from growing it
  if (pieces.size >= PIECES_MAX) pieces.clear();
  pieces.set(template, read);
  return read;
}

/** A key's template as written (tests read what a catalog line says before any parameter). */
export function template(locale: Locale, key: string): string | undefined {
  return catalogs[locale][key];
}

/** Every key of the English catalog, for the catalog-completeness test. */
export function catalogKeys(locale: Locale): string[] {
  return Object.keys(catalogs[locale]);
}

/** A function bound to one locale, handed to renderers. */
export type Translate = (key: string, params?: Params) => string;
export function translator(locale: Locale): Translate {
  return (key, params) => t(locale, key, params);
}
