// What a command answers, independent of where it is shown. The Discord renderer turns a view into
// an embed; the console renderer into text. Text may use **bold** and <@id> mentions, nothing else.
import type { DiceResult } from '../core/dice/index.js';
import type { Locale } from '../i18n/index.js';

export type Tone = 'info' | 'success' | 'failure' | 'error' | 'secret';

export type Block =
  | { kind: 'text'; text: string }
  /** A roll: each renderer draws it with its own dice renderer (markdown or plain). */
  | { kind: 'dice'; result: DiceResult };

export interface Field {
  name: string;
  value: string;
  inline?: boolean;
}

export interface View {
  locale: Locale;
  tone: Tone;
  title?: string;
  blocks: Block[];
  fields?: Field[];
  footer?: string;
  /** Shown only to the person who ran the command. */
  ephemeral: boolean;
}

/** A DM copy: goes only to that user, in that user's language. */
export interface DirectMessage {
  userId: string;
  view: View;
}

export interface Reply {
  view: View;
  dms: DirectMessage[];
}

export const text = (value: string): Block => ({ kind: 'text', text: value });
export const mention = (userId: string): string => `<@${userId}>`;
