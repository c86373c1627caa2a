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
import { mtgJudgementMessages } from './messages/mtg-judgement.js';
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
import { speechMessages } from './messages/speech.js';
import { particle } from './particles.js';

export const LOCALES = ['en', 'ja', 'ko'] as const;
export type Locale = (typeof LOCALES)[number];

/** A catalog maps a key to a template; `{name}` placeholders are filled from params (Korean particles: ./particles.ts). */
export type Catalog = Record<string, string>;
export type Catalogs = Record<Locale, Catalog>;
export type Params = Record<string, string | number>;

const catalogs: Catalogs = merge([commonMessages, diceMessages, fateMessages, sheetMessages, sheetTemplateMessages, inviteMessages, characterMessages, warMessages, warCommandMessages, warTurnMessages, secretMessages, grailwarMessages, pvpMessages, sealWindowMessages, combatMessages, fateCombatMessages, fateCombatRuleMessages, fateFightMessages, fateWarMessages, personaMessages, personaCommandMessages, personaInputMessages, personaFlowMessages, deckMessages, mtgMessages, mtgJudgementMessages, toolMessages, dataMessages, choiceMessages, tableMessages, paletteCcfoliaMessages, deliveryMessages, originalTableMessages, chatRollMessages, speechMessages]);

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
  return format(template, params);
}

/** Fills a template: {name} is the value; {name#을} only the Korean particle that fits it; {name|을} both. */
export function format(template: string, params: Params = {}): string {
  return template.replace(/\{(\w+)(?:([#|])([^}]+))?\}/g, (whole, name: string, mark?: string, form?: string) => {
    if (params[name] === undefined) return whole;
    const value = String(params[name]);
    if (!form) return value;
    const chosen = particle(value, form);
    return mark === '#' ? chosen : value + chosen;
  });
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
