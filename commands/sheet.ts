// /sheet import | show | list | use | export | set | delete | accept — Fate/roll dice character sheets.
import { SlashCommandBuilder } from '@discordjs/builders';
import { UserError } from '../src/services/errors.js';
import { assertCanEdit, assertGm, guildOf, hydrate, resolveCharacter, resourceLine, saveCharacter, type Character } from '../src/services/characters.js';
import { describe, localizedChoices } from '../src/services/localize.js';
import type { CommandContext, CommandModule, CommandOptions } from '../src/services/types.js';
import { spendWealthPoints, useWealthItem } from '../src/services/wealth.js';
import {
  exportSheetJson,
  exportSheetText,
  parseGrade,
  skillNames,
  summarizeSheet,
  SHEET_LIMITS,
  type SheetParseResult,
} from '../src/core/fate/sheet/index.js';
import { STATUS_KEYS, type CharacterSheet, type StatusKey } from '../src/core/fate/sheet/types.js';
import { parseStatusName } from '../src/core/fate/status-names.js';
import { activeCharacterId, clearActiveFor, findCharacter, getCharacter, listCharacters, setActiveCharacter, softDeleteCharacter } from '../src/store/characters.js';
import { appendEvent } from '../src/store/events.js';
import type { Tx } from '../src/store/db.js';
import { text, type Reply, type View } from '../src/views/view.js';
import { forTable } from '../src/services/table.js';
import { readersOf } from '../src/services/secrecy.js';
import { characterChoices } from '../src/services/character-search.js';
import { nameChoices } from '../src/services/name-choices.js';
import { characterSkillChoices } from '../src/services/skill-choices.js';
import { SHEET_KINDS, templateReply } from '../src/services/sheet-template.js';
import { importLines, parseSheetInput as parse, storeSheet } from '../src/services/sheet-import.js';
import { barsLine, paramsLine } from '../src/services/ccfolia.js';

const NAME_MAX = SHEET_LIMITS.maxNameLength;
const VALUE_MAX = 200;

const nameOption = (key: string, required = false) => (o: import('@discordjs/builders').SlashCommandStringOption) =>
  describe(o, key).setRequired(required).setMaxLength(NAME_MAX).setAutocomplete(true);

const definition = describe(new SlashCommandBuilder(), 'cmd.sheet')
  .setDMPermission(false)
  .addSubcommand((s) =>
    describe(s, 'cmd.sheet.import')
      .addAttachmentOption((o) => describe(o, 'cmd.sheet.import.file'))
      .addBooleanOption((o) => describe(o, 'cmd.sheet.import.npc')),
  )
  .addSubcommand((s) =>
    describe(s, 'cmd.sheet.template').addStringOption((o) =>
      describe(o, 'cmd.sheet.template.kind').setRequired(true).addChoices(...localizedChoices(SHEET_KINDS, 'choice.sheetKind')),
    ),
  )
  .addSubcommand((s) => describe(s, 'cmd.sheet.show').addStringOption(nameOption('cmd.sheet.name')).addBooleanOption((o) => describe(o, 'cmd.sheet.show.private')))
  .addSubcommand((s) => describe(s, 'cmd.sheet.list'))
  .addSubcommand((s) => describe(s, 'cmd.sheet.use').addStringOption(nameOption('cmd.sheet.name', true)))
  .addSubcommand((s) =>
    describe(s, 'cmd.sheet.export')
      .addStringOption(nameOption('cmd.sheet.name'))
      .addStringOption((o) =>
        describe(o, 'cmd.sheet.export.format').addChoices(...localizedChoices(['json', 'text'], 'choice.format')),
      ),
  )
  .addSubcommand((s) =>
    describe(s, 'cmd.sheet.set')
      .addStringOption((o) => describe(o, 'cmd.sheet.set.field').setRequired(true).setMaxLength(NAME_MAX).setAutocomplete(true))
      .addStringOption((o) => describe(o, 'cmd.sheet.set.value').setRequired(true).setMaxLength(VALUE_MAX))
      .addStringOption(nameOption('cmd.sheet.name')),
  )
  .addSubcommand((s) => describe(s, 'cmd.sheet.delete').addStringOption(nameOption('cmd.sheet.name', true)))
  .addSubcommand((s) =>
    describe(s, 'cmd.sheet.wealth')
      .addIntegerOption((o) => describe(o, 'cmd.sheet.wealth.amount').setRequired(true).setMinValue(1).setMaxValue(99))
      .addStringOption(nameOption('cmd.sheet.name'))
      .addIntegerOption((o) => describe(o, 'cmd.sheet.wealth.roll').setMinValue(1))
      .addStringOption((o) => describe(o, 'cmd.sheet.wealth.item').addChoices(...localizedChoices(['hp', 'mp', 'skill'] as const, 'wealth.item')))
      .addStringOption((o) => describe(o, 'cmd.sheet.wealth.skill').setMaxLength(100).setAutocomplete(true)),
  )
  .addSubcommand((s) =>
    describe(s, 'cmd.sheet.item')
      .addStringOption((o) => describe(o, 'cmd.sheet.item.kind').setRequired(true).addChoices(...localizedChoices(['hp', 'mp'] as const, 'wealth.item')))
      .addStringOption(nameOption('cmd.sheet.item.target'))
      .addIntegerOption((o) => describe(o, 'cmd.sheet.item.count').setMinValue(1).setMaxValue(20))
      .addStringOption(nameOption('cmd.sheet.name')),
  )
  .addSubcommand((s) =>
    describe(s, 'cmd.sheet.accept')
      .addStringOption(nameOption('cmd.sheet.name', true))
      .addStringOption((o) =>
        describe(o, 'cmd.sheet.accept.field')
          .setRequired(true)
          .addChoices(...localizedChoices(['hp', 'mp', 'iv', 'all'], 'choice.derived')),
      ),
  )
  .toJSON();

