// Speaking as a character (issue 30 §3), the adapter-free part: a character's speaker setup (display
// name, face, chat prefix) saved with its runtime state; the post a command asks the adapter to make
// (name never telling a hidden true name, seed 001 L297–314); the posts' record in the event log, which
// /log export merges (`character.post`, `character.postEdited`, `character.postDeleted`, each
// with the post's message id); and, for edits and deletes, the author's own posts only.
import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import {
  SPEAKER_LIMITS,
  faceUrlProblem,
  hiddenTrueName,
  imageType,
  matchPrefix,
  prefixProblem,
  publicName,
  tellsTrueName,
  type Face,
  type SpeakerSetup,
} from '../core/speech/speaker.js';
import { escapeMarkdown } from '../core/dice/index.js';
import type { Store, Tx } from '../store/db.js';
import { appendEvent } from '../store/events.js';
import { deleteFaces, saveFace } from '../store/faces.js';
import { getCharacter, listCharacters } from '../store/characters.js';
import type { CharacterRuntime } from '../core/fate/character.js';
import { assertCanEdit, guildOf, hydrate, resolveCharacter, saveCharacter, type Character } from './characters.js';
import { UserError } from './errors.js';
import { Recent } from './recent.js';
import { forTable } from './table.js';
import type { AttachmentOption, Choice, CommandContext } from './types.js';
import { text, type CharacterPost, type FaceRef, type PostSpeech, type View } from '../views/view.js';

export const POST_EVENT = 'character.post';
export const POST_EDITED_EVENT = 'character.postEdited';
export const POST_DELETED_EVENT = 'character.postDeleted';

/** Discord's message content limit: a post's words. */
export const POST_TEXT_MAX = 2000;

export function speakerOf(c: Character): SpeakerSetup {
  return c.runtime.speaker ?? {};
}

/** The name the table reads on the character's posts. */
export function speakerName(c: Character): string {
  return publicName(c.row.name, c.sheet, c.runtime.trueNameRevealed, c.runtime.speaker);
}

export function faceRefOf(c: Character): FaceRef | null {
  const face = c.runtime.speaker?.face;
  if (!face) return null;
  return face.kind === 'url' ? { kind: 'url', url: face.url } : { kind: 'stored', characterId: c.row.id, ownerId: c.row.ownerId, sha256: face.sha256 };
}

const clip = (words: string): string => Array.from(words).slice(0, POST_TEXT_MAX).join('');

/** `text` said as `c` in this channel: the webhook post, and the bot's own embed if webhooks are out of reach. */
export function postAs(ctx: CommandContext, c: Character, words: string): PostSpeech {
  const said = clip(words.trim());
  if (!said) throw new UserError('say.refused.empty');
  const name = speakerName(c);
  const table = forTable(ctx);
  const fallback: View = { locale: table.locale, tone: 'info', title: name, blocks: [text(said)], ephemeral: false };
  return { kind: 'post', channelId: ctx.channelId, characterId: c.row.id, name, face: faceRefOf(c), text: said, by: ctx.user.name, fallback };
}

/** The character the caller may speak as: named or active, their own (or, for the channel's GM, an NPC). */
export async function speakerCharacter(tx: Tx, ctx: CommandContext, name: string | null): Promise<Character> {
  guildOf(ctx);
  const c = await resolveCharacter(tx, ctx, name);
  await assertCanEdit(tx, ctx, c);
  return c;
}

// ---- the record ---------------------------------------------------------------

interface Where {
  guildId: string | null;
  actorId: string;
  at: Date;
}

/** A post made: its event carries the message id, so /log export can place it and edits find it. */
export async function recordPost(tx: Tx, where: Where, post: CharacterPost): Promise<void> {
  await appendEvent(tx, { at: where.at, guildId: where.guildId, channelId: post.channelId, actorId: where.actorId, type: POST_EVENT, subject: `post:${post.messageId}`, before: null, after: post });
}

