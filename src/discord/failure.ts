// Why a DM, a post or a board edit did not reach Discord, worded for the person told about it: the
// notice names the cause (closed DMs, a player who left, the permission the bot lacks in that channel,
// Discord's own error) instead of guessing "their DMs may be closed".
import { DiscordAPIError, HTTPError, PermissionFlagsBits, RESTJSONErrorCodes, type PermissionsBitField } from 'discord.js';
import type { Translate } from '../i18n/index.js';

/** What the bot needs to keep a message in a channel: see it, write in it, show embeds and pictures, read back its own. */
export const POST_PERMISSIONS = ['ViewChannel', 'SendMessages', 'EmbedLinks', 'AttachFiles', 'ReadMessageHistory'] as const;
/** Pinning the fight tracker (Discord split Pin Messages out of Manage Messages in 2025). */
export const PIN_PERMISSIONS = ['PinMessages'] as const;

/** Posting as a character through the channel's webhook (issue 30 §3, ./speech.ts); without it the bot posts its own embed. */
export const SPEECH_PERMISSIONS = ['ManageWebhooks'] as const;

export type PermissionName = (typeof POST_PERMISSIONS)[number] | (typeof PIN_PERMISSIONS)[number] | (typeof SPEECH_PERMISSIONS)[number];

/** A channel the bot could not fetch or cannot send in (its cause, when Discord gave one). */
export class UnreachableChannel extends Error {
  constructor(override readonly cause?: unknown) {
    super('channel not reachable');
  }
}

/**
 * The cause, in the reader's words. `permissions`: the bot's permissions in the channel concerned, as
 * the interaction reports them (app_permissions) when it is that channel; `needed`: what the act needs.
 */
export function whyFailed(t: Translate, error: unknown, permissions: Readonly<PermissionsBitField> | null, needed: readonly PermissionName[]): string {
  const cause = error instanceof UnreachableChannel && error.cause !== undefined ? error.cause : error;
  if (cause instanceof DiscordAPIError) {
    switch (cause.code) {
      case RESTJSONErrorCodes.CannotSendMessagesToThisUser:
        return t('fail.dmClosed');
      case RESTJSONErrorCodes.UnknownUser:
      case RESTJSONErrorCodes.UnknownMember:
      case RESTJSONErrorCodes.CannotSendMessagesToThisUserDueToHavingNoMutualGuilds:
        return t('fail.left');
      case RESTJSONErrorCodes.UnknownChannel:
        return t('fail.channelGone');
      case RESTJSONErrorCodes.MissingAccess:
      case RESTJSONErrorCodes.MissingPermissions: {
        const missing = permissions ? needed.filter((p) => !permissions.has(PermissionFlagsBits[p])) : [];
        return missing.length ? t('fail.missingPermissions', { permissions: missing.map((p) => t(`perm.${p}`)).join(', ') }) : t('fail.noAccess');
      }
      default:
        return cause.status >= 500 ? t('fail.discordError', { status: cause.status }) : t('fail.refused', { code: cause.code });
    }
  }
  if (cause instanceof HTTPError) return t('fail.discordError', { status: cause.status });
  if (error instanceof UnreachableChannel) {
    const missing = permissions ? needed.filter((p) => !permissions.has(PermissionFlagsBits[p])) : [];
    return missing.length ? t('fail.missingPermissions', { permissions: missing.map((p) => t(`perm.${p}`)).join(', ') }) : t('fail.noAccess');
  }
  return t('fail.unknown');
}
