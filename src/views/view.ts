// What a command answers, independent of where it is shown. The Discord renderer turns a view into
// an embed; the console renderer into text. Text may use **bold** and <@id> mentions, nothing else.
import type { Tx } from '../store/db.js';
import type { DiceResult } from '../core/dice/index.js';
import type { Locale } from '../i18n/index.js';
import type { Picture } from '../pictures/model.js';
import type { Line } from './line.js';

export type Tone = 'info' | 'success' | 'failure' | 'error' | 'secret';

/**
 * Who may read a private block or field (./audience.ts): the GM, these users. The table never does, so
 * a view that reaches the channel loses it whatever command built it.
 */
export interface Readers {
  gm?: boolean;
  users?: readonly string[];
}

export type Block =
  | { kind: 'text'; text: string; readers?: Readers }
  /** Worded per reader (./line.ts): owned values show only to their readers. */
  | (Line & { readers?: Readers })
  /** A roll: each renderer draws it with its own dice renderer (markdown or plain). */
  | { kind: 'dice'; result: DiceResult; readers?: Readers };

export interface Field {
  name: string;
  /** A line is worded per reader, like a line block. */
  value: string | Line;
  inline?: boolean;
  readers?: Readers;
}

export type ButtonStyle = 'primary' | 'secondary' | 'success' | 'danger';

/** A button; its customId starts with the owning command's name (`seal:approve:12`). */
export interface Button {
  customId: string;
  label: string;
  style: ButtonStyle;
  disabled?: boolean;
}

/** One choice of a select menu; `value` comes back to the command, `label` is what the user reads. */
export interface SelectOption {
  label: string;
  value: string;
  description?: string;
}

/**
 * A drop-down (Discord string select, at most 25 options; the console lists them). Its customId starts
 * with the owning command's name like a button's; the chosen values reach that command's component().
 */
export interface SelectMenu {
  customId: string;
  placeholder?: string;
  options: SelectOption[];
}

/** A file attached to the reply (sheet exports). */
export interface FileAttachment {
  name: string;
  content: string;
}

export interface View {
  locale: Locale;
  tone: Tone;
  title?: string;
  blocks: Block[];
  fields?: Field[];
  footer?: string;
  buttons?: Button[];
  /** Shown above the buttons, on a row of its own. */
  select?: SelectMenu;
  files?: FileAttachment[];
  /**
   * A picture of the same content (tracker, board, /stats, /judge), drawn by the adapter that shows it (the
   * Discord renderer attaches it as a PNG; the console keeps the text). Built from the same table-safe
   * data as the text; `pictureReaders` marks one that only they may see.
   */
  picture?: Picture;
  pictureReaders?: Readers;
  /** Shown only to the person who ran the command. */
  ephemeral: boolean;
}

/** A form to fill in (Discord modal; the console asks for each input in turn). */
export interface ModalView {
  customId: string;
  title: string;
  inputs: { customId: string; label: string; style: 'short' | 'paragraph'; maxLength: number; required: boolean; value?: string; placeholder?: string }[];
}

/** A message posted to a channel as a side effect (e.g. a GM's approval announced publicly). */
export interface ChannelPost {
  channelId: string;
  view: View;
}

/** A DM copy: goes only to that user, in that user's language. */
export interface DirectMessage {
  userId: string;
  view: View;
  /** The recipient is the GM (reads blocks marked for the GM). */
  gm?: boolean;
}

export interface Reply {
  view: View;
  dms: DirectMessage[];
  /**
   * Lines only the actor may read beside a public reply (their own MP, luck, seals during a war):
   * sent as an ephemeral follow-up, in the actor's language.
   */
  aside?: View;
  /** For a button press: replace the message the button was on instead of answering anew. */
  update?: boolean;
  /** Ask for a form instead of answering (the form's submission is answered). */
  modal?: ModalView;
  posts?: ChannelPost[];
  /** A war's live board changed: edit its message in the channel (or post it anew if it is gone). */
  board?: BoardUpdate;
  /** Words said as a character (issue 30 §3): posted, edited or deleted by the adapter, then recorded. */
  speech?: Speech;
}

/** A character's face as the adapter reaches it: a link, or the bytes the store keeps for the character. */
export type FaceRef = { kind: 'url'; url: string } | { kind: 'stored'; characterId: number; ownerId: string; sha256: string };

/** A character post as recorded (the `character.post` event's `after`, src/services/speech.ts). */
export interface CharacterPost {
  messageId: string;
  channelId: string;
  characterId: number;
  name: string;
  avatarUrl: string | null;
  text: string;
  /** The channel webhook that posted it; null when the bot posted it itself (no Manage Webhooks). */
  webhookId: string | null;
}

/**
 * Posting goes through the channel's webhook with the character's name and face; where it cannot
 * (no Manage Webhooks, the channel's 15 webhooks taken), `fallback` (the bot's own embed, in the
 * table's language, its footer saying why) is posted instead.
 * Edits and deletes touch a post its author made, through whatever posted it.
 */
export type Speech =
  /** `by`: the member who said it, named under the bot's own post. */
  | { kind: 'post'; channelId: string; characterId: number; name: string; face: FaceRef | null; text: string; by: string; fallback: View }
  | { kind: 'edit'; post: CharacterPost; text: string }
  | { kind: 'delete'; post: CharacterPost };

export type PostSpeech = Extract<Speech, { kind: 'post' }>;

export interface BoardUpdate {
  /** Which live message: a war's board or a combat's tracker. */
  kind?: 'war' | 'combat';
  warId: number;
  channelId: string;
  view: View;
  /** Post a fresh board message instead of editing the current one. */
  repost?: boolean;
  /**
   * Renders the board from the database as it is now (null: the war or combat is gone). Another
   * process may have written since this command did; the board always shows what is read here.
   */
  render?: (tx: Tx) => Promise<RenderedBoard | null>;
}

/**
 * A board as read from the database: what it shows, and its live message's id (null: none posted yet),
 * read with the war's or combat's row rather than by a statement of its own (issue 32 §1).
 */
export interface RenderedBoard {
  view: View;
  messageId: string | null;
}

export const text = (value: string): Block => ({ kind: 'text', text: value });
/** A line only these readers see (the GM's numbers of a hidden enemy, a faction's own resources). */
export const privateText = (value: string, readers: Readers): Block => ({ kind: 'text', text: value, readers });
export const mention = (userId: string): string => `<@${userId}>`;
