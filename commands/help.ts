// /help: every command with a one-line example, plus the dice syntax, in the reader's language;
// /help command:<name> shows one command with all its subcommands and options; /help command:system
// adds the help text of the channel's BCDice system.
import { SlashCommandBuilder } from '@discordjs/builders';
import type { APIApplicationCommandOption } from 'discord.js';
import { DEFAULT_SYSTEM, systemHelp } from '../src/bcdice/index.js';
import { UserError } from '../src/services/errors.js';
import { describe, localizedChoices } from '../src/services/localize.js';
import { guideBlocks, guideButtons, guideState } from '../src/services/setup/guide.js';
import type { CommandContext, CommandModule } from '../src/services/types.js';
import { foldForSearch } from '../src/core/text/fold.js';
import type { Locale } from '../src/i18n/index.js';
import { channelSystem } from '../src/store/systems.js';
import { paginate } from '../src/views/paging.js';
import { text, type Field, type Reply, type View } from '../src/views/view.js';

const COMMAND_MAX = 32;
/** Guides beside the command pages: `start`, the first war step by step (issue 30 §1). */
const TOPICS = ['start'] as const;
/** Room left in the embed description for BCDice's help text (Discord allows 4,096). */
const SYSTEM_HELP_MAX = 3500;

const definition = describe(new SlashCommandBuilder(), 'cmd.help')
  .addStringOption((o) => describe(o, 'cmd.help.command').setAutocomplete(true).setMaxLength(COMMAND_MAX))
  .addStringOption((o) => describe(o, 'cmd.help.topic').addChoices(...localizedChoices(TOPICS, 'help.topic')))
  .toJSON();

