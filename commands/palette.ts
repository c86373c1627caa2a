// /palette show | list | edit | import | export: a chat palette per character (Ccfolia's チャットパレット).
// `show` offers the lines as buttons (a few) or a select menu (more, 25 a page); choosing one acts on
// that line with {変数} filled from the linked character as it is now and the palette's own variables:
// a roll goes through /roll's path, Ccfolia's `:HP-5` changes the character (undo button beside it),
// and a line that is no command (`【RP】よろしく`) is said as the character's text (issue 21 §2),
// posted as the character through the channel's webhook (issue 30 §3).
// Palettes import from text or from Ccfolia's clipboard character JSON, which creates or updates the
// character it describes; they export as text.
import { SlashCommandBuilder } from '@discordjs/builders';
import { hydrate, guildOf } from '../src/services/characters.js';
import { rollTyped } from '../src/services/dice-roll.js';
import { namesTableHere } from '../src/services/original-tables.js';
import { storedPalette, variablesWith } from '../src/services/palette-variables.js';
import { UserError } from '../src/services/errors.js';
import { describe } from '../src/services/localize.js';
import type { CommandContext, CommandModule } from '../src/services/types.js';
import { escapeMarkdown } from '../src/core/dice/index.js';
import { PALETTE_LIMITS, paletteText, parsePaletteText, parseVariableText, substitute, type Palette } from '../src/core/palette/palette.js';
import { CcfoliaError, classifyLine, readCcfoliaCharacter, statusAmount, type StatusOp } from '../src/core/palette/ccfolia.js';
import { evaluateDice } from '../src/core/dice/index.js';
import { applyStatusLine, barsLine, upsertCcfoliaCharacter } from '../src/services/ccfolia.js';
import { assertCanEdit, type Character } from '../src/services/characters.js';
import { trackerAfterSheetChange } from '../src/services/combat/tracker.js';
import { forTable } from '../src/services/table.js';
import { undoBatch } from '../src/services/undo.js';
import { lastBatchFor } from '../src/store/wars.js';
import { readersOf } from '../src/services/secrecy.js';
import { characterChoices } from '../src/services/character-search.js';
import { postAs } from '../src/services/speech.js';
import { nameChoices, plainNames } from '../src/services/name-choices.js';
import { findCharacter, getCharacter } from '../src/store/characters.js';
import type { Tx } from '../src/store/db.js';
import { appendEvent } from '../src/store/events.js';
import { findPalette, getPalette, getPaletteWithCharacter, ownPalettes, savePalette, type PaletteRow } from '../src/store/palettes.js';
import { text, type Button, type Reply, type SelectMenu, type View } from '../src/views/view.js';

const FILE_MAX_BYTES = 256 * 1024;
const FORM_TEXT_MAX = 4000;
/** Up to this many lines a palette is buttons; more are a select menu, a page of 25 at a time. */
const BUTTON_LINES = 5;
const PAGE = 25;

const nameOption = (key: string) => (o: import('@discordjs/builders').SlashCommandStringOption) =>
  describe(o, key).setAutocomplete(true).setMaxLength(PALETTE_LIMITS.nameLength);

const definition = describe(new SlashCommandBuilder(), 'cmd.palette')
  .setDMPermission(false)
  .addSubcommand((s) => describe(s, 'cmd.palette.show').addStringOption((o) => nameOption('cmd.palette.show.name')(o).setRequired(true)))
  .addSubcommand((s) => describe(s, 'cmd.palette.list'))
  .addSubcommand((s) =>
    describe(s, 'cmd.palette.edit')
      .addStringOption((o) => nameOption('cmd.palette.edit.name')(o).setRequired(true))
      .addStringOption((o) => describe(o, 'cmd.palette.edit.character').setAutocomplete(true).setMaxLength(100)),
  )
  .addSubcommand((s) =>
    describe(s, 'cmd.palette.import')
      .addAttachmentOption((o) => describe(o, 'cmd.palette.import.file'))
      .addStringOption((o) => describe(o, 'cmd.palette.import.name').setMaxLength(PALETTE_LIMITS.nameLength)),
  )
  .addSubcommand((s) => describe(s, 'cmd.palette.export').addStringOption((o) => nameOption('cmd.palette.export.name')(o).setRequired(true)))
  .toJSON();

