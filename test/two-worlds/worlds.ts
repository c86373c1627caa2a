// The two-worlds harness (issue 18 §2): one scripted session played twice through the real discord.js
// client against the fake Discord, with the same injected random source but different hidden values.
// What each audience received is recorded and normalised; an audience not entitled to the hidden
// values must read the same thing in both worlds, except where ./exceptions.ts declares (with its seed
// line) that the rules make an outcome public.
import { answerOf, embedText, EPHEMERAL, followUpsBeyondAnswer, replyFiles, startHarness, type Harness } from '../e2e/harness.js';
import type { CommandOption, FakeUser, InteractionExchange, RecordedMessage } from '../e2e/fake-discord/types.js';
import { mask, type Exception } from './exceptions.js';
import { preloadFonts, warmGlyphs } from '../../src/pictures/glyphs.js';
import { catalogKeys, LOCALES, t } from '../../src/i18n/index.js';

export interface World {
  h: Harness;
  channelId: string;
  users: { gm: FakeUser; a: FakeUser; b: FakeUser; c: FakeUser };
  /** Runs a command as a user and records what that user (and, if public, the table) was shown. */
  run(user: FakeUser, name: string, options?: CommandOption[], locale?: string): Promise<InteractionExchange>;
  /** Presses a button (the newest message carrying it) as a user; `inDm` for a button on a DM. */
  press(user: FakeUser, customId: string, inDm?: boolean): Promise<InteractionExchange>;
  /** Records an exchange made directly on the fake (a form, a button on a given message) as the user's. */
  record(user: FakeUser, ex: InteractionExchange): InteractionExchange;
}

export type Audience = 'table' | 'gm' | 'a' | 'b' | 'c';

const exchanges = new WeakMap<World, { user: string; ex: InteractionExchange }[]>();

export async function openWorld(seed: string, locale = 'ja'): Promise<World> {
  // Pictures are off here unless TW_PICTURES=on: a live board's new picture follows its text in a
  // second edit (src/discord/board.ts), and whether the script's next command lands before or after
  // it changes how many intermediate board edits each world records (not what any of them shows),
  // by timing alone. What a picture may show is proved by test/services/tracker-picture.test.ts (the
  // same picture whatever the hidden values) and test/e2e/pictures.e2e.test.ts (a hidden shadow's
  // HP change leaves the tracker's picture as it was).
  const pictures = process.env.TW_PICTURES === 'on';
  if (pictures) {
    // fonts and glyph outlines ready before either world plays, so neither draws slower than the other
    preloadFonts();
    warmGlyphs(`0123456789 ${LOCALES.flatMap((l) => catalogKeys(l).map((k) => t(l, k))).join('')}`);
  }
  const h = await startHarness(seed);
  h.fake.setGuildLocale(h.fake.guildId, locale);
  const channelId = h.fake.createTextChannel({ name: 'two-worlds' });
  if (!pictures) await h.fake.command({ name: 'gm', channelId, user: h.fake.users.moderator, options: [{ name: 'images', type: 1, options: [{ name: 'on', value: false }] }] });
  const users = {
    gm: h.fake.users.gm,
    a: h.fake.users.player,
    b: h.fake.users.player2,
    c: h.fake.createUser({ username: 'player_three', globalName: 'Player Three' }),
  };
  const log: { user: string; ex: InteractionExchange }[] = [];
  const world: World = {
    h,
    channelId,
    users,
    async run(user, name, options = [], userLocale = locale) {
      const ex = await h.fake.command({ name, channelId, user, locale: userLocale, options });
      log.push({ user: user.id, ex });
      return ex;
    },
    record(user, ex) {
      log.push({ user: user.id, ex });
      return ex;
    },
    async press(user, customId, inDm = false) {
      const ex = await h.fake.button({ customId, user, locale, ...(inDm ? { guildId: null } : { channelId }) });
      log.push({ user: user.id, ex });
      return ex;
    },
  };
  exchanges.set(world, log);
  return world;
}

const shown = (body: unknown): string => {
  const b = body as { content?: string; embeds?: unknown[]; components?: { components?: { label?: string }[] }[] } | undefined;
  const labels = (b?.components ?? []).flatMap((row) => (row.components ?? []).map((c) => c.label ?? '')).join(' | ');
  // A picture's file name carries the hash of everything it draws (src/pictures/index.ts): images
  // follow the same rule as text (issue 22), so a hidden number drawn would show up here.
  // discord.js sends a file's name in the multipart body, not in `attachments`: the embed's image names it.
  const pictures = ((b?.embeds ?? []) as { image?: { url?: string } }[]).flatMap((e) => (e?.image?.url?.startsWith('attachment://') ? [e.image.url.slice('attachment://'.length)] : []));
  return [b?.content ?? '', embedText(b as never), labels, ...pictures.map((n) => `[picture ${n}]`)].filter(Boolean).join('\n');
};
const messageText = (m: RecordedMessage): string => [shown(m.body), ...m.edits.map(shown)].join('\n--edit--\n');
const isEphemeral = (body: { flags?: number } | undefined) => ((body?.flags ?? 0) & EPHEMERAL) === EPHEMERAL;

