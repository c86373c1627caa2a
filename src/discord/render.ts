// View → Discord message payload: an embed, buttons in rows, files. Mentions inside embeds never
// ping, and allowed_mentions is empty so user text cannot ping @everyone either.
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  MessageFlags,
  ModalBuilder,
  StringSelectMenuBuilder,
  TextInputBuilder,
  TextInputStyle,
  type APIEmbed,
  type InteractionReplyOptions,
  type InteractionUpdateOptions,
  type MessageCreateOptions,
} from 'discord.js';
import { renderMarkdown } from '../core/dice/index.js';
import { translator } from '../i18n/index.js';
import { clip } from '../views/limits.js';
import { unaddressed } from '../views/line.js';
import type { Button, ModalView, Tone, View } from '../views/view.js';
import { drawnPicture, renderPicture, type RenderedPicture } from '../pictures/index.js';

const COLORS: Record<Tone, number> = {
  info: 0x5865f2,
  success: 0x3ba55d,
  failure: 0xed4245,
  error: 0xed4245,
  secret: 0x2f3136,
};

// Discord's limits.
const TITLE_MAX = 256;
const DESCRIPTION_MAX = 4096;
const FIELD_NAME_MAX = 256;
const FIELD_VALUE_MAX = 1024;
const FOOTER_MAX = 2048;
const BUTTON_LABEL_MAX = 80;
const BUTTONS_PER_ROW = 5;
const ROWS_MAX = 5;
const SELECT_OPTIONS_MAX = 25;
const SELECT_TEXT_MAX = 100;
const SELECT_PLACEHOLDER_MAX = 150;

const BUTTON_STYLES: Record<Button['style'], ButtonStyle> = {
  primary: ButtonStyle.Primary,
  secondary: ButtonStyle.Secondary,
  success: ButtonStyle.Success,
  danger: ButtonStyle.Danger,
};

export function toEmbed(view: View): APIEmbed {
  const t = translator(view.locale);
  const description = view.blocks
    .map((block) => (block.kind === 'text' ? block.text : block.kind === 'line' ? unaddressed(block, view.locale) : renderMarkdown(block.result, t)))
    .join('\n\n');
  const embed: APIEmbed = { color: COLORS[view.tone] };
  if (view.title) embed.title = clip(view.title, TITLE_MAX);
  if (description) embed.description = clip(description, DESCRIPTION_MAX);
  if (view.fields?.length) {
    embed.fields = view.fields.slice(0, 25).map((f) => ({
      name: clip(f.name, FIELD_NAME_MAX),
      value: clip(unaddressed(f.value, view.locale), FIELD_VALUE_MAX) || '-',
      inline: f.inline ?? false,
    }));
  }
  if (view.footer) embed.footer = { text: clip(view.footer, FOOTER_MAX) };
  return embed;
}

function components(view: View): ActionRowBuilder<ButtonBuilder | StringSelectMenuBuilder>[] {
  const rows: ActionRowBuilder<ButtonBuilder | StringSelectMenuBuilder>[] = [];
  const select = view.select?.options.length ? view.select : undefined;
  if (select) {
    // A select menu fills a row of its own; the buttons share the rows left.
    const menu = new StringSelectMenuBuilder()
      .setCustomId(select.customId)
      .addOptions(
        select.options.slice(0, SELECT_OPTIONS_MAX).map((o) => ({
          label: clip(o.label, SELECT_TEXT_MAX) || '-',
          value: o.value.slice(0, SELECT_TEXT_MAX),
          ...(o.description ? { description: clip(o.description, SELECT_TEXT_MAX) } : {}),
        })),
      );
    if (select.placeholder) menu.setPlaceholder(clip(select.placeholder, SELECT_PLACEHOLDER_MAX));
    rows.push(new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(menu));
  }
  const buttons = (view.buttons ?? []).slice(0, BUTTONS_PER_ROW * (ROWS_MAX - rows.length));
  for (let i = 0; i < buttons.length; i += BUTTONS_PER_ROW) {
    rows.push(
      new ActionRowBuilder<ButtonBuilder>().addComponents(
        buttons.slice(i, i + BUTTONS_PER_ROW).map((b) =>
          new ButtonBuilder()
            .setCustomId(b.customId)
            .setLabel(clip(b.label, BUTTON_LABEL_MAX))
            .setStyle(BUTTON_STYLES[b.style])
            .setDisabled(b.disabled ?? false),
        ),
      ),
    );
  }
  return rows;
}