export const palette: CommandModule = {
  definition,
  helpKey: 'help.palette',
  async execute(ctx, options) {
    const guildId = guildOf(ctx);
    const sub = options.subcommand();
    if (sub === 'list') return await list(ctx);
    if (sub === 'edit') {
      const name = options.string('name')!.trim();
      const row = await ctx.store.transaction(async (tx) => findPalette(tx, guildId, ctx.user.id, name));
      const stored = row ? storedPalette(row) : { lines: [], variables: {} };
      return form(ctx, 'palette:edit', ctx.t('palette.form.editTitle'), {
        name,
        character: options.string('character') ?? (row?.characterId ? await characterName(ctx, row.characterId) : ''),
        lines: stored.lines.join('\n'),
        variables: Object.entries(stored.variables).map(([k, v]) => `${k}=${v}`).join('\n'),
      });
    }
    if (sub === 'import') {
      const file = options.attachment('file');
      if (!file) return form(ctx, 'palette:import', ctx.t('palette.form.importTitle'), { name: options.string('name') ?? '', text: '' });
      const content = (await file.read(FILE_MAX_BYTES)).toString('utf8');
      return await importText(ctx, options.string('name'), content);
    }
    const row = await ctx.store.transaction(async (tx) => findPalette(tx, guildId, ctx.user.id, options.string('name')!.trim()));
    if (!row) throw new UserError('palette.notFound', { name: options.string('name')! });
    if (sub === 'export') {
      return {
        view: {
          locale: ctx.locale,
          tone: 'info',
          title: ctx.t('palette.title', { name: escapeMarkdown(row.name) }),
          blocks: [text(ctx.t('palette.exported'))],
          files: [{ name: `palette-${row.id}.txt`, content: paletteText(storedPalette(row)) }],
          ephemeral: true,
        },
        dms: [],
      };
    }
    return await show(ctx, row, 0);
  },

  async modal(ctx, customId, fields) {
    if (customId === 'palette:import') return await importText(ctx, fields.name?.trim() || null, fields.text ?? '');
    const name = (fields.name ?? '').trim();
    if (!name) throw new UserError('palette.nameNeeded');
    const body = parsePaletteText(fields.lines ?? '');
    const variables = { ...body.variables, ...parseVariableText(fields.variables ?? '') };
    return await save(ctx, name, fields.character?.trim() || null, { lines: body.lines, variables });
  },

  async component(ctx, customId, values) {
    // palette:roll:<palette id>:<line> (button) · palette:pick:<palette id>:<page> (select, value: line)
    // · palette:page:<palette id>:<page> · palette:open (select, value: palette id) · palette:undo:<character id>:<batch>
    const [, action, a, b] = customId.split(':');
    if (action === 'undo') return await undoStatus(ctx, whole(a), b ?? '');
    if (action === 'open') return await show(ctx, await ownRow(ctx, whole(values?.[0])), 0, true);
    if (action === 'page') return await show(ctx, await ownRow(ctx, whole(a)), whole(b), true);
    if (action === 'roll') return await act(ctx, whole(a), whole(b));
    if (action === 'pick' && values?.length === 1) return await act(ctx, whole(a), whole(values[0]));
    throw new Error(`unknown palette component ${customId}`);
  },

  async autocomplete(ctx, focused) {
    if (!ctx.guildId) return [];
    if (focused.name === 'character') return await characterChoices(ctx, focused.value);
    const rows = await ctx.store.transaction(async (tx) => ownPalettes(tx, ctx.guildId, ctx.user.id));
    return nameChoices(focused.value, plainNames(rows.map((r) => r.name)));
  },
};

/** A non-negative integer from a custom id or a select value; anything else is a forged id (stale). */
function whole(raw: string | undefined): number {
  if (raw === undefined || !/^\d{1,9}$/.test(raw)) throw new Error(`not an index: ${String(raw)}`);
  return Number(raw);
}

async function ownRow(ctx: CommandContext, id: number): Promise<PaletteRow> {
  const row = await ctx.store.transaction(async (tx) => getPalette(tx, id));
  if (!row) throw new UserError('palette.gone');
  if (row.ownerId !== ctx.user.id) throw new UserError('palette.notYours');
  return row;
}

