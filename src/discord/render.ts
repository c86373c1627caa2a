// View → Discord message payload (an embed). Mentions inside embeds never ping, and
// allowed_mentions is empty so a comment cannot ping @everyone either.
import { MessageFlags, type APIEmbed, type InteractionReplyOptions, type MessageCreateOptions } from 'discord.js';
import { renderMarkdown } from '../core/dice/index.js';
import { translator } from '../i18n/index.js';
import { clip } from '../views/limits.js';
import type { Tone, View } from '../views/view.js';

const COLORS: Record<Tone, number> = {
  info: 0x5865f2,
  success: 0x3ba55d,
  failure: 0xed4245,
  error: 0xed4245,
  secret: 0x2f3136,
};

// Discord's embed limits.
const TITLE_MAX = 256;
const DESCRIPTION_MAX = 4096;
const FIELD_NAME_MAX = 256;
const FIELD_VALUE_MAX = 1024;
const FOOTER_MAX = 2048;

export function toEmbed(view: View): APIEmbed {
  const t = translator(view.locale);
  const description = view.blocks
    .map((block) => (block.kind === 'text' ? block.text : renderMarkdown(block.result, t)))
    .join('\n\n');
  const embed: APIEmbed = { color: COLORS[view.tone] };
  if (view.title) embed.title = clip(view.title, TITLE_MAX);
  if (description) embed.description = clip(description, DESCRIPTION_MAX);
  if (view.fields?.length) {
    embed.fields = view.fields.slice(0, 25).map((f) => ({
      name: clip(f.name, FIELD_NAME_MAX),
      value: clip(f.value, FIELD_VALUE_MAX),
      inline: f.inline ?? false,
    }));
  }
  if (view.footer) embed.footer = { text: clip(view.footer, FOOTER_MAX) };
  return embed;
}

export function toInteractionReply(view: View): InteractionReplyOptions & { flags?: MessageFlags.Ephemeral } {
  return {
    embeds: [toEmbed(view)],
    allowedMentions: { parse: [] },
    ...(view.ephemeral ? { flags: MessageFlags.Ephemeral } : {}),
  };
}

export function toMessage(view: View): MessageCreateOptions {
  return { embeds: [toEmbed(view)], allowedMentions: { parse: [] } };
}
