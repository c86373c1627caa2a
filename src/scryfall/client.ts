// Card data from Scryfall's collection endpoint (POST /cards/collection, 75 identifiers a request).
// Only names the store has not cached are asked for; Scryfall asks for a User-Agent and an Accept
// header and for a pause between requests. The Japanese and Korean printed names come from a search
// per card and language (`!"name" lang:ja`), so a judgement can name the card as the reader knows it.
import type { Logger } from 'pino';
import type { CardData, Color } from '../core/mtg/index.js';

export interface CardLookup {
  /** Looks names up; returns the cards found (by lowercased requested name) and the names not found. */
  lookup(names: string[]): Promise<{ found: Map<string, CardData>; notFound: string[]; failed: boolean }>;
}

const BATCH = 75;
const PAUSE_MS = 100;
const TIMEOUT_MS = 10_000;
const COLOR_LETTERS: Record<string, Color> = { W: 'white', U: 'blue', B: 'black', R: 'red', G: 'green' };
const BASIC_TYPES = ['Plains', 'Island', 'Swamp', 'Mountain', 'Forest'] as const;
const PRINTED_LANGS = ['ja', 'ko'] as const;

interface ScryfallCard {
  name: string;
  cmc?: number;
  colors?: string[];
  type_line?: string;
  card_faces?: { colors?: string[]; type_line?: string }[];
}

/** A Scryfall card as the judgement needs it; a double-faced card is judged by its front face. */
export function toCardData(card: ScryfallCard): CardData {
  const front = card.card_faces?.[0];
  const letters = card.colors ?? front?.colors ?? [];
  const typeLine = card.type_line ?? front?.type_line ?? '';
  return {
    name: card.name,
    manaValue: Math.max(0, Math.floor(card.cmc ?? 0)),
    colors: letters.map((l) => COLOR_LETTERS[l]).filter((c): c is Color => c !== undefined),
    basicLandTypes: BASIC_TYPES.filter((t) => new RegExp(`\\b${t}\\b`).test(typeLine.split('—')[1] ?? '')),
    typeLine,
  };
}

export function scryfallClient(base: string, log: Logger): CardLookup {
  return {
    async lookup(names) {
      const found = new Map<string, CardData>();
      const notFound: string[] = [];
      let failed = false;
      const unique = [...new Set(names)];
      for (let i = 0; i < unique.length; i += BATCH) {
        if (i > 0) await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
        const batch = unique.slice(i, i + BATCH);
        try {
          const response = await fetch(`${base}/cards/collection`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json', 'user-agent': 'grailwar-bot/0.1' },
            body: JSON.stringify({ identifiers: batch.map((name) => ({ name })) }),
            signal: AbortSignal.timeout(TIMEOUT_MS),
          });
          if (!response.ok) throw new Error(`Scryfall answered ${response.status}`);
          const body = (await response.json()) as { data?: ScryfallCard[]; not_found?: { name?: string }[] };
          const asked = new Map(batch.map((n) => [n.toLowerCase(), n]));
          for (const card of body.data ?? []) {
            // Scryfall returns the canonical name; match it (or its front face) back to what was asked.
            const key = [card.name, card.name.split(' // ')[0]].map((n) => n!.toLowerCase()).find((n) => asked.has(n));
            if (key) found.set(key, toCardData(card));
          }
          for (const miss of body.not_found ?? []) if (miss.name) notFound.push(miss.name);
        } catch (error) {
          log.warn({ err: error }, 'Scryfall lookup failed');
          failed = true;
          notFound.push(...batch.filter((n) => !found.has(n.toLowerCase())));
        }
      }
      if (!failed) {
        for (const [key, card] of found) {
          for (const lang of PRINTED_LANGS) {
            await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
            const printed = await printedName(base, card.name, lang, log);
            if (printed) found.set(key, { ...found.get(key)!, printed: { ...found.get(key)!.printed, [lang]: printed } });
          }
        }
      }
      return { found, notFound, failed };
    },
  };
}

/** The printed name of a card in this language, if Scryfall has a printing with one; null otherwise or on any error. */
async function printedName(base: string, name: string, lang: 'ja' | 'ko', log: Logger): Promise<string | null> {
  try {
    const q = encodeURIComponent(`!"${name.replace(/"/g, '')}" lang:${lang}`);
    const response = await fetch(`${base}/cards/search?q=${q}&unique=prints&include_multilingual=true`, {
      headers: { accept: 'application/json', 'user-agent': 'grailwar-bot/0.1' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) return null; // 404: no printing in that language
    const body = (await response.json()) as { data?: { printed_name?: string; lang?: string; card_faces?: { printed_name?: string }[] }[] };
    const card = body.data?.find((c) => c.lang === lang);
    const printed = card?.printed_name ?? card?.card_faces?.[0]?.printed_name;
    return printed ? printed.slice(0, 200) : null;
  } catch (error) {
    log.warn({ err: error }, 'Scryfall printed-name lookup failed');
    return null;
  }
}
