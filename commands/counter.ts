// /counter create | add | set | list | delete: counters the rule sets do not name (ammunition, a
// once-per-day power…), per channel; `reset:day` refills them at the war's day end.
import { SlashCommandBuilder } from '@discordjs/builders';
import { UserError } from '../src/services/errors.js';
import { forTable } from '../src/services/table.js';
import { describe, localizedChoices } from '../src/services/localize.js';
import type { CommandContext, CommandModule } from '../src/services/types.js';
import { escapeMarkdown } from '../src/core/dice/index.js';
import { nameChoices, plainNames } from '../src/services/name-choices.js';
import { channelCounters, deleteCounter, findCounter, insertCounter, updateCounter, type CounterRow } from '../src/store/counters.js';
import type { Tx } from '../src/store/db.js';
import { appendEvent } from '../src/store/events.js';
import { text, type Reply } from '../src/views/view.js';

const NAME_MAX = 40;
const VALUE_MAX = 1_000_000;
const MAX_COUNTERS = 25;
const RESETS = ['none', 'day'] as const;

const nameOption = (key: string, auto: boolean) => (o: import('@discordjs/builders').SlashCommandStringOption) =>
  describe(o, key).setRequired(true).setMaxLength(NAME_MAX).setAutocomplete(auto);

const definition = describe(new SlashCommandBuilder(), 'cmd.counter')
  .setDMPermission(false)
  .addSubcommand((s) =>
    describe(s, 'cmd.counter.create')
      .addStringOption(nameOption('cmd.counter.create.name', false))
      .addIntegerOption((o) => describe(o, 'cmd.counter.create.max').setMinValue(0).setMaxValue(VALUE_MAX))
      .addStringOption((o) => describe(o, 'cmd.counter.create.reset').addChoices(...localizedChoices(RESETS, 'counter.reset')))
      .addIntegerOption((o) => describe(o, 'cmd.counter.create.value').setMinValue(0).setMaxValue(VALUE_MAX)),
  )
  .addSubcommand((s) =>
    describe(s, 'cmd.counter.add')
      .addStringOption(nameOption('cmd.counter.add.name', true))
      .addIntegerOption((o) => describe(o, 'cmd.counter.add.amount').setRequired(true).setMinValue(-VALUE_MAX).setMaxValue(VALUE_MAX)),
  )
  .addSubcommand((s) =>
    describe(s, 'cmd.counter.set')
      .addStringOption(nameOption('cmd.counter.set.name', true))
      .addIntegerOption((o) => describe(o, 'cmd.counter.set.value').setRequired(true).setMinValue(0).setMaxValue(VALUE_MAX)),
  )
  .addSubcommand((s) => describe(s, 'cmd.counter.list'))
  .addSubcommand((s) => describe(s, 'cmd.counter.delete').addStringOption(nameOption('cmd.counter.delete.name', true)))
  .toJSON();

export const counter: CommandModule = {
  definition,
  helpKey: 'help.counter',
  async execute(ctx, options) {
    const sub = options.subcommand();
    if (sub === 'list') {
      const rows = await ctx.store.transaction(async (tx) => channelCounters(tx, ctx.channelId));
      return reply(ctx, rows.length ? rows.map((c) => line(ctx, c)).join('\n') : ctx.t('counter.none'), true);
    }
    const name = options.string('name')!.trim();
    if (!name) throw new UserError('error.missingOption', { option: 'name' });
    if (sub === 'create') {
      const max = options.integer('max');
      const reset = (options.string('reset') ?? 'none') as (typeof RESETS)[number];
      const value = options.integer('value') ?? max ?? 0;
      if (max !== null && value > max) throw new UserError('counter.overMax', { max });
      const row = await ctx.store.transaction(async (tx) => {
        if (await findCounter(tx, ctx.channelId, name)) throw new UserError('counter.exists', { name: escapeMarkdown(name) });
        if ((await channelCounters(tx, ctx.channelId)).length >= MAX_COUNTERS) throw new UserError('counter.tooMany', { max: MAX_COUNTERS });
        const values = { guildId: ctx.guildId, channelId: ctx.channelId, name, value, max, reset, createdBy: ctx.user.id, createdAt: ctx.now() };
        const id = await insertCounter(tx, values);
        await record(tx, ctx, id, 'counter.created', null, { name, value, max, reset });
        return { ...values, id };
      });
      return reply(ctx, forTable(ctx).t('counter.created', { line: line(forTable(ctx), row) }), false);
    }
    const row = await ctx.store.transaction(async (tx) => {
      const c = await findCounter(tx, ctx.channelId, name);
      if (!c) throw new UserError('counter.notFound', { name: escapeMarkdown(name) });
      if (sub === 'delete') {
        await deleteCounter(tx, c.id);
        await record(tx, ctx, c.id, 'counter.deleted', { value: c.value }, null);
        return null;
      }
      const wanted = sub === 'add' ? c.value + options.integer('amount')! : options.integer('value')!;
      const value = Math.max(0, c.max === null ? wanted : Math.min(c.max, wanted));
      await updateCounter(tx, c.id, { value });
      await record(tx, ctx, c.id, 'counter.changed', { value: c.value }, { value });
      return { ...c, value, wanted };
    });
    if (!row) return reply(ctx, forTable(ctx).t('counter.deleted', { name: escapeMarkdown(name) }), false);
    // A change the bounds cut (amount:-5 on 2 of 0–3 → 0) says so, with what was asked (issue 21 §2).
    const table = forTable(ctx);
    return reply(ctx, row.wanted === row.value ? line(table, row) : table.t('counter.clamped', { line: line(table, row), wanted: row.wanted }), false);
  },
  async autocomplete(ctx, focused) {
    const rows = await ctx.store.transaction(async (tx) => channelCounters(tx, ctx.channelId));
    return nameChoices(focused.value, plainNames(rows.map((c) => c.name)));
  },
};

function line(ctx: CommandContext, c: CounterRow): string {
  const value = c.max === null ? String(c.value) : `${c.value}/${c.max}`;
  return ctx.t(c.reset === 'day' ? 'counter.lineDaily' : 'counter.line', { name: escapeMarkdown(c.name), value });
}

async function record(tx: Tx, ctx: CommandContext, id: number, type: string, before: unknown, after: unknown): Promise<void> {
  await appendEvent(tx, { at: ctx.now(), guildId: ctx.guildId, channelId: ctx.channelId, actorId: ctx.user.id, type, subject: `counter:${id}`, before, after });
}

/** A public counter change is the table's (its body written with forTable); a list is the actor's. */
function reply(ctx: CommandContext, body: string, ephemeral: boolean): Reply {
  const speaker = ephemeral ? ctx : forTable(ctx);
  return { view: { locale: speaker.locale, tone: 'info', title: speaker.t('counter.title'), blocks: [text(body)], ephemeral }, dms: [] };
}
