// /say post | edit | delete | setup — speaking as a character (issue 30 §3), as RPG Sage and Tupperbox
// tables do: the words go out through the channel's webhook with the character's name and face (the
// adapter posts them: src/discord/speech.ts), a servant's hidden true name never in that name. A
// player edits and deletes only their own posts, picked from their recent ones. `setup` gives the
// character a display name, a face (an https link or an attached image the store keeps) and a chat
// prefix (`!セイバー 台詞` typed in the channel is reposted as the character).
import { SlashCommandBuilder } from '@discordjs/builders';
import { characterChoices } from '../src/services/character-search.js';
import { UserError } from '../src/services/errors.js';
import { describe } from '../src/services/localize.js';
import { POST_TEXT_MAX, ownPost, postAs, recentPostChoices, setupSpeaker, speakerCharacter } from '../src/services/speech.js';
import { SPEAKER_LIMITS } from '../src/core/speech/speaker.js';
import type { CommandContext, CommandModule } from '../src/services/types.js';
import { escapeMarkdown } from '../src/core/dice/index.js';
import { getCharacter } from '../src/store/characters.js';
import { assertCanEdit, hydrate } from '../src/services/characters.js';
import { text, type PostSpeech, type Reply, type View } from '../src/views/view.js';

const CHARACTER_MAX = 100;
/** A message id, as autocomplete offers it. */
const POST_MAX = 25;

const characterOption = (o: import('@discordjs/builders').SlashCommandStringOption) => describe(o, 'cmd.say.character').setAutocomplete(true).setMaxLength(CHARACTER_MAX);
const postOption = (o: import('@discordjs/builders').SlashCommandStringOption) => describe(o, 'cmd.say.message').setAutocomplete(true).setMaxLength(POST_MAX).setRequired(true);
const textOption = (o: import('@discordjs/builders').SlashCommandStringOption) => describe(o, 'cmd.say.text').setMaxLength(POST_TEXT_MAX);

const definition = describe(new SlashCommandBuilder(), 'cmd.say')
  .setDMPermission(false)
  .addSubcommand((s) => describe(s, 'cmd.say.post').addStringOption(textOption).addStringOption(characterOption))
  .addSubcommand((s) => describe(s, 'cmd.say.edit').addStringOption(postOption).addStringOption(textOption))
  .addSubcommand((s) => describe(s, 'cmd.say.delete').addStringOption(postOption))
  .addSubcommand((s) =>
    describe(s, 'cmd.say.setup')
      .addStringOption(characterOption)
      .addStringOption((o) => describe(o, 'cmd.say.setup.name').setMaxLength(SPEAKER_LIMITS.nameLength))
      .addAttachmentOption((o) => describe(o, 'cmd.say.setup.image'))
      .addStringOption((o) => describe(o, 'cmd.say.setup.url').setMaxLength(SPEAKER_LIMITS.urlLength))
      .addStringOption((o) => describe(o, 'cmd.say.setup.prefix').setMaxLength(SPEAKER_LIMITS.prefixLength))
      .addBooleanOption((o) => describe(o, 'cmd.say.setup.clear')),
  )
  .toJSON();

export const say: CommandModule = {
  definition,
  helpKey: 'help.say',
  async execute(ctx, options) {
    const sub = options.subcommand();
    if (sub === 'setup') {
      const view = await setupSpeaker(ctx, {
        character: options.string('character'),
        name: options.string('name'),
        prefix: options.string('prefix'),
        url: options.string('url'),
        image: options.attachment('image'),
        clear: options.boolean('clear') ?? false,
      });
      return { view, dms: [] };
    }
    if (sub === 'post') {
      const c = await ctx.store.transaction((tx) => speakerCharacter(tx, ctx, options.string('character')));
      const words = options.string('text');
      if (!words?.trim()) return form(ctx, `say:post:${c.row.id}`, ctx.t('say.form.postTitle', { name: c.row.name }), '');
      return posted(ctx, postAs(ctx, c, words));
    }
    const post = await ctx.store.transaction((tx) => ownPost(tx, ctx, options.string('post') ?? ''));
    if (sub === 'delete') return { view: ack(ctx, ctx.t('say.deleted', { name: escapeMarkdown(post.name) })), dms: [], speech: { kind: 'delete', post } };
    if (sub === 'edit') {
      const words = options.string('text');
      if (!words?.trim()) return form(ctx, `say:edit:${post.messageId}`, ctx.t('say.form.editTitle', { name: post.name }), post.text);
      return edited(ctx, post.messageId, words);
    }
    throw new UserError('error.unknownCommand', { name: 'say' });
  },

  async modal(ctx, customId, fields) {
    // say:post:<character id> · say:edit:<message id>
    const [, action, id = ''] = customId.split(':');
    const words = fields.text ?? '';
    if (action === 'edit') return edited(ctx, id, words);
    if (action !== 'post' || !/^\d{1,9}$/.test(id)) throw new Error(`unknown say form ${customId}`);
    const c = await ctx.store.transaction(async (tx) => {
      const row = await getCharacter(tx, Number(id));
      if (!row) throw new UserError('character.gone');
      const c = hydrate(row);
      await assertCanEdit(tx, ctx, c);
      return c;
    });
    return posted(ctx, postAs(ctx, c, words));
  },

  defer(subcommand, via, given) {
    // an attached face is downloaded first
    return via === 'command' && subcommand === 'setup' && given?.attachment ? 'ephemeral' : null;
  },

  async autocomplete(ctx, focused) {
    if (!ctx.guildId) return [];
    if (focused.name === 'post') return await recentPostChoices(ctx, focused.value);
    if (focused.name === 'character') return await characterChoices(ctx, focused.value, 'own');
    return [];
  },
};

function ack(ctx: CommandContext, line: string): View {
  return { locale: ctx.locale, tone: 'success', blocks: [text(line)], ephemeral: true };
}

function posted(ctx: CommandContext, speech: PostSpeech): Reply {
  return { view: ack(ctx, ctx.t('say.posted', { name: escapeMarkdown(speech.name) })), dms: [], speech };
}

async function edited(ctx: CommandContext, messageId: string, words: string): Promise<Reply> {
  const post = await ctx.store.transaction((tx) => ownPost(tx, ctx, messageId));
  const said = Array.from(words.trim()).slice(0, POST_TEXT_MAX).join('');
  if (!said) throw new UserError('say.refused.empty');
  return { view: ack(ctx, ctx.t('say.edited', { name: escapeMarkdown(post.name) })), dms: [], speech: { kind: 'edit', post, text: said } };
}

function form(ctx: CommandContext, customId: string, title: string, value: string): Reply {
  return {
    view: { locale: ctx.locale, tone: 'info', blocks: [], ephemeral: true },
    dms: [],
    modal: {
      customId,
      title: Array.from(title).slice(0, 45).join(''),
      inputs: [{ customId: 'text', label: ctx.t('say.form.text'), style: 'paragraph', maxLength: POST_TEXT_MAX, required: true, ...(value ? { value } : {}) }],
    },
  };
}