export async function recordEdit(tx: Tx, where: Where, post: CharacterPost, words: string): Promise<void> {
  await appendEvent(tx, {
    at: where.at,
    guildId: where.guildId,
    channelId: post.channelId,
    actorId: where.actorId,
    type: POST_EDITED_EVENT,
    subject: `post:${post.messageId}`,
    before: { text: post.text },
    after: { ...post, text: words },
  });
}

export async function recordDelete(tx: Tx, where: Where, post: CharacterPost): Promise<void> {
  await appendEvent(tx, {
    at: where.at,
    guildId: where.guildId,
    channelId: post.channelId,
    actorId: where.actorId,
    type: POST_DELETED_EVENT,
    subject: `post:${post.messageId}`,
    before: post,
    after: { messageId: post.messageId, channelId: post.channelId, characterId: post.characterId },
  });
}

/** A post as it stands now (after its edits), its author, or null when it is gone or unknown. */
interface PostState {
  post: CharacterPost;
  authorId: string;
  at: Date;
}

const POST_TYPES = [POST_EVENT, POST_EDITED_EVENT, POST_DELETED_EVENT];
/** How far back autocomplete looks for the caller's posts in a channel. */
const RECENT_EVENTS = 300;

function fold(rows: { type: string; actorId: string; after: unknown; createdAt: Date; subject: string }[]): Map<string, PostState | null> {
  const out = new Map<string, PostState | null>();
  for (const row of rows) {
    const id = row.subject.slice('post:'.length);
    if (row.type === POST_EVENT) out.set(id, { post: row.after as CharacterPost, authorId: row.actorId, at: row.createdAt });
    else if (row.type === POST_DELETED_EVENT) out.set(id, null);
    else {
      const known = out.get(id);
      if (known) out.set(id, { ...known, post: { ...known.post, text: (row.after as CharacterPost).text } });
    }
  }
  return out;
}

/** The caller's own post in this channel, as it stands; refused when it is gone or someone else's. */
export async function ownPost(tx: Tx, ctx: CommandContext, messageId: string): Promise<CharacterPost> {
  const { events } = tx.t;
  if (!/^\d{1,25}$/.test(messageId)) throw new UserError('say.refused.unknownPost');
  const rows = await tx.db
    .select({ type: events.type, actorId: events.actorId, after: events.after, createdAt: events.createdAt, subject: events.subject })
    .from(events)
    .where(and(eq(events.channelId, ctx.channelId), eq(events.subject, `post:${messageId}`), inArray(events.type, POST_TYPES)))
    .orderBy(events.id);
  const state = fold(rows).get(messageId);
  if (!state) throw new UserError('say.refused.unknownPost');
  if (state.authorId !== ctx.user.id) throw new UserError('say.refused.notYours', { name: state.post.name });
  return state.post;
}

/** Autocomplete: the caller's latest posts here (newest first), `name: words…`, valued by message id. */
export async function recentPostChoices(ctx: CommandContext, typed: string): Promise<Choice[]> {
  const rows = await ctx.store.transaction(async (tx) => {
    const { events } = tx.t;
    return tx.db
      .select({ type: events.type, actorId: events.actorId, after: events.after, createdAt: events.createdAt, subject: events.subject })
      .from(events)
      .where(and(eq(events.channelId, ctx.channelId), inArray(events.type, POST_TYPES)))
      .orderBy(desc(events.id))
      .limit(RECENT_EVENTS);
  });
  const wanted = typed.trim().toLowerCase();
  return [...fold(rows.reverse()).values()]
    .filter((s): s is PostState => s !== null && s.authorId === ctx.user.id)
    .reverse()
    .map((s) => ({ name: `${s.post.name}: ${s.post.text.replace(/\s+/g, ' ')}`, value: s.post.messageId }))
    .filter((c) => !wanted || c.name.toLowerCase().includes(wanted) || c.value === typed.trim())
    .slice(0, 25)
    .map((c) => ({ ...c, name: Array.from(c.name).length > 100 ? `${Array.from(c.name).slice(0, 99).join('')}…` : c.name }));
}