/** The help module lists the modules it is given and itself. */
export function withHelp(modules: CommandModule[]): CommandModule[] {
  const all: CommandModule[] = [...modules];
  const find = (name: string): CommandModule | undefined => {
    const key = foldForSearch(name.replace(/^\//, '').trim());
    return all.find((m) => [m.definition.name, ...Object.values(m.definition.name_localizations ?? {})].some((n) => n && foldForSearch(n) === key));
  };
  const help: CommandModule = {
    definition,
    helpKey: 'help.help',
    async execute(ctx, options) {
      if (options.string('topic') === 'start') return await startGuide(ctx);
      const asked = options.string('command');
      const module = asked ? find(asked) : undefined;
      if (asked && !module) throw new UserError('help.unknownCommand', { command: asked.slice(0, COMMAND_MAX) });
      return paged(ctx, module ? await commandHelp(ctx, module) : overview(ctx, all), module?.definition.name ?? '-', 0, false);
    },
    async component(ctx, customId) {
      // help:page:<command or ->:<page>, from the buttons under a long help page
      const [, action, name, page] = customId.split(':');
      const module = name === '-' ? undefined : all.find((m) => m.definition.name === name);
      if (action !== 'page' || !/^\d{1,2}$/.test(page ?? '') || (name !== '-' && !module)) throw new UserError('error.staleButton');
      return paged(ctx, module ? await commandHelp(ctx, module) : overview(ctx, all), name!, Number(page), true);
    },
    autocomplete(ctx, focused) {
      const key = foldForSearch(focused.value.replace(/^\//, ''));
      return all
        .filter((m) => [m.definition.name, localizedName(m, ctx.locale)].some((n) => foldForSearch(n).includes(key)))
        .slice(0, 25)
        .map((m) => ({ name: `/${localizedName(m, ctx.locale)}`, value: m.definition.name }));
    },
  };
  all.push(help);
  return all;
}

/** The first war in order, with a button to each step, in the reader's language (src/services/setup/guide.ts). */
async function startGuide(ctx: CommandContext): Promise<Reply> {
  const state = await ctx.store.transaction(async (tx) => await guideState(tx, ctx.channelId));
  const ruleset = state.war?.ruleset ?? 'fate';
  return { view: { locale: ctx.locale, tone: 'info', title: ctx.t('guide.title'), blocks: guideBlocks(ctx, state, false), buttons: guideButtons(ctx, ruleset), ephemeral: true }, dms: [] };
}

/** Every command with its example; the dice syntax and the reading rule in the description. */
function overview(ctx: CommandContext, all: CommandModule[]): View {
  return {
    locale: ctx.locale,
    tone: 'info',
    title: ctx.t('help.title'),
    blocks: [
      text(ctx.t('help.intro')),
      text(`**${ctx.t('help.dice.title')}**\n${ctx.t('help.dice.body')}`),
      text(`**${ctx.t('help.reading.title')}**\n${ctx.t('help.reading.body')}`),
    ],
    fields: all.map((m) => ({
      name: `/${localizedName(m, ctx.locale)}`,
      value: `${localizedDescription(m, ctx.locale)}\n${ctx.t(m.helpKey)}`,
    })),
    ephemeral: true,
  };
}

/**
 * One page of a help view that Discord would refuse whole (over 6,000 characters or 25 fields), with
 * buttons to the pages before and after it; a view that fits is sent as it is.
 */
function paged(ctx: CommandContext, view: View, name: string, asked: number, update: boolean): Reply {
  const pages = paginate(view);
  const n = Math.min(asked, pages.length - 1);
  if (pages.length === 1) return { view: pages[0]!, dms: [], ...(update ? { update } : {}) };
  const buttons = [
    { customId: `help:page:${name}:${n - 1}`, label: ctx.t('help.prev'), style: 'secondary' as const, disabled: n === 0 },
    { customId: `help:page:${name}:${n + 1}`, label: ctx.t('help.next'), style: 'secondary' as const, disabled: n === pages.length - 1 },
  ];
  return { view: { ...pages[n]!, footer: ctx.t('help.page', { page: n + 1, pages: pages.length }), buttons }, dms: [], ...(update ? { update } : {}) };
}

async function commandHelp(ctx: CommandContext, module: CommandModule): Promise<View> {
  const fields: Field[] = [];
  const options = (module.definition.options ?? []) as APIApplicationCommandOption[];
  const subcommands = options.filter((o) => o.type === 1 || o.type === 2);
  if (subcommands.length === 0) {
    fields.push({ name: ctx.t('help.options'), value: optionLines(ctx, options) || ctx.t('help.noOptions') });
  } else {
    for (const sub of subcommands) {
      const inner = 'options' in sub && sub.options ? (sub.options as APIApplicationCommandOption[]) : [];
      fields.push({ name: `${localized(sub, ctx.locale)} — ${localizedDesc(sub, ctx.locale)}`, value: optionLines(ctx, inner) || ctx.t('help.noOptions') });
    }
  }
  const blocks = [text(`${localizedDescription(module, ctx.locale)}\n${ctx.t(module.helpKey)}`)];
  if (module.definition.name === 'system') {
    const id = (await ctx.store.transaction(async (tx) => channelSystem(tx, ctx.channelId))) ?? DEFAULT_SYSTEM;
    const info = await systemHelp(id);
    const body = info.help.replace(/```/g, "'''").slice(0, SYSTEM_HELP_MAX);
    blocks.push(text(`${ctx.t('help.systemText', { system: info.id, name: info.name })}\n\`\`\`\n${body}\n\`\`\``));
  }
  return { locale: ctx.locale, tone: 'info', title: `/${localizedName(module, ctx.locale)}`, blocks, fields, ephemeral: true };
}

/** One line per option: name, required or not, description, choices and limits. */
function optionLines(ctx: CommandContext, options: APIApplicationCommandOption[]): string {
  return options
    .map((o) => {
      const parts = [`**${localized(o, ctx.locale)}**${'required' in o && o.required ? '' : ` ${ctx.t('help.optional')}`}: ${localizedDesc(o, ctx.locale)}`];
      if ('choices' in o && o.choices?.length) {
        parts.push(ctx.t('help.choices', { choices: o.choices.map((c) => c.name_localizations?.[ctx.locale as 'ja'] ?? c.name).join(', ') }));
      }
      if ('min_value' in o && o.min_value !== undefined) parts.push(ctx.t('help.range', { min: o.min_value, max: 'max_value' in o ? (o.max_value ?? '∞') : '∞' }));
      return parts.join(' ');
    })
    .join('\n');
}

function localized(o: { name: string; name_localizations?: Partial<Record<string, string | null>> | null }, locale: Locale): string {
  return o.name_localizations?.[locale] ?? o.name;
}

function localizedDesc(o: { description: string; description_localizations?: Partial<Record<string, string | null>> | null }, locale: Locale): string {
  return o.description_localizations?.[locale] ?? o.description;
}

function localizedName(module: CommandModule, locale: string): string {
  return module.definition.name_localizations?.[locale as 'ja'] ?? module.definition.name;
}

function localizedDescription(module: CommandModule, locale: string): string {
  return module.definition.description_localizations?.[locale as 'ja'] ?? module.definition.description;
}