export const sheet: CommandModule = {
  definition,
  helpKey: 'help.sheet',
  async execute(ctx, options) {
    guildOf(ctx);
    switch (options.subcommand()) {
      case 'import':
        return importStart(ctx, options);
      case 'template':
        return templateReply(ctx, (SHEET_KINDS as readonly string[]).includes(options.string('kind') ?? '') ? (options.string('kind') as (typeof SHEET_KINDS)[number]) : 'servant');
      case 'show':
        return await show(ctx, options);
      case 'list':
        return await list(ctx);
      case 'use':
        return await use(ctx, options.string('name'));
      case 'export':
        return await exportSheet(ctx, options);
      case 'set':
        return await set(ctx, options);
      case 'delete':
        return await askDelete(ctx, options.string('name'));
      case 'accept':
        return await accept(ctx, options);
      case 'wealth':
        return await spendWealthPoints(ctx, options);
      case 'item':
        return await useWealthItem(ctx, options);
      default:
        throw new UserError('error.unknownCommand', { name: 'sheet' });
    }
  },
  async modal(ctx, customId, fields) {
    const npc = customId === 'sheet:import:npc';
    return await save(ctx, parse(fields.text ?? ''), npc);
  },
  async component(ctx, customId) {
    const [, action, id] = customId.split(':');
    if (action === 'delete' && id) return await confirmDelete(ctx, Number(id));
    return { view: info(ctx, ctx.t('sheet.deleteCancelled'), true), dms: [], update: true };
  },
  async autocomplete(ctx, focused, options) {
    if (!ctx.guildId) return [];
    if (focused.name === 'field') return await fieldChoices(ctx, focused.value, options.string('name'));
    if (focused.name === 'skill') return await characterSkillChoices(ctx, focused.value, options.string('name'), 'own', null);
    // anyone's sheet can be read or be an item's target; the others change the named sheet (assertCanEdit)
    return await characterChoices(ctx, focused.value, options.subcommand() === 'show' || focused.name === 'target' ? 'any' : 'own');
  },
};

function info(ctx: CommandContext, line: string, ephemeral: boolean, title = ctx.t('sheet.title')): View {
  return { locale: ctx.locale, tone: 'info', title, blocks: [text(line)], ephemeral };
}

async function importStart(ctx: CommandContext, options: CommandOptions): Promise<Reply> {
  const npc = options.boolean('npc') ?? false;
  if (npc) await ctx.store.transaction(async (tx) => await assertGm(tx, ctx));
  const file = options.attachment('file');
  if (!file) {
    return {
      view: info(ctx, '', true),
      dms: [],
      modal: {
        customId: npc ? 'sheet:import:npc' : 'sheet:import:pc',
        title: ctx.t('sheet.import.modalTitle'),
        inputs: [{ customId: 'text', label: ctx.t('sheet.import.modalLabel'), style: 'paragraph', maxLength: SHEET_LIMITS.maxTextLength, required: true, placeholder: ctx.t('sheet.import.placeholder') }],
      },
    };
  }
  const bytes = await file.read(SHEET_LIMITS.maxFileBytes);
  return await save(ctx, parse(bytes.toString('utf8'), file.name), npc);
}