// ---- setup ---------------------------------------------------------------------

export interface SetupInput {
  character: string | null;
  name: string | null;
  prefix: string | null;
  url: string | null;
  image: AttachmentOption | null;
  clear: boolean;
}

/** /say setup: changes what was given and shows the setup as it stands (only to the caller). */
export async function setupSpeaker(ctx: CommandContext, input: SetupInput): Promise<View> {
  const guildId = guildOf(ctx);
  if (input.url && input.image) throw new UserError('say.refused.twoFaces');
  // The file is read before the transaction: a download holds no lock.
  const image = input.image ? await readFace(input.image) : null;
  const changed = input.clear || [input.name, input.prefix, input.url, image].some((v) => v !== null);
  const c = await ctx.store.transaction(async (tx) => {
    const c = await speakerCharacter(tx, ctx, input.character);
    if (!changed) return c;
    const before = speakerOf(c);
    const next: SpeakerSetup = input.clear ? {} : { ...before };
    if (input.name !== null) {
      const name = input.name.trim();
      if (tellsTrueName(name, hiddenTrueName(c.sheet, c.runtime.trueNameRevealed))) throw new UserError('say.refused.trueName', { name: c.row.name });
      if (name) next.name = Array.from(name).slice(0, SPEAKER_LIMITS.nameLength).join('');
      else delete next.name;
    }
    if (input.prefix !== null) {
      const prefix = input.prefix.trim();
      if (prefix === '') delete next.prefix;
      else {
        const problem = prefixProblem(prefix);
        if (problem) throw new UserError(`say.refused.prefix.${problem}`, { max: SPEAKER_LIMITS.prefixLength });
        // typed in the channel, a prefix is read by everyone before the bot can delete it
        if (tellsTrueName(prefix, hiddenTrueName(c.sheet, c.runtime.trueNameRevealed))) throw new UserError('say.refused.trueName', { name: c.row.name });
        const taken = (await listCharacters(tx, guildId, c.row.ownerId)).find((o) => o.id !== c.row.id && samePrefix((o.state as CharacterRuntime).speaker?.prefix, prefix));
        if (taken) throw new UserError('say.refused.prefixTaken', { prefix, name: taken.name });
        next.prefix = prefix;
      }
    }
    if (input.url !== null) {
      const url = input.url.trim();
      if (url === '') delete next.face;
      else {
        const problem = faceUrlProblem(url);
        if (problem) throw new UserError(`say.refused.url.${problem}`, { max: SPEAKER_LIMITS.urlLength });
        next.face = { kind: 'url', url };
      }
    }
    if (image) {
      await saveFace(tx, c.row.id, { sha256: image.face.sha256, type: image.face.type, data: image.data }, ctx.now());
      next.face = image.face;
    } else if (next.face?.kind !== 'stored') {
      await deleteFaces(tx, [c.row.id]); // a link or no face: the bytes kept for an attached one go
    }
    const saved = await saveCharacter(tx, ctx, c, 'character.speaker', { runtime: { ...c.runtime, speaker: next } });
    forgetPrefixes(guildId, c.row.ownerId);
    return saved;
  });
  return setupView(ctx, c, changed);
}

const samePrefix = (a: string | undefined, b: string): boolean => a !== undefined && a.normalize('NFKC').toLowerCase() === b.normalize('NFKC').toLowerCase();

/** An attached face: within the size limit and, by its first bytes, a PNG, JPEG, WebP or GIF. */
async function readFace(file: AttachmentOption): Promise<{ face: Extract<Face, { kind: 'stored' }>; data: string }> {
  const bytes = await file.read(SPEAKER_LIMITS.imageBytes);
  const type = imageType(bytes);
  if (!type) throw new UserError('say.refused.notImage', { name: file.name });
  return { face: { kind: 'stored', sha256: createHash('sha256').update(bytes).digest('hex'), type, bytes: bytes.length }, data: bytes.toString('base64') };
}