/** One line chosen: a roll, a status change of the linked character, or the character's words. */
async function act(ctx: CommandContext, paletteId: number, index: number): Promise<Reply> {
  const { row, variables, character } = await ctx.store.transaction(async (tx) => {
    // the palette and its character in one read: its {variables} and its speaker are the same sheet
    const found = await getPaletteWithCharacter(tx, paletteId);
    if (!found) throw new UserError('palette.gone');
    const row = found.palette;
    if (row.ownerId !== ctx.user.id) throw new UserError('palette.notYours');
    const character = found.character ? hydrate(found.character) : null;
    return { row, variables: variablesWith(row, character), character };
  });
  const raw = storedPalette(row).lines[index];
  if (raw === undefined) throw new UserError('palette.gone');
  const line = classifyLine(substitute(raw, variables));
  const speaker = character?.row.name ?? row.name;
  // A line in words may name one of the table's own tables (`シーン表 導入`, /table): rolled, not said.
  const namesTable = line.kind === 'text' && (await namesTableHere(ctx, line.text));
  if (line.kind === 'text' && !namesTable) {
    // Said as the linked character: through the channel's webhook with its name and face (issue 30
    // §3); the palette stays as it was. A palette of no character is still said by the bot.
    if (character) return { ...(await show(ctx, row, Math.floor(index / PAGE), true)), speech: postAs(ctx, character, line.text) };
    const table = forTable(ctx);
    return { view: { locale: table.locale, tone: 'info', title: speaker, blocks: [text(line.text)], footer: table.t('ccfolia.said', { name: ctx.user.name }), ephemeral: false }, dms: [] };
  }
  if (line.kind === 'status') {
    if (!character) throw new UserError('ccfolia.noCharacter', { name: row.name });
    return await changeStatusLine(ctx, character.row.id, line);
  }
  return await rollTyped(ctx, {
    input: line.kind === 'roll' ? line.input : line.text,
    comment: null,
    secret: false,
    name: speaker,
    ...(row.characterId !== null ? { characterId: row.characterId } : {}),
  });
}

async function linked(tx: Tx, row: PaletteRow): Promise<Character | null> {
  if (row.characterId === null) return null;
  const found = await getCharacter(tx, row.characterId);
  return found ? hydrate(found) : null;
}

/**
 * `:HP-5` on the linked character: one transaction, one event, the tracker redrawn if it is in a
 * fight. The table sees it (as /hp) unless the character's pools are its war faction's secret (seed
 * 001 L50; src/services/secrecy.ts, in every channel of the server): then only the actor reads it.
 */
async function changeStatusLine(ctx: CommandContext, characterId: number, line: { label: string; op: StatusOp; amount: number | string; comment: string }): Promise<Reply> {
  // `:HP-1d6`: the amount is rolled first, then applied like a typed one.
  let rolled: { expression: string; value: number } | null = null;
  if (typeof line.amount === 'string') {
    const result = evaluateDice(line.amount, ctx.rng, 'bcdice');
    if (result.kind !== 'sum') throw new CcfoliaError('badLine', { line: `:${line.label}${line.op}${line.amount}` });
    rolled = { expression: result.normalized, value: statusAmount(result.value) };
  }
  const amount = rolled ? rolled.value : (line.amount as number);
  const { applied, board, secret, batch } = await ctx.store.transaction(async (tx) => {
    const found = await getCharacter(tx, characterId);
    if (!found) throw new UserError('character.gone');
    const c = hydrate(found);
    await assertCanEdit(tx, ctx, c);
    const applied = await applyStatusLine(tx, ctx, c, { label: line.label, op: line.op, amount });
    const board = await trackerAfterSheetChange(tx, ctx, ctx.channelId, [c.row.id]);
    return { applied, board, secret: (await readersOf(tx, ctx.guildId, c.row.id)) !== null, batch: tx.batch };
  });
  const speaker = secret ? ctx : forTable(ctx);
  const { change } = applied;
  const value = applied.max === null ? String(change.after) : `${change.after}/${applied.max}`;
  const lines = [
    ...(rolled ? [speaker.t('ccfolia.rolled', rolled)] : []),
    speaker.t(change.clamped ? 'ccfolia.status.clamped' : 'ccfolia.status.changed', { label: applied.label, before: change.before, value, wanted: change.wanted }),
    ...(line.comment ? [line.comment] : []),
    barsLine(applied.character),
  ];
  const view: View = {
    locale: speaker.locale,
    tone: 'info',
    title: applied.character.row.name,
    blocks: lines.map(text),
    buttons: [{ customId: `palette:undo:${characterId}:${batch}`, label: speaker.t('ccfolia.undo'), style: 'secondary' }],
    ephemeral: secret,
  };
  return { view, dms: [], ...(board ? { board } : {}) };
}

