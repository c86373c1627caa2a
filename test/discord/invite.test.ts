// Issue 30 §1: `npm run invite` asks for exactly the permissions the bot uses. The permissions are
// read off the Discord calls in src/ (a table of calls → what Discord requires for them), so a new
// call — a webhook for /say, deleting a typed roll — fails here until the invite asks for it too.
import fs from 'node:fs';
import path from 'node:path';
import { PermissionFlagsBits } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { INVITE_PERMISSIONS, inviteText, inviteUrl, permissionBits } from '../../src/discord/invite.js';

type Permission = keyof typeof PermissionFlagsBits;

/** Calls that need a channel permission of the bot. Answers to interactions and DMs need none. */
const CALLS: { call: RegExp; needs: Permission[]; what: string }[] = [
  { call: /\bchannel\.send\(/, needs: ['ViewChannel', 'SendMessages'], what: 'a post in a channel' },
  { call: /\bchannel\.send\(\s*(?:\{\s*\.\.\.)?toMessage\(/, needs: ['EmbedLinks', 'AttachFiles'], what: 'a post rendered from a view: an embed, with its picture as a file' },
  { call: /\.messages\.edit\(/, needs: ['ViewChannel', 'ReadMessageHistory'], what: 'editing a board or tracker posted earlier' },
  { call: /\.messages\.pin\(/, needs: ['PinMessages'], what: 'pinning the tracker' },
  { call: /createWebhook|fetchWebhooks|\.webhooks\./, needs: ['ManageWebhooks'], what: 'posting as a character through a webhook' },
  // Not used today: each would need a permission the invite does not ask for.
  { call: /bulkDelete|\.messages\.delete\(/, needs: ['ManageMessages'], what: 'deleting a message someone else wrote' },
  { call: /\.react\(/, needs: ['AddReactions', 'ReadMessageHistory'], what: 'reacting to a message' },
  { call: /\.messages\.fetch\(/, needs: ['ReadMessageHistory'], what: 'reading messages of a channel' },
  { call: /threads\.create\(|startThread\(/, needs: ['CreatePublicThreads', 'SendMessagesInThreads'], what: 'opening a thread' },
  { call: /\.roles\.(?:add|remove|create)\(/, needs: ['ManageRoles'], what: 'giving roles' },
  { call: /setNickname\(/, needs: ['ChangeNickname'], what: 'renaming itself' },
];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sources(p) : e.name.endsWith('.ts') ? [p] : [];
  });
}

const root = path.resolve(import.meta.dirname, '../..');
const code = [...sources(path.join(root, 'src')), ...sources(path.join(root, 'commands'))].map((f) => ({ f: path.relative(root, f), text: fs.readFileSync(f, 'utf8') }));

describe('npm run invite', () => {
  it('asks for exactly the permissions the Discord calls in src/ need', () => {
    const needed = new Map<Permission, string[]>();
    for (const { call, needs, what } of CALLS) {
      const where = code.filter((c) => call.test(c.text)).map((c) => c.f);
      if (where.length) for (const p of needs) needed.set(p, [...(needed.get(p) ?? []), `${what} (${where.join(', ')})`]);
    }
    expect([...needed.keys()].sort()).toEqual([...INVITE_PERMISSIONS].sort());
  });

  it('the permission integer is the sum of discord.js PermissionFlagsBits of the list', () => {
    // View Channel 1024 + Send Messages 2048 + Embed Links 16384 + Attach Files 32768 + Read Message History 65536 + Manage Webhooks 2^29 + Pin Messages 2^51
    expect(permissionBits(INVITE_PERMISSIONS)).toBe(1024n + 2048n + 16384n + 32768n + 65536n + 2n ** 29n + 2n ** 51n);
    const url = new URL(inviteUrl('123456789012345678'));
    expect(url.origin + url.pathname).toBe('https://discord.com/oauth2/authorize');
    expect(url.searchParams.get('client_id')).toBe('123456789012345678');
    expect(url.searchParams.get('scope')).toBe('bot applications.commands');
    expect(url.searchParams.get('permissions')).toBe(String(2251799813803008n + 2n ** 29n));
  });

  it('explains each permission in en, ja and ko', () => {
    const out = inviteText('123456789012345678');
    for (const words of ['Pin Messages: pin the fight tracker', 'メッセージをピン留め: 戦闘トラッカー', '메시지 고정하기: 전투 트래커를']) expect(out).toContain(words);
    for (const words of ['Manage Webhooks: post as players’ characters', 'ウェブフックの管理: ', '웹후크 관리하기: ']) expect(out).toContain(words);
    expect(out).not.toMatch(/invite\.why\.|perm\./); // no catalog key left unworded
    expect(out.split('\n').filter((l) => l.startsWith('  - '))).toHaveLength(INVITE_PERMISSIONS.length * 3);
  });
});