/**
 * The view's picture as a PNG, drawn in the picture worker, or null (none, or over the size bounds:
 * the text still says it all).
 */
export async function pictureOf(view: View): Promise<RenderedPicture | null> {
  if (!view.picture) return null;
  try {
    return await renderPicture(view.picture);
  } catch {
    return null;
  }
}

/** The view's picture if it is drawn already: what a first response carries without waiting for a drawing. */
export function readyPicture(view: View): RenderedPicture | null {
  return view.picture ? (drawnPicture(view.picture) ?? null) : null;
}

/** Whether a message sent with `sent` still lacks the view's picture (it follows in an edit: toPictureEdit). */
export const pictureToFollow = (view: View, sent: RenderedPicture | null): boolean => view.picture !== undefined && sent === null;

/** `picture`: the drawn picture to attach and show in the embed. */
function message(view: View, picture: RenderedPicture | null) {
  const embed = toEmbed(view);
  if (picture) embed.image = { url: `attachment://${picture.name}` };
  const files = (view.files ?? []).map((f) => new AttachmentBuilder(Buffer.from(f.content, 'utf8'), { name: f.name }));
  if (picture) files.push(new AttachmentBuilder(picture.png, { name: picture.name }));
  return { embeds: [embed], components: components(view), files, allowedMentions: { parse: [] } };
}

/**
 * A live board's edit. `upload`: a new picture replaces the old attachment. Otherwise `shown`: the
 * picture the message already carries stays (no upload) and the embed keeps pointing at it; neither:
 * the message loses its picture (pictures turned off).
 */
export function toBoardEdit(view: View, upload: RenderedPicture | null, shown: { name: string } | null = null) {
  const embed = toEmbed(view);
  const picture = upload ?? shown;
  if (picture) embed.image = { url: `attachment://${picture.name}` };
  const base = { embeds: [embed], components: [], allowedMentions: { parse: [] as const } };
  if (upload) return { ...base, files: [new AttachmentBuilder(upload.png, { name: upload.name })], attachments: [] };
  return shown ? base : { ...base, files: [], attachments: [] };
}

/**
 * An interaction's reply. The first response never waits for a drawing (issue 32): it carries the
 * picture only when it is drawn already, else the picture follows in an edit (toPictureEdit).
 */
export function toInteractionReply(view: View, picture: RenderedPicture | null = readyPicture(view)): InteractionReplyOptions {
  return { ...message(view, picture), ...(view.ephemeral ? { flags: MessageFlags.Ephemeral } : {}) };
}

export function toUpdate(view: View, picture: RenderedPicture | null = readyPicture(view)): InteractionUpdateOptions {
  // A new picture replaces the message's old one rather than joining it.
  return view.picture ? { ...message(view, picture), attachments: [] } : message(view, picture);
}

/** The edit that brings a reply its picture once drawn: the same message, its attachments replaced. */
export function toPictureEdit(view: View, picture: RenderedPicture) {
  const { flags: _flags, ...reply } = toInteractionReply(view, picture);
  return { ...reply, attachments: [] };
}

/** A message (a post, a DM, a new board) with its picture, drawn beforehand by the caller (pictureOf). */
export function toMessage(view: View, picture: RenderedPicture | null): MessageCreateOptions {
  return message(view, picture);
}

export function toModal(modal: ModalView): ModalBuilder {
  return new ModalBuilder()
    .setCustomId(modal.customId)
    .setTitle(clip(modal.title, 45))
    .addComponents(
      modal.inputs.slice(0, 5).map((input) => {
        const field = new TextInputBuilder()
          .setCustomId(input.customId)
          .setLabel(clip(input.label, 45))
          .setStyle(input.style === 'paragraph' ? TextInputStyle.Paragraph : TextInputStyle.Short)
          .setMaxLength(input.maxLength)
          .setRequired(input.required);
        if (input.value) field.setValue(input.value);
        if (input.placeholder) field.setPlaceholder(clip(input.placeholder, 100));
        return new ActionRowBuilder<TextInputBuilder>().addComponents(field);
      }),
    );
}