async function save(ctx: CommandContext, parsed: SheetParseResult, npc: boolean): Promise<Reply> {
  const { character, replaced } = await storeSheet(ctx, parsed, npc);
  return { view: { ...info(ctx, importLines(ctx, parsed, character, replaced).join('\n'), true), tone: 'success' }, dms: [] };
}

async function show(ctx: CommandContext, options: CommandOptions): Promise<Reply> {
  const wantPrivate = options.boolean('private') ?? false;
  const { c, secret, mine } = await ctx.store.transaction(async (tx) => {
    const found = await resolveCharacter(tx, ctx, options.string('name'));
    if (wantPrivate) await assertCanEdit(tx, ctx, found);
    return { c: found, secret: (await readersOf(tx, ctx.guildId, found.row.id)) !== null, mine: found.row.ownerId === ctx.user.id };
  });
  if (wantPrivate) {
    return {
      view: { locale: ctx.locale, tone: 'secret', title: c.row.name, blocks: [text(resourceLine(ctx, c)), text('```\n' + exportSheetText(c.sheet).slice(0, 3800) + '\n```')], ephemeral: true },
      dms: [],
    };
  }
  // The public summary leaves out the true name and every free-text field; it is the table's. A war
  // faction's character's pools are the faction's secret (seed 001 L50; src/services/secrecy.ts, in
  // every channel of the server): the owner reads them aside.
  const table = forTable(ctx);
  const summary = summarizeSheet(c.sheet);
  // A Ccfolia character (issue 21 §2) shows its bars and params, not the blank Fate sheet under them.
  const ccfolia = c.sheet.origin === 'ccfolia';
  const resources = (reader: CommandContext) => (ccfolia ? barsLine(c) : resourceLine(reader, c));
  const params = paramsLine(table, c);
  const fields = [
    ...(ccfolia
      ? []
      : [
          { name: table.t('sheet.show.statuses'), value: summary.statuses },
          { name: table.t('sheet.show.skills'), value: summary.skills.join(', ') || '-' },
        ]),
    ...(secret ? [] : [{ name: table.t('sheet.show.resources'), value: resources(table) }]),
    ...(!secret && !ccfolia && c.runtime.ccfolia?.status.length ? [{ name: table.t('ccfolia.bars'), value: barsLine(c) }] : []),
    ...(params ? [{ name: table.t('ccfolia.params'), value: params }] : []),
    // A true name told to the table by 使用時真名判明 (seed 001 L1470) is the table's from then on.
    ...(c.runtime.trueNameRevealed && c.sheet.servant?.trueName ? [{ name: table.t('sheet.show.trueName'), value: c.sheet.servant.trueName }] : []),
    // Death and incapacitation happen in front of the table: they stay public in a war.
    ...(secret && (c.runtime.dead || c.runtime.incapacitated) ? [{ name: table.t('sheet.show.resources'), value: table.t(c.runtime.dead ? 'character.dead' : 'character.incapacitated') }] : []),
  ];
  const title = summary.className && summary.className !== summary.name ? `${summary.name} (${summary.className})` : summary.name;
  const aside: View | undefined = secret && mine ? { locale: ctx.locale, tone: 'secret', title: c.row.name, blocks: [text(resources(ctx))], ephemeral: true } : undefined;
  return { view: { locale: table.locale, tone: 'info', title, blocks: [], fields, ephemeral: false }, dms: [], ...(aside ? { aside } : {}) };
}

async function list(ctx: CommandContext): Promise<Reply> {
  const { rows, active } = await ctx.store.transaction(async (tx) => ({
    rows: await listCharacters(tx, ctx.guildId!, ctx.user.id),
    active: await activeCharacterId(tx, ctx.channelId, ctx.user.id),
  }));
  // A character born of a Ccfolia import says so rather than its blank sheet's type (issue 21 §2).
  const kind = (r: (typeof rows)[number]) => ((r.sheet as CharacterSheet).origin === 'ccfolia' ? 'ccfolia' : r.type);
  const lines = rows.map((r) => `${r.id === active ? '▶ ' : '・'}**${r.name}** (${ctx.t(`sheet.type.${kind(r)}`)})${r.npcChannelId ? ' NPC' : ''}`);
  return { view: info(ctx, lines.join('\n') || ctx.t('sheet.list.empty'), true), dms: [] };
}