function setupView(ctx: CommandContext, c: Character, changed: boolean): View {
  const setup = speakerOf(c);
  const face = setup.face;
  const lines = [
    ctx.t('say.setup.name', { name: escapeMarkdown(speakerName(c)) }),
    ctx.t(setup.prefix ? 'say.setup.prefix' : 'say.setup.noPrefix', { prefix: escapeMarkdown(setup.prefix ?? '') }),
    face ? (face.kind === 'url' ? ctx.t('say.setup.faceUrl', { url: face.url }) : ctx.t('say.setup.faceImage', { type: face.type.toUpperCase(), kb: Math.ceil(face.bytes / 1024) })) : ctx.t('say.setup.noFace'),
    ...(hiddenTrueName(c.sheet, c.runtime.trueNameRevealed) ? [ctx.t('say.setup.trueNameKept')] : []),
  ];
  return { locale: ctx.locale, tone: changed ? 'success' : 'info', title: ctx.t(changed ? 'say.setup.saved' : 'say.setup.title', { name: escapeMarkdown(c.row.name) }), blocks: [text(lines.join('\n'))], ephemeral: true };
}

// ---- typed prefixes ---------------------------------------------------------------

/**
 * Each member's prefixes in a server, cached: a server's messages and its interactions reach one
 * process (Discord shards by server), which writes through; another process's change shows within TRUST_MS.
 */
const TRUST_MS = 30_000;
const MAX_MEMBERS = 20_000;
/** Past TRUST_MS an entry is gone (src/services/recent.ts): every member who typed in a day stayed until the bound (issue 32 §2). */
const prefixCache = new Recent<string, { prefix: string; characterId: number }[]>(TRUST_MS, MAX_MEMBERS);

function forgetPrefixes(guildId: string, userId: string): void {
  prefixCache.delete(`${guildId}/${userId}`);
}

async function prefixesOf(store: Store, guildId: string, userId: string, now: Date): Promise<{ prefix: string; characterId: number }[]> {
  const key = `${guildId}/${userId}`;
  const seen = prefixCache.get(key, now.getTime());
  if (seen) return seen;
  // ids and runtime states only: a sheet is large, and this runs for a member's first message in a while
  const rows = await store.statement((tx) => {
    const { characters } = tx.t;
    return tx.db
      .select({ id: characters.id, state: characters.state })
      .from(characters)
      .where(and(eq(characters.guildId, guildId), eq(characters.ownerId, userId), isNull(characters.deletedAt)));
  });
  const entries = rows.flatMap((r) => {
    const prefix = (r.state as CharacterRuntime).speaker?.prefix;
    return prefix ? [{ prefix, characterId: r.id }] : [];
  });
  prefixCache.set(key, entries, now.getTime());
  return entries;
}

/** Which of its author's characters a typed message speaks for (by their prefixes), and its words; null for anything else. */
export async function matchTyped(store: Store, guildId: string, userId: string, content: string, now: Date): Promise<{ characterId: number; text: string } | null> {
  const entries = await prefixesOf(store, guildId, userId, now);
  const matched = entries.length ? matchPrefix(content, entries) : null;
  return matched ? { characterId: matched.entry.characterId, text: matched.text } : null;
}

/** The post a matched typed message asks for, while the character is still its author's. */
export async function typedSpeech(ctx: CommandContext, matched: { characterId: number; text: string }): Promise<PostSpeech | null> {
  const c = await ctx.store.transaction(async (tx) => {
    const row = await getCharacter(tx, matched.characterId);
    return row && row.ownerId === ctx.user.id ? hydrate(row) : null;
  });
  return c ? postAs(ctx, c, matched.text) : null;
}
