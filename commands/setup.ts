// /setup: the GM's way in (issue 30 §1). Sets or confirms the table's language and time zone and the
// rule set of the war to come, checks the bot's permissions in this channel against the ones it is
// invited with (naming each one missing and why), then shows the first war in order with a button to
// each step. The public answer is the table's (in its language, set just now if asked); the permission
// check is the caller's alone.
import { SlashCommandBuilder } from '@discordjs/builders';
import { UserError } from '../src/services/errors.js';
import { describe, localizedChoices } from '../src/services/localize.js';
import { guideBlocks, guideButtons, guideState, RULESETS, type Ruleset } from '../src/services/setup/guide.js';
import { setTableLanguage, setTableTimeZone, TABLE_LOCALES, tableTimeZone } from '../src/services/table-language.js';
import { tableOf } from '../src/services/table.js';
import type { CommandContext, CommandModule } from '../src/services/types.js';
import { tableSettings } from '../src/store/settings.js';
import { mention, text, type Reply, type View } from '../src/views/view.js';

const definition = describe(new SlashCommandBuilder(), 'cmd.setup')
  .setDMPermission(false)
  .addStringOption((o) => describe(o, 'cmd.setup.language').addChoices(...localizedChoices(TABLE_LOCALES, 'choice.tableLocale')))
  .addStringOption((o) => describe(o, 'cmd.setup.timezone').setMaxLength(64))
  .addStringOption((o) => describe(o, 'cmd.setup.ruleset').addChoices(...localizedChoices(RULESETS, 'warcmd.ruleset')))
  .toJSON();

export const setup: CommandModule = {
  definition,
  helpKey: 'help.setup',
  async execute(ctx, options) {
    if (!ctx.guildId) throw new UserError('error.guildOnly');
    const language = options.string('language');
    const zone = options.string('timezone');
    // The same rules as /gm language and /gm timezone: the channel's GM or Manage Channels; the server's zone needs Manage Channels.
    if (language) await setTableLanguage(ctx, language, 'channel');
    if (zone) await setTableTimeZone(ctx, zone);
    const chosen = options.string('ruleset');
    return await answer(ctx, language !== null, chosen && (RULESETS as readonly string[]).includes(chosen) ? (chosen as Ruleset) : null);
  },
};

async function answer(ctx: CommandContext, languageSetNow: boolean, chosen: Ruleset | null): Promise<Reply> {
  const guildId = ctx.guildId!;
  const { table, settings, state } = await ctx.store.transaction(async (tx) => ({
    // Read again: this command may just have changed the table's language.
    table: await tableOf(tx, ctx.channelId, guildId, ctx.table.locale),
    settings: await tableSettings(tx, ctx.channelId, guildId),
    state: await guideState(tx, ctx.channelId),
  }));
  const ruleset: Ruleset = state.war?.ruleset ?? chosen ?? 'fate';
  const languageName = table.t(`language.${table.locale}`);
  const lines = [
    table.t(languageSetNow ? 'setup.language.set' : settings.channelLocale ? 'setup.language.channel' : 'setup.language.server', { language: languageName }),
    table.t('setup.timezone', { zone: tableTimeZone(settings.timeZone, table.locale) }),
    state.war
      ? table.t('setup.ruleset.war', { name: state.war.name, ruleset: table.t(`warcmd.ruleset.${state.war.ruleset}`) })
      : table.t('setup.ruleset', { ruleset: table.t(`warcmd.ruleset.${ruleset}`) }),
    state.gm ? table.t('setup.gm.is', { gm: mention(state.gm) }) : table.t('setup.gm.none'),
  ];
  const view: View = {
    locale: table.locale,
    tone: 'info',
    title: table.t('guide.title'),
    blocks: [text(`**${table.t('setup.title')}**\n${lines.join('\n')}`), ...guideBlocks(table, state, true)],
    buttons: guideButtons(table, ruleset),
    ephemeral: false,
  };
  return { view, dms: [], aside: permissionCheck(ctx) };
}

/** What the bot lacks here among the permissions it is invited with, each with why it asks for it (the caller's language). */
function permissionCheck(ctx: CommandContext): View {
  const channel = `<#${ctx.channelId}>`;
  const missing = ctx.permissionsMissing;
  const lines =
    missing === undefined
      ? [ctx.t('setup.perm.unknown')]
      : missing.length === 0
        ? [ctx.t('setup.perm.ok', { channel })]
        : [ctx.t('setup.perm.missing', { channel }), ...missing.map((p) => ctx.t('setup.perm.line', { permission: ctx.t(`perm.${p}`), why: ctx.t(`invite.why.${p}`) }))];
  return { locale: ctx.locale, tone: missing?.length ? 'error' : 'info', title: ctx.t('setup.perm.title'), blocks: [text(lines.join('\n'))], ephemeral: true };
}
