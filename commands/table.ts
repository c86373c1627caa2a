// /table add | list | show | remove: the table's own random tables (BCDice's オリジナル表: scene,
// encounter and event tables), written in BCDice's format in a form or a file, rolled by typing their
// name in /roll or a palette line (src/services/original-tables.ts says who may add and remove).
import { SlashCommandBuilder, type SlashCommandStringOption } from '@discordjs/builders';
import { escapeMarkdown } from '../src/core/dice/index.js';
import { originalTableText, TABLE_LIMITS } from '../src/core/tables/original-table.js';
import { UserError } from '../src/services/errors.js';
import { describe } from '../src/services/localize.js';
import { nameChoices, plainNames } from '../src/services/name-choices.js';
import { addOriginalTable, guildOfTables, originalTablesHere, removeOriginalTable, visibleTable } from '../src/services/original-tables.js';
import type { CommandContext, CommandModule } from '../src/services/types.js';
import type { OriginalTableRow } from '../src/store/original-tables.js';
import { mention, text, type Reply, type View } from '../src/views/view.js';

/** A table's text is at most TABLE_LIMITS.textLength characters: 3 bytes each in UTF-8 at most. */
const FILE_MAX_BYTES = TABLE_LIMITS.textLength * 3 + 1024;
/** Discord's paragraph input holds 4,000 characters; a longer table comes as a file. */
const FORM_TEXT_MAX = 4000;
/** Room for a list or a table's text in one embed (Discord: 4,096). */
const SHOWN_MAX = 3500;

// Discord counts UTF-16 units, the limit code points: room for a name of astral characters.
const nameOption = (key: string) => (o: SlashCommandStringOption) => describe(o, key).setRequired(true).setAutocomplete(true).setMaxLength(TABLE_LIMITS.nameLength * 2);

const definition = describe(new SlashCommandBuilder(), 'cmd.table')
  .setDMPermission(false)
  .addSubcommand((s) =>
    describe(s, 'cmd.table.add')
      .addAttachmentOption((o) => describe(o, 'cmd.table.add.file'))
      .addBooleanOption((o) => describe(o, 'cmd.table.add.channel')),
  )
  .addSubcommand((s) => describe(s, 'cmd.table.list'))
  .addSubcommand((s) => describe(s, 'cmd.table.show').addStringOption(nameOption('cmd.table.show.name')))
  .addSubcommand((s) => describe(s, 'cmd.table.remove').addStringOption(nameOption('cmd.table.remove.name')))
  .toJSON();

export const table: CommandModule = {
  definition,
  helpKey: 'help.table',
  async execute(ctx, options) {
    guildOfTables(ctx);
    const sub = options.subcommand();
    if (sub === 'add') {
      const channel = options.boolean('channel') ?? false;
      const file = options.attachment('file');
      if (!file) return form(ctx, channel);
      return await add(ctx, decode(await file.read(FILE_MAX_BYTES)), channel);
    }
    if (sub === 'list') return await list(ctx);
    const name = (options.string('name') ?? '').trim();
    if (sub === 'remove') {
      const row = await removeOriginalTable(ctx, name);
      return reply(ctx, ctx.t('otable.removed', { name: escapeMarkdown(row.name), scope: scope(ctx, row) }));
    }
    return show(ctx, await visibleTable(ctx, name));
  },

  async modal(ctx, customId, fields) {
    // table:add:server | table:add:channel
    const [, action, where] = customId.split(':');
    if (action !== 'add') throw new Error(`unknown table form ${customId}`);
    return await add(ctx, fields.text ?? '', where === 'channel');
  },

  async autocomplete(ctx, focused) {
    if (!ctx.guildId) return [];
    const rows = await originalTablesHere(ctx);
    return nameChoices(focused.value, plainNames(rows.map((r) => r.name)));
  },
};

/** A file as text: UTF-8, or Shift_JIS as many Japanese Windows editors still save it. */
function decode(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    try {
      return new TextDecoder('shift_jis', { fatal: true }).decode(bytes);
    } catch {
      throw new UserError('otable.refused.fileEncoding');
    }
  }
}

const scope = (ctx: CommandContext, row: Pick<OriginalTableRow, 'channelId'>): string => ctx.t(row.channelId === null ? 'otable.scope.server' : 'otable.scope.channel');

function reply(ctx: CommandContext, line: string, extra: Partial<View> = {}): Reply {
  return { view: { locale: ctx.locale, tone: 'info', title: ctx.t('otable.title'), blocks: [text(line)], ephemeral: true, ...extra }, dms: [] };
}

function form(ctx: CommandContext, channel: boolean): Reply {
  return {
    view: { locale: ctx.locale, tone: 'info', blocks: [], ephemeral: true },
    dms: [],
    modal: {
      customId: `table:add:${channel ? 'channel' : 'server'}`,
      title: ctx.t(channel ? 'otable.form.titleChannel' : 'otable.form.title'),
      inputs: [{ customId: 'text', label: ctx.t('otable.form.text'), style: 'paragraph', maxLength: FORM_TEXT_MAX, required: true, placeholder: '2D6 シーン表\n2-6:静かな夜\n7-12:嵐' }],
    },
  };
}

async function add(ctx: CommandContext, content: string, channel: boolean): Promise<Reply> {
  const { table, replaced } = await addOriginalTable(ctx, content, channel);
  const params = { name: escapeMarkdown(table.name), dice: table.dice, count: table.entries.length, scope: scope(ctx, { channelId: channel ? ctx.channelId : null }) };
  return reply(ctx, ctx.t(replaced ? 'otable.replaced' : 'otable.added', params), { tone: 'success' });
}

/** The tables reachable here, a server table hidden by a channel's own marked so. */
async function list(ctx: CommandContext): Promise<Reply> {
  const rows = await originalTablesHere(ctx);
  const own = new Set(rows.filter((r) => r.channelId !== null).map((r) => r.key));
  const lines = rows.map((r) => {
    const line = ctx.t('otable.list.line', { name: escapeMarkdown(r.name), dice: r.dice, count: r.entries.length, scope: scope(ctx, r), author: mention(r.authorId) });
    return r.channelId === null && own.has(r.key) ? `~~${line}~~ ${ctx.t('otable.list.shadowed')}` : line;
  });
  let shown = '';
  let count = 0;
  for (const line of lines) {
    if (shown.length + line.length + 1 > SHOWN_MAX) break;
    shown += `${shown ? '\n' : ''}${line}`;
    count++;
  }
  if (count < lines.length) shown += `\n… +${lines.length - count}`;
  return reply(ctx, shown || ctx.t('otable.list.empty'));
}

/** The table as its text (copy it, change it, add it again); a long one also as a file. */
function show(ctx: CommandContext, row: OriginalTableRow): Reply {
  const body = originalTableText(row);
  const meta = ctx.t('otable.show.meta', { dice: row.dice, count: row.entries.length, scope: scope(ctx, row), author: mention(row.authorId) });
  const chars = Array.from(body);
  const fits = chars.length <= SHOWN_MAX;
  const shown = (fits ? body : chars.slice(0, SHOWN_MAX).join('')).replace(/```/g, "'''");
  const blocks = [text(meta), text(`\`\`\`\n${shown}\n\`\`\``), ...(fits ? [] : [text(ctx.t('otable.show.file'))])];
  return {
    view: {
      locale: ctx.locale,
      tone: 'info',
      title: escapeMarkdown(row.name),
      blocks,
      ...(fits ? {} : { files: [{ name: `table-${row.id}.txt`, content: body }] }),
      ephemeral: true,
    },
    dms: [],
  };
}
