// /palette show | edit | import | export: a chat palette per character (Ccfolia's チャットパレット).
// `show` lists the lines as buttons; a press rolls that line through /roll's path with {変数} filled
// from the linked character's sheet and the palette's own variables. Palettes import from text or
// from Ccfolia's clipboard character JSON, and export as text.
import { SlashCommandBuilder } from '@discordjs/builders';
import { hydrate, guildOf } from '../src/services/characters.js';
import { rollTyped } from '../src/services/dice-roll.js';
import { UserError } from '../src/services/errors.js';
import { describe } from '../src/services/localize.js';
import type { CommandContext, CommandModule } from '../src/services/types.js';
import { escapeMarkdown } from '../src/core/dice/index.js';
import { gradeLevel } from '../src/core/fate/sheet/grades.js';
import { STATUS_KEYS } from '../src/core/fate/sheet/types.js';
import { PALETTE_LIMITS, paletteText, parsePaletteText, parseVariableText, readCcfolia, substitute, type Palette } from '../src/core/palette/palette.js';
import { sheetVariables } from '../src/core/palette/sheet-variables.js';
import { characterChoices } from '../src/services/character-search.js';
import { nameChoices, plainNames } from '../src/services/name-choices.js';
import { findCharacter, getCharacter } from '../src/store/characters.js';
import type { Tx } from '../src/store/db.js';
import { appendEvent } from '../src/store/events.js';
import { findPalette, getPalette, ownPalettes, savePalette, type PaletteRow } from '../src/store/palettes.js';
import { text, type Button, type Reply } from '../src/views/view.js';

const FILE_MAX_BYTES = 256 * 1024;
const FORM_TEXT_MAX = 4000;

const nameOption = (key: string) => (o: import('@discordjs/builders').SlashCommandStringOption) =>
  describe(o, key).setAutocomplete(true).setMaxLength(PALETTE_LIMITS.nameLength);

const definition = describe(new SlashCommandBuilder(), 'cmd.palette')
  .setDMPermission(false)
  .addSubcommand((s) => describe(s, 'cmd.palette.show').addStringOption((o) => nameOption('cmd.palette.show.name')(o).setRequired(true)))
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
    return await show(ctx, row);
  },

  async modal(ctx, customId, fields) {
    if (customId === 'palette:import') return await importText(ctx, fields.name?.trim() || null, fields.text ?? '');
    const name = (fields.name ?? '').trim();
    if (!name) throw new UserError('palette.nameNeeded');
    const body = parsePaletteText(fields.lines ?? '');
    const variables = { ...body.variables, ...parseVariableText(fields.variables ?? '') };
    return await save(ctx, name, fields.character?.trim() || null, { lines: body.lines, variables });
  },

  async component(ctx, customId) {
    // palette:roll:<palette id>:<line index>
    const [, action, idText, indexText] = customId.split(':');
    if (action !== 'roll') throw new Error(`unknown palette button ${customId}`);
    const { row, variables } = await ctx.store.transaction(async (tx) => {
      const row = await getPalette(tx, Number(idText));
      if (!row) throw new UserError('palette.gone');
      if (row.ownerId !== ctx.user.id) throw new UserError('palette.notYours');
      return { row, variables: await variablesOf(tx, row) };
    });
    const line = storedPalette(row).lines[Number(indexText)];
    if (line === undefined) throw new UserError('palette.gone');
    return await rollTyped(ctx, {
      input: substitute(line, variables),
      comment: null,
      secret: false,
      name: row.name,
      ...(row.characterId !== null ? { characterId: row.characterId } : {}),
    });
  },

  async autocomplete(ctx, focused) {
    if (!ctx.guildId) return [];
    if (focused.name === 'character') return await characterChoices(ctx, focused.value);
    const rows = await ctx.store.transaction(async (tx) => ownPalettes(tx, ctx.guildId, ctx.user.id));
    return nameChoices(focused.value, plainNames(rows.map((r) => r.name)));
  },
};

function storedPalette(row: PaletteRow): Palette {
  return { lines: row.lines.split('\n').filter(Boolean), variables: row.variables as Record<string, string> };
}

async function characterName(ctx: CommandContext, id: number): Promise<string> {
  return (await ctx.store.transaction(async (tx) => getCharacter(tx, id)))?.name ?? '';
}

/** Sheet variables of the linked character (if it still exists), overridden by the palette's own. */
async function variablesOf(tx: Tx, row: PaletteRow): Promise<Record<string, string>> {
  const own = row.variables as Record<string, string>;
  if (row.characterId === null) return own;
  const characterRow = await getCharacter(tx, row.characterId);
  if (!characterRow || characterRow.deletedAt) return own;
  const c = hydrate(characterRow);
  const statuses: Record<string, { level: number; dice: number }> = {};
  for (const key of STATUS_KEYS) {
    const graded = c.sheet.statuses[key];
    if (graded) statuses[key] = { level: gradeLevel(graded), dice: c.derived.pools[key]?.dice ?? 0 };
  }
  const fromSheet = sheetVariables({
    statuses,
    skills: c.sheet.skills.map((s) => ({ name: s.name, grade: s.level.grade })),
    hp: c.runtime.hp,
    mp: c.runtime.mp,
    maxHp: c.max.hpMax,
    maxMp: c.max.mpMax,
    iv: c.max.iv,
  });
  return { ...fromSheet, ...own };
}

async function importText(ctx: CommandContext, name: string | null, content: string): Promise<Reply> {
  if (content.trim().startsWith('{')) {
    const ccfolia = readCcfolia(content);
    // A character of the same name links the palette to its sheet.
    return await save(ctx, name ?? ccfolia.name, name ?? ccfolia.name, ccfolia, true);
  }
  if (!name) throw new UserError('palette.nameNeeded');
  return await save(ctx, name, null, parsePaletteText(content));
}

async function save(ctx: CommandContext, name: string, characterName: string | null, palette: Palette, characterOptional = false): Promise<Reply> {
  const guildId = guildOf(ctx);
  const trimmed = name.slice(0, PALETTE_LIMITS.nameLength);
  const row = await ctx.store.transaction(async (tx) => {
    let characterId: number | null = null;
    if (characterName) {
      const character = await findCharacter(tx, guildId, characterName, ctx.user.id);
      if (!character && !characterOptional) throw new UserError('character.notFound', { name: characterName });
      characterId = character?.id ?? null;
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
  const shown = await show(ctx, row);
  return { ...shown, view: { ...shown.view, blocks: [text(ctx.t('palette.saved', { count: palette.lines.length })), ...shown.view.blocks] } };
}

/** The palette's lines as buttons (ephemeral: only its owner may press them). */
async function show(ctx: CommandContext, row: PaletteRow): Promise<Reply> {
  const stored = storedPalette(row);
  const variables = await ctx.store.transaction(async (tx) => variablesOf(tx, row));
  const buttons: Button[] = stored.lines.map((line, i) => ({ customId: `palette:roll:${row.id}:${i}`, label: line, style: 'secondary' }));
  const preview = stored.lines.map((line, i) => `${i + 1}. ${escapeMarkdown(substitute(line, variables))}`).join('\n');
  return {
    view: { locale: ctx.locale, tone: 'info', title: ctx.t('palette.title', { name: escapeMarkdown(row.name) }), blocks: [text(preview)], buttons, ephemeral: true },
    dms: [],
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
