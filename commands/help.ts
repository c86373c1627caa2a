// /help: every command with a one-line example, plus the dice syntax, in the reader's language.
import { SlashCommandBuilder } from '@discordjs/builders';
import { describe } from '../src/command/localize.js';
import type { CommandModule } from '../src/command/types.js';
import { text } from '../src/views/view.js';

const definition = describe(new SlashCommandBuilder(), 'cmd.help').toJSON();

/** The help module lists the modules it is given and itself. */
export function withHelp(modules: CommandModule[]): CommandModule[] {
  const all: CommandModule[] = [...modules];
  const help: CommandModule = {
    definition,
    helpKey: 'help.help',
    execute(ctx) {
      return {
        view: {
          locale: ctx.locale,
          tone: 'info',
          title: ctx.t('help.title'),
          blocks: [text(ctx.t('help.intro'))],
          fields: [
            ...all.map((m) => ({
              name: `/${localizedName(m, ctx.locale)}`,
              value: `${localizedDescription(m, ctx.locale)}\n${ctx.t(m.helpKey)}`,
            })),
            { name: ctx.t('help.dice.title'), value: ctx.t('help.dice.body') },
          ],
          ephemeral: true,
        },
        dms: [],
      };
    },
  };
  all.push(help);
  return all;
}

function localizedName(module: CommandModule, locale: string): string {
  return module.definition.name_localizations?.[locale as 'ja'] ?? module.definition.name;
}

function localizedDescription(module: CommandModule, locale: string): string {
  return module.definition.description_localizations?.[locale as 'ja'] ?? module.definition.description;
}
