// /deck import | show | shuffle | reset | known | endturn — a player's MTG library (seed 004).
import { SlashCommandBuilder } from '@discordjs/builders';
import { resolveDeck } from '../src/services/decks.js';
import { UserError } from '../src/services/errors.js';
import { describe } from '../src/services/localize.js';
import type { CommandContext, CommandModule, CommandOptions } from '../src/services/types.js';
import { buildLibrary, cardName, endTurn, endTurnReport, parseDecklist, setKnownTop, shuffle, type CardData } from '../src/core/mtg/index.js';
import { appendEvent } from '../src/store/events.js';
import { saveLibrary } from '../src/store/libraries.js';
import { requireLibrary, saveState, type LibraryState } from '../src/services/library-state.js';
import { text, type Reply } from '../src/views/view.js';
import { librarySummary } from '../src/views/library-summary.js';

const TEXT_MAX = 4000;
const FILE_MAX = 256 * 1024;

export interface StoredDeck {
  entries: { data: CardData; count: number }[];
  sideboard: { name: string; count: number }[];
}

const definition = describe(new SlashCommandBuilder(), 'cmd.deck')
  .setDMPermission(false)
  .addSubcommand((s) => describe(s, 'cmd.deck.import').addAttachmentOption((o) => describe(o, 'cmd.deck.file')))
  .addSubcommand((s) => describe(s, 'cmd.deck.show'))
  .addSubcommand((s) => describe(s, 'cmd.deck.shuffle'))
  .addSubcommand((s) => describe(s, 'cmd.deck.reset'))
  .addSubcommand((s) => describe(s, 'cmd.deck.known').addIntegerOption((o) => describe(o, 'cmd.deck.count').setRequired(true).setMinValue(0).setMaxValue(60)))
  .addSubcommand((s) => describe(s, 'cmd.deck.endturn'))
  .toJSON();

export const deck: CommandModule = {
  definition,
  helpKey: 'help.deck',
  // A file or a Scryfall lookup may take a while: acknowledge first. Without a file the form must be the first answer.
  defer: (sub, via, given) => (via === 'modal' || (sub === 'import' && given?.attachment) ? 'ephemeral' : null),
  async execute(ctx, options) {
    if (!ctx.guildId) throw new UserError('error.guildOnly');
    switch (options.subcommand()) {
      case 'import':
        return importStart(ctx, options);
      case 'shuffle':
        return await mutate(ctx, 'deck.shuffled', (s) => ({ ...s, library: shuffle(s.library, ctx.rng) }));
      case 'reset':
        return await reset(ctx);
      case 'known':
        return await mutate(ctx, 'deck.known', (s) => ({ ...s, library: setKnownTop(s.library, options.integer('count') ?? 0) }));
      case 'endturn':
        return await endOfTurn(ctx);
      case 'show':
      default:
        return await show(ctx);
    }
  },
  modal(ctx, _customId, fields) {
    return importText(ctx, fields.text ?? '');
  },
};

function reply(ctx: CommandContext, lines: string[], ephemeral = true): Reply {
  return { view: { locale: ctx.locale, tone: 'info', title: ctx.t('deck.title'), blocks: lines.map(text), ephemeral }, dms: [] };
}

async function importStart(ctx: CommandContext, options: CommandOptions): Promise<Reply> {
  const file = options.attachment('file');
  if (!file) {
    return {
      ...reply(ctx, []),
      modal: { customId: 'deck:import', title: ctx.t('deck.modalTitle'), inputs: [{ customId: 'text', label: ctx.t('deck.modalLabel'), style: 'paragraph', maxLength: TEXT_MAX, required: true, placeholder: '4 Llanowar Elves\n20 Forest' }] },
    };
  }
  const bytes = await file.read(FILE_MAX);
  return importText(ctx, bytes.toString('utf8'));
}

async function importText(ctx: CommandContext, content: string): Promise<Reply> {
  const parsed = parseDecklist(content);
  if (parsed.main.length === 0) throw new UserError('deck.empty');
  const resolved = await resolveDeck(ctx, parsed);
  const total = resolved.entries.reduce((n, e) => n + e.count, 0);
  await ctx.store.transaction(async (tx) => {
    const at = ctx.now();
    const stored: StoredDeck = { entries: resolved.entries, sideboard: resolved.sideboard };
    const state: LibraryState = { library: buildLibrary(resolved.entries, ctx.rng), lastJudge: null };
    const id = await saveLibrary(tx, { guildId: ctx.guildId!, ownerId: ctx.user.id, deck: stored, state, updatedAt: at });
    await appendEvent(tx, { at, guildId: ctx.guildId, channelId: ctx.channelId, actorId: ctx.user.id, type: 'deck.imported', subject: `library:${id}`, before: null, after: { cards: total } });
  });
  const lines = [ctx.t('deck.imported', { total, distinct: resolved.entries.length, fetched: resolved.fetched, cached: resolved.cached })];
  const side = resolved.sideboard.reduce((n, e) => n + e.count, 0);
  if (side > 0) lines.push(ctx.t('deck.sideboardKept', { count: side }));
  for (const p of parsed.problems.slice(0, 10)) lines.push(ctx.t('deck.problem', { line: p.line, text: p.text.slice(0, 80) }));
  return reply(ctx, lines);
}

async function mutate(ctx: CommandContext, type: string, fn: (s: LibraryState) => LibraryState): Promise<Reply> {
  const state = await ctx.store.transaction(async (tx) => {
    const row = await requireLibrary(tx, ctx);
    const next = fn(row.state as LibraryState);
    await saveState(tx, ctx, row, type, next);
    return next;
  });
  return reply(ctx, [ctx.t(`deck.done.${type.split('.')[1]}`), librarySummary(ctx, state)]);
}

/** End of turn (seed 004 L102–106): the boost-exiled cards go to the bottom in random order; the reply says how many. */
async function endOfTurn(ctx: CommandContext): Promise<Reply> {
  const { state, returned } = await ctx.store.transaction(async (tx) => {
    const row = await requireLibrary(tx, ctx);
    const before = row.state as LibraryState;
    const next: LibraryState = { library: endTurn(before.library, ctx.rng), lastJudge: null };
    await saveState(tx, ctx, row, 'deck.endturn', next);
    return { state: next, returned: before.library.exiled.length };
  });
  return reply(ctx, [...endTurnReport(returned, ctx.t), librarySummary(ctx, state)]);
}

async function reset(ctx: CommandContext): Promise<Reply> {
  const state = await ctx.store.transaction(async (tx) => {
    const row = await requireLibrary(tx, ctx);
    const next: LibraryState = { library: buildLibrary((row.deck as StoredDeck).entries, ctx.rng), lastJudge: null };
    await saveState(tx, ctx, row, 'deck.reset', next);
    return next;
  });
  return reply(ctx, [ctx.t('deck.done.reset'), librarySummary(ctx, state)]);
}

async function show(ctx: CommandContext): Promise<Reply> {
  const s = await ctx.store.transaction(async (tx) => (await requireLibrary(tx, ctx)).state as LibraryState);
  const lines = [librarySummary(ctx, s)];
  if (s.library.exiled.length) lines.push(ctx.t('deck.exiledList', { cards: s.library.exiled.map((c) => cardName(c, ctx.locale)).join(', ') }));
  return reply(ctx, lines);
}