/** The undo button of a status change: only while it is still the character's latest change here. */
async function undoStatus(ctx: CommandContext, characterId: number, batch: string): Promise<Reply> {
  if (!batch) throw new Error('no batch');
  const { character, board, secret } = await ctx.store.transaction(async (tx) => {
    const found = await getCharacter(tx, characterId);
    if (!found) throw new UserError('character.gone');
    await assertCanEdit(tx, ctx, hydrate(found));
    if ((await lastBatchFor(tx, ctx.channelId, `character:${characterId}`, '')) !== batch) throw new UserError('ccfolia.undo.stale', { name: found.name });
    await undoBatch(tx, ctx, batch, `character:${characterId}`);
    const character = hydrate((await getCharacter(tx, characterId))!);
    const board = await trackerAfterSheetChange(tx, ctx, ctx.channelId, [characterId]);
    return { character, board, secret: (await readersOf(tx, ctx.guildId, characterId)) !== null };
  });
  const speaker = secret ? ctx : forTable(ctx);
  const view: View = { locale: speaker.locale, tone: 'info', title: character.row.name, blocks: [text(speaker.t('ccfolia.undone')), text(barsLine(character))], ephemeral: secret };
  return { view, dms: [], update: true, ...(board ? { board } : {}) };
}

/** The caller's palettes here, with line counts and linked characters; a menu opens one. */
async function list(ctx: CommandContext): Promise<Reply> {
  const rows = await ctx.store.transaction(async (tx) => {
    const palettes = await ownPalettes(tx, guildOf(ctx), ctx.user.id);
    return await Promise.all(palettes.map(async (r) => ({ r, character: r.characterId === null ? null : ((await getCharacter(tx, r.characterId))?.name ?? null) })));
  });
  const lines = rows.map(({ r, character }) =>
    ctx.t(character ? 'palette.list.lineLinked' : 'palette.list.line', { name: escapeMarkdown(r.name), count: storedPalette(r).lines.length, character: escapeMarkdown(character ?? '') }),
  );
  const select: SelectMenu | undefined = rows.length
    ? { customId: 'palette:open', placeholder: ctx.t('palette.list.pick'), options: rows.map(({ r }) => ({ label: r.name, value: String(r.id) })) }
    : undefined;
  return {
    view: { locale: ctx.locale, tone: 'info', title: ctx.t('palette.list.title'), blocks: [text(lines.join('\n') || ctx.t('palette.list.empty'))], ...(select ? { select } : {}), ephemeral: true },
    dms: [],
  };
}

async function characterName(ctx: CommandContext, id: number): Promise<string> {
  return (await ctx.store.transaction(async (tx) => getCharacter(tx, id)))?.name ?? '';
}

async function importText(ctx: CommandContext, name: string | null, content: string): Promise<Reply> {
  if (content.replace(/^\uFEFF/, '').trim().startsWith('{')) {
    // The character it describes is created or updated, and the palette reads it live (no snapshot).
    const ccfolia = readCcfoliaCharacter(content);
    return await save(ctx, name ?? ccfolia.name, null, ccfolia.palette, (tx) => upsertCcfoliaCharacter(tx, ctx, ccfolia));
  }
  if (!name) throw new UserError('palette.nameNeeded');
  return await save(ctx, name, null, parsePaletteText(content));
}

async function save(
  ctx: CommandContext,
  name: string,
  characterName: string | null,
  palette: Palette,
  ccfolia?: (tx: Tx) => Promise<{ character: Character; created: boolean }>,
): Promise<Reply> {
  const guildId = guildOf(ctx);
  const trimmed = name.slice(0, PALETTE_LIMITS.nameLength);
  const imported: { done?: { character: Character; created: boolean } } = {};
  const row = await ctx.store.transaction(async (tx) => {
    let characterId: number | null = null;
    if (ccfolia) {
      imported.done = await ccfolia(tx);
      characterId = imported.done.character.row.id;
    } else if (characterName) {
      const character = await findCharacter(tx, guildId, characterName, ctx.user.id);
      if (!character) throw new UserError('character.notFound', { name: characterName });
      characterId = character.id;
    }
    const before = await findPalette(tx, guildId, ctx.user.id, trimmed);
    const values = { guildId, ownerId: ctx.user.id, characterId, name: trimmed, lines: palette.lines.join('\n'), variables: palette.variables, updatedAt: ctx.now() };
    const id = await savePalette(tx, values);
    await appendEvent(tx, {
      at: ctx.now(),
      guildId,
      channelId: ctx.channelId,
      actorId: ctx.user.id,
      type: 'palette.saved',
      subject: `palette:${id}`,
      before: before ? { lines: before.lines, variables: before.variables, characterId: before.characterId } : null,
      after: { lines: values.lines, variables: values.variables, characterId },
    });
    return { ...values, id };
  });
  const shown = await show(ctx, row, 0);
  const { done } = imported;
  const head = [
    ctx.t('palette.saved', { count: palette.lines.length }),
    ...(done ? [ctx.t(done.created ? 'ccfolia.created' : 'ccfolia.updated', { name: escapeMarkdown(done.character.row.name) })] : []),
  ];
  return { ...shown, view: { ...shown.view, blocks: [text(head.join('\n')), ...shown.view.blocks] } };
}

