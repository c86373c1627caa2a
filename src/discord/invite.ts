// `npm run invite`: the URL that adds the bot to a server with exactly the permissions it uses, and
// why each one (issue 30 §1). The list is the one the bot checks when a post or a pin fails
// (failure.ts, beside the code that posts and pins); test/discord/invite.test.ts holds it against
// the Discord calls in src/.
import { pathToFileURL } from 'node:url';
import { PermissionFlagsBits } from 'discord.js';
import { loadDotEnv } from '../config.js';
import { LOCALES, t } from '../i18n/index.js';
import { PIN_PERMISSIONS, POST_PERMISSIONS, SPEECH_PERMISSIONS, type PermissionName } from './failure.js';

/** Everything the bot asks for when it is invited, in the order README explains them. */
export const INVITE_PERMISSIONS: readonly PermissionName[] = [...POST_PERMISSIONS, ...PIN_PERMISSIONS, ...SPEECH_PERMISSIONS];

/** The permission integer of a list (Discord's bit field, as a decimal string in the URL). */
export function permissionBits(names: readonly PermissionName[]): bigint {
  return names.reduce((bits, name) => bits | PermissionFlagsBits[name], 0n);
}

/** Scopes: `bot` (joins the server with the permissions) and `applications.commands` (its slash commands). */
export function inviteUrl(clientId: string): string {
  const query = new URLSearchParams({ client_id: clientId, scope: 'bot applications.commands', permissions: permissionBits(INVITE_PERMISSIONS).toString() });
  return `https://discord.com/oauth2/authorize?${query.toString()}`;
}

/** What `npm run invite` prints: the URL, then each permission and why, in en, ja and ko. */
export function inviteText(clientId: string): string {
  const lines = [inviteUrl(clientId), ''];
  for (const locale of LOCALES) {
    lines.push(t(locale, 'invite.heading'));
    for (const name of INVITE_PERMISSIONS) lines.push(`  - ${t(locale, `perm.${name}`)}: ${t(locale, `invite.why.${name}`)}`);
    lines.push('');
  }
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  loadDotEnv();
  const clientId = process.env.DISCORD_CLIENT_ID?.trim();
  if (!clientId || !/^\d{17,20}$/.test(clientId)) {
    console.error('npm run invite needs DISCORD_CLIENT_ID (the application id, in .env or the environment; see .env.example)');
    process.exit(1);
  }
  console.log(inviteText(clientId));
}