async function use(ctx: CommandContext, name: string | null): Promise<Reply> {
  if (!name) throw new UserError('error.missingOption', { option: 'name' });
  const c = await ctx.store.transaction(async (tx) => {
    const found = await resolveCharacter(tx, ctx, name);
    await assertCanEdit(tx, ctx, found);
    const before = await activeCharacterId(tx, ctx.channelId, ctx.user.id) ?? null;
    await setActiveCharacter(tx, ctx.channelId, ctx.user.id, found.row.id);
    await appendEvent(tx, { at: ctx.now(), guildId: ctx.guildId, channelId: ctx.channelId, actorId: ctx.user.id, type: 'character.activated', subject: `character:${found.row.id}`, before: { active: before }, after: { active: found.row.id } });
    return found;
  });
  return { view: info(ctx, ctx.t('sheet.use.done', { name: c.row.name }), true), dms: [] };
}

async function exportSheet(ctx: CommandContext, options: CommandOptions): Promise<Reply> {
  const c = await ctx.store.transaction(async (tx) => {
    const found = await resolveCharacter(tx, ctx, options.string('name'));
    await assertCanEdit(tx, ctx, found);
    return found;
  });
  const json = options.string('format') === 'json';
  const content = json ? exportSheetJson(c.sheet) : exportSheetText(c.sheet);
  const file = `${c.row.name.replace(/[^\p{L}\p{N}_-]+/gu, '_')}.${json ? 'json' : 'txt'}`;
  return { view: { ...info(ctx, ctx.t('sheet.export.done', { name: c.row.name }), true), files: [{ name: file, content }] }, dms: [] };
}

const FIELDS = ['name', ...STATUS_KEYS, 'seals'] as const;

async function fieldChoices(ctx: CommandContext, typed: string, name: string | null) {
  const skills = await ctx.store.transaction(async (tx) => {
    try {
      return skillNames((await resolveCharacter(tx, ctx, name)).sheet);
    } catch {
      return [];
    }
  });
  // a field by its label in the reader's language or by its key; a skill by its name (folded)
  return nameChoices(typed, [
    ...FIELDS.map((f) => ({ name: ctx.t(`sheet.field.${f}`), value: f, also: [f] })),
    ...skills.map((s) => ({ name: `${ctx.t('sheet.field.skill')}: ${s}`, value: `skill:${s}`, also: [s] })),
  ]);
}

async function set(ctx: CommandContext, options: CommandOptions): Promise<Reply> {
  const field = (options.string('field') ?? '').trim();
  const value = (options.string('value') ?? '').trim();
  const c = await ctx.store.transaction(async (tx) => {
    const found = await resolveCharacter(tx, ctx, options.string('name'));
    await assertCanEdit(tx, ctx, found);
    return await applySet(tx, ctx, found, field, value);
  });
  return { view: info(ctx, `${ctx.t('sheet.set.done', { name: c.row.name, field, value })}\n${resourceLine(ctx, c)}`, true), dms: [] };
}

