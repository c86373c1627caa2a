// Turning a pasted decklist into card data: written costs and basic lands need no lookup; other
// names come from the cache, then from Scryfall (cached for next time).
import { basicLand, cardFromCost, type CardData, type ParsedDeck } from '../core/mtg/index.js';
import { cacheCards, cachedCards } from '../store/libraries.js';
import { UserError } from './errors.js';
import type { CommandContext } from './types.js';

export interface ResolvedDeck {
  entries: { data: CardData; count: number }[];
  sideboard: { name: string; count: number }[];
  fetched: number;
  cached: number;
}

const keyOf = (name: string) => name.trim().toLowerCase();

export async function resolveDeck(ctx: CommandContext, parsed: ParsedDeck): Promise<ResolvedDeck> {
  const known = new Map<string, CardData>();
  const toFind: string[] = [];
  for (const line of parsed.main) {
    const written = line.cost ? cardFromCost(line.name, line.cost) : null;
    if (written) known.set(keyOf(line.name), written);
    else if (basicLand(line.name)) known.set(keyOf(line.name), basicLand(line.name)!);
    else toFind.push(line.name);
  }
  const cache = await ctx.store.transaction(async (tx) => await cachedCards(tx, toFind.map(keyOf)));
  const missing = toFind.filter((n) => !cache.has(keyOf(n)));
  for (const n of toFind) if (cache.has(keyOf(n))) known.set(keyOf(n), cache.get(keyOf(n)) as CardData);
  let fetched = 0;
  if (missing.length > 0) {
    if (!ctx.cards) throw new UserError('deck.noLookup', { names: missing.slice(0, 10).join(', ') });
    const { found, notFound, failed } = await ctx.cards.lookup(missing);
    if (failed) throw new UserError('deck.lookupFailed');
    if (notFound.length > 0) throw new UserError('deck.unknownCards', { count: notFound.length, names: notFound.slice(0, 20).join(', ') });
    await ctx.store.transaction(async (tx) => await cacheCards(tx, [...found].map(([key, data]) => ({ key, data })), ctx.now()));
    for (const [key, data] of found) known.set(key, data);
    fetched = found.size;
  }
  const entries = parsed.main.map((line) => {
    const data = known.get(keyOf(line.name));
    if (!data) throw new UserError('deck.unknownCards', { count: 1, names: line.name });
    return { data, count: line.count };
  });
  return { entries, sideboard: parsed.sideboard.map((l) => ({ name: l.name, count: l.count })), fetched, cached: toFind.length - missing.length };
}