/**
 * The palette (ephemeral: only its owner may use it): a few lines as buttons, more as a select menu of
 * 25 a page with page buttons; the linked character's bars as they are now on top.
 */
async function show(ctx: CommandContext, row: PaletteRow, page: number, update = false): Promise<Reply> {
  const stored = storedPalette(row);
  const { variables, character } = await ctx.store.transaction(async (tx) => {
    // the character read once: its bars on top and the {variables} of the lines
    const character = await linked(tx, row);
    return { variables: variablesWith(row, character), character };
  });
  const pages = Math.max(1, Math.ceil(stored.lines.length / PAGE));
  const at = Math.min(page, pages - 1);
  const shown = stored.lines.map((line, i) => ({ line, i })).slice(at * PAGE, (at + 1) * PAGE);
  const preview = shown.map(({ line, i }) => `${i + 1}. ${escapeMarkdown(substitute(line, variables))}`).join('\n');
  let buttons: Button[] = [];
  let select: SelectMenu | undefined;
  if (stored.lines.length <= BUTTON_LINES) {
    buttons = stored.lines.map((line, i) => ({ customId: `palette:roll:${row.id}:${i}`, label: line, style: 'secondary' }));
  } else {
    select = {
      customId: `palette:pick:${row.id}:${at}`,
      placeholder: ctx.t('palette.pick', { from: at * PAGE + 1, to: at * PAGE + shown.length, count: stored.lines.length }),
      options: shown.map(({ line, i }) => {
        const filled = substitute(line, variables);
        return { label: `${i + 1}. ${line}`, value: String(i), ...(filled !== line ? { description: filled } : {}) };
      }),
    };
    if (at > 0) buttons.push({ customId: `palette:page:${row.id}:${at - 1}`, label: ctx.t('palette.prev'), style: 'secondary' });
    if (at < pages - 1) buttons.push({ customId: `palette:page:${row.id}:${at + 1}`, label: ctx.t('palette.next'), style: 'secondary' });
  }
  const blocks = [...(character ? [text(`**${escapeMarkdown(character.row.name)}** ${barsLine(character)}`)] : []), text(preview)];
  return {
    view: { locale: ctx.locale, tone: 'info', title: ctx.t('palette.title', { name: escapeMarkdown(row.name) }), blocks, buttons, ...(select ? { select } : {}), ephemeral: true },
    dms: [],
    ...(update ? { update: true } : {}),
  };
}

function form(ctx: CommandContext, customId: string, title: string, values: Record<string, string>): Reply {
  const inputs =
    customId === 'palette:import'
      ? [
          { customId: 'name', label: ctx.t('palette.form.name'), style: 'short' as const, maxLength: PALETTE_LIMITS.nameLength, required: false, value: values.name },
          { customId: 'text', label: ctx.t('palette.form.text'), style: 'paragraph' as const, maxLength: FORM_TEXT_MAX, required: true },
        ]
      : [
          { customId: 'name', label: ctx.t('palette.form.name'), style: 'short' as const, maxLength: PALETTE_LIMITS.nameLength, required: true, value: values.name },
          { customId: 'character', label: ctx.t('palette.form.character'), style: 'short' as const, maxLength: 100, required: false, value: values.character },
          { customId: 'lines', label: ctx.t('palette.form.lines'), style: 'paragraph' as const, maxLength: FORM_TEXT_MAX, required: true, value: values.lines, placeholder: '8d6<={筋力}\n{筋力ダイス}d6<={筋力}+{魔力放出}d6<={魔力放出}' },
          { customId: 'variables', label: ctx.t('palette.form.variables'), style: 'paragraph' as const, maxLength: FORM_TEXT_MAX, required: false, value: values.variables },
        ];
  return {
    view: { locale: ctx.locale, tone: 'info', blocks: [], ephemeral: true },
    dms: [],
    modal: { customId, title, inputs: inputs.map(({ value, ...rest }) => (value ? { ...rest, value } : rest)) },
  };
}