async function applySet(tx: Tx, ctx: CommandContext, c: Character, field: string, value: string): Promise<Character> {
  if (field === 'name') {
    const name = value.slice(0, NAME_MAX);
    if (!name) throw new UserError('sheet.set.badValue', { field, value });
    if ((await findCharacter(tx, c.row.guildId, name, c.row.ownerId))?.ownerId === c.row.ownerId) throw new UserError('sheet.set.nameTaken', { name });
    return await saveCharacter(tx, ctx, c, 'character.edited', { sheet: { ...c.sheet, name }, name });
  }
  if (field === 'seals') {
    await assertGm(tx, ctx); // seals are granted by GM events only (seed 001 L274)
    const seals = Number(value);
    if (c.runtime.sealsRemaining === null || !Number.isInteger(seals) || seals < 0 || seals > 99) throw new UserError('sheet.set.badValue', { field, value });
    return await saveCharacter(tx, ctx, c, 'character.edited', { runtime: { ...c.runtime, sealsRemaining: seals } });
  }
  const status: StatusKey | null = (STATUS_KEYS as readonly string[]).includes(field) ? (field as StatusKey) : (() => {
    const parsed = parseStatusName(field);
    return parsed && parsed !== 'rank' ? parsed : null;
  })();
  if (status) {
    const grade = parseGrade(value);
    if (!grade || grade.grade === '??') throw new UserError('sheet.set.badValue', { field, value });
    const sheet: CharacterSheet = { ...c.sheet, statuses: { ...c.sheet.statuses, [status]: grade } };
    return await saveCharacter(tx, ctx, c, 'character.edited', { sheet });
  }
  if (field.startsWith('skill:')) {
    const skillName = field.slice('skill:'.length);
    const grade = parseGrade(value);
    const index = c.sheet.skills.findIndex((s) => s.name === skillName);
    if (!grade) throw new UserError('sheet.set.badValue', { field, value });
    const skills = [...c.sheet.skills];
    if (index >= 0) skills[index] = { ...skills[index]!, level: grade };
    else skills.push({ name: skillName, section: c.sheet.type === 'servant' ? 'personal' : 'general', level: grade, fpPerLevel: null, fpSpent: 0, details: '' });
    return await saveCharacter(tx, ctx, c, 'character.edited', { sheet: { ...c.sheet, skills } });
  }
  throw new UserError('sheet.set.unknownField', { field });
}

async function askDelete(ctx: CommandContext, name: string | null): Promise<Reply> {
  const c = await ctx.store.transaction(async (tx) => {
    const found = await resolveCharacter(tx, ctx, name);
    await assertCanEdit(tx, ctx, found);
    return found;
  });
  return {
    view: {
      ...info(ctx, ctx.t('sheet.delete.confirm', { name: c.row.name }), true),
      tone: 'failure',
      buttons: [
        { customId: `sheet:delete:${c.row.id}`, label: ctx.t('sheet.delete.yes'), style: 'danger' },
        { customId: 'sheet:cancel', label: ctx.t('sheet.delete.no'), style: 'secondary' },
      ],
    },
    dms: [],
  };
}

async function confirmDelete(ctx: CommandContext, id: number): Promise<Reply> {
  const name = await ctx.store.transaction(async (tx) => {
    const row = await findById(tx, id);
    const c = hydrate(row);
    await assertCanEdit(tx, ctx, c);
    const at = ctx.now();
    await softDeleteCharacter(tx, id, at);
    await clearActiveFor(tx, id);
    await appendEvent(tx, { at, guildId: ctx.guildId, channelId: ctx.channelId, actorId: ctx.user.id, type: 'character.deleted', subject: `character:${id}`, before: { deletedAt: null }, after: { deletedAt: at.getTime() } });
    return row.name;
  });
  return { view: info(ctx, ctx.t('sheet.delete.done', { name }), true), dms: [], update: true };
}

async function findById(tx: Tx, id: number) {
  const row = await getCharacter(tx, id);
  if (!row) throw new UserError('character.gone');
  return row;
}

async function accept(ctx: CommandContext, options: CommandOptions): Promise<Reply> {
  const field = options.string('field') ?? 'all';
  const { c, secret } = await ctx.store.transaction(async (tx) => {
    await assertGm(tx, ctx);
    const found = await resolveCharacter(tx, ctx, options.string('name'));
    const written = found.sheet.derivedWritten ?? {};
    const keys = (field === 'all' ? ['hp', 'mp', 'iv'] : [field]) as ('hp' | 'mp' | 'iv')[];
    const accepted = { ...found.runtime.accepted };
    for (const key of keys) if (written[key] !== undefined) accepted[key] = written[key];
    const saved = await saveCharacter(tx, ctx, found, 'character.accepted', { runtime: { ...found.runtime, accepted } });
    return { c: saved, secret: (await readersOf(tx, ctx.guildId, saved.row.id)) !== null };
  });
  // A war faction's character's pools are its faction's (seed 001 L50): the GM reads them aside.
  if (secret) return { view: info(ctx, ctx.t('sheet.accept.done', { name: c.row.name }), false), dms: [], aside: { locale: ctx.locale, tone: 'secret', title: c.row.name, blocks: [text(resourceLine(ctx, c))], ephemeral: true } };
  return { view: info(ctx, `${ctx.t('sheet.accept.done', { name: c.row.name })}\n${resourceLine(ctx, c)}`, false), dms: [] };
}
