// /help: every command with a one-line example, plus the dice syntax, in the reader's language;
// /help command:<name> shows one command with all its subcommands and options; /help command:system
// adds the help text of the channel's BCDice system.
import { SlashCommandBuilder } from '@discordjs/builders';
import type { APIApplicationCommandOption } from 'discord.js';
import { DEFAULT_SYSTEM, systemHelp } from '../src/bcdice/index.js';
import { UserError } from '../src/services/errors.js';
import { describe } from '../src/services/localize.js';
import type { CommandContext, CommandModule } from '../src/services/types.js';
import { foldForSearch } from '../src/core/text/fold.js';
import type { Locale } from '../src/i18n/index.js';
import { channelSystem } from '../src/store/systems.js';
import { text, type Field, type Reply } from '../src/views/view.js';

const COMMAND_MAX = 32;
/** Room left in the embed description for BCDice's help text (Discord allows 4,096). */
const SYSTEM_HELP_MAX = 3500;

const definition = describe(new SlashCommandBuilder(), 'cmd.help')
  .addStringOption((o) => describe(o, 'cmd.help.command').setAutocomplete(true).setMaxLength(COMMAND_MAX))
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
      const asked = options.string('command');
      if (asked) {
        const module = find(asked);
        if (!module) throw new UserError('help.unknownCommand', { command: asked.slice(0, COMMAND_MAX) });
        return await commandHelp(ctx, module);
      }
      return {
        view: {
          locale: ctx.locale,
          tone: 'info',
          title: ctx.t('help.title'),
          // The dice syntax and the reading rule go in the description: the 25 fields are for commands.
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
        },
        dms: [],
      };
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

async function commandHelp(ctx: CommandContext, module: CommandModule): Promise<Reply> {
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
  return {
    view: { locale: ctx.locale, tone: 'info', title: `/${localizedName(module, ctx.locale)}`, blocks, fields: fields.slice(0, 25), ephemeral: true },
    dms: [],
  };
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