/** Ids, hashes and times differ between two runs by construction: they are not information. */
export function normalise(text: string): string {
  return text
    .replace(/[0-9a-f]{64}/g, '<hash>')
    .replace(/<t:\d+(:\w)?>/g, '<t>')
    .replace(/\d{4}-\d\d-\d\d[ T]\d\d:\d\d(:\d\d)?(\.\d+)?Z?/g, '<time>')
    .replace(/\d{15,}/g, '<id>');
}

/** Everything an audience received, in order: the table's channel, or one person's own replies and DMs. */
export async function transcript(world: World, audience: Audience): Promise<string[]> {
  await settle(world);
  if (audience === 'table') {
    // Public replies to anyone's commands, then what the bot posted in the channel (boards, trackers,
    // commitments), each with its later edits. A reply is read as the answer however it came (answered
    // at once in one world, acknowledged first in the other is the machine's load, not information).
    const replies = (exchanges.get(world) ?? []).flatMap(({ ex }) => [
      ...((ex.callback.data || ex.callback.type === 5 || ex.callback.type === 6) && !isEphemeral(answerOf(ex)) ? [shown(answerOf(ex))] : []),
      ...followUpsBeyondAnswer(ex).filter((f) => !isEphemeral(f)).map(shown),
    ]);
    const posts = world.h.fake
      .channelMessages(world.channelId)
      .filter((m) => m.source === 'channel' && !isEphemeral({ flags: m.flags }))
      .map(messageText);
    return [...replies, '--posts--', ...posts].map(normalise);
  }
  const user = world.users[audience];
  const own = (exchanges.get(world) ?? [])
    .filter((e) => e.user === user.id)
    .flatMap(({ ex }) => [
      ...(isEphemeral(answerOf(ex)) ? [shown(answerOf(ex))] : []),
      // files handed to the user (a log export): their text is what they read
      ...(isEphemeral(answerOf(ex)) ? replyFiles(ex).map((f) => `[${f.name}]\n${f.data.toString('utf8')}`) : []),
      ...followUpsBeyondAnswer(ex).filter((f) => isEphemeral(f)).map(shown),
    ]);
  const dms = world.h.fake.dms(user.id).map(messageText);
  return [...own, '--dms--', ...dms].map(normalise);
}

/** The bot may still be sending DMs, posts and board edits after the last reply. */
async function settle(world: World): Promise<void> {
  let last = -1;
  for (let i = 0; i < 40; i++) {
    const count = world.h.fake.requests.length;
    if (count === last) return;
    last = count;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The audiences' transcripts of two worlds, masked by the scenario's declared exceptions. Returns the
 * differing lines per audience (empty when the worlds agree).
 */
export async function compare(x: World, y: World, audiences: readonly Audience[], exceptions: readonly Exception[]): Promise<Record<string, { a: string; b: string }[]>> {
  const out: Record<string, { a: string; b: string }[]> = {};
  for (const audience of audiences) {
    const relevant = exceptions.filter((e) => e.audiences.includes(audience));
    const left = (await transcript(x, audience)).map((t) => mask(t, relevant));
    const right = (await transcript(y, audience)).map((t) => mask(t, relevant));
    const diffs: { a: string; b: string }[] = [];
    for (let i = 0; i < Math.max(left.length, right.length); i++) {
      if (left[i] !== right[i]) diffs.push(firstDifference(left[i] ?? '(nothing)', right[i] ?? '(nothing)'));
    }
    out[audience] = diffs;
  }
  return out;
}

export async function closeWorlds(...worlds: (World | undefined)[]): Promise<void> {
  for (const w of worlds) await w?.h.close();
}

/** The two texts from the line where they part, so a failure shows the leak, not the whole message. */
function firstDifference(a: string, b: string): { a: string; b: string } {
  const la = a.split('\n');
  const lb = b.split('\n');
  let i = 0;
  while (i < la.length && i < lb.length && la[i] === lb[i]) i++;
  return { a: la.slice(i, i + 3).join('\n'), b: lb.slice(i, i + 3).join('\n') };
}
