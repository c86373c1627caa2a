// A full shard in one process (issue 32 §2): the bot (bench/shard-bot.ts, a process of its own)
// receives thousands of guilds at start from the fake Discord — READY lists them unavailable, then a
// GUILD_CREATE each, as Discord does — and then a day of interactions from many distinct users spread
// across the guilds: /roll (plain, and secret in a channel with a GM, who gets a DM), /help, and typed
// messages (chatter the bot ignores, rolls typed in chat, secret ones answered by DM and hidden). It
// measures the time to ready, and the bot's resident memory after a full GC before login, at ready and
// after the day — at once, and again after a minute at rest each (restMs) — with the size of each
// discord.js cache. The bot runs with the Docker image's environment (bench/image-env.ts), so this
// measures what ships. `npm run soak` runs the full shard (2,500 guilds of 50 channels and 100 roles,
// 100,000 users); `npm test` a small one, checking exact facts. Smaller runs to iterate on:
// SHARD_SCALE=0.1 (250 guilds, 10,000 users) or SHARD_GUILDS / SHARD_USERS; SHARD_SNAPSHOTS=folder
// for heap snapshots (writing one leaves the process's malloc arena inflated: read the heap, not RSS).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { deployCommands } from '../src/discord/deploy.js';
import { loadConfig } from '../src/config.js';
import { startFakeDiscord, type FakeDiscord, type FakeUser, type InteractionExchange } from '../test/e2e/fake-discord/index.js';
import { imageEnv, imageNodeFlags } from './image-env.js';
import type { CacheCounts, Memory, ToChild, ToParent } from './shard-bot.js';

export interface ShardOptions {
  guilds: number;
  /** text channels per guild; the first is the table where each guild's GM switched chat rolls on */
  channels: number;
  /** roles per guild, @everyone and the bot's included */
  roles: number;
  emojis: number;
  stickers: number;
  /** distinct users over the day; user u belongs to guild u mod guilds */
  users: number;
  /** interactions in flight at once */
  concurrency: number;
  /** the fake checks each request body against Discord's OpenAPI description (the tests' instrument; CPU) */
  checkSpec: boolean;
  /**
   * How long the bot rests after the day before the last measurement (the first is at the day's end).
   * The bench compresses a day of users into minutes, so the bot's trust caches (up to 60 s) and its
   * REST handlers (swept each minute) hold ~100× a real minute's users when the day ends; at rest they
   * hold what a real day's end would. 0: one measurement, at the day's end.
   */
  restMs?: number;
  /** a folder: the bot writes a heap snapshot there at ready and after the day (ready.heapsnapshot, day.heapsnapshot); RSS after it is no longer the bot's own */
  snapshots?: string;
}

export const FULL_SHARD: ShardOptions = { guilds: 2_500, channels: 50, roles: 100, emojis: 20, stickers: 3, users: 100_000, concurrency: 24, checkSpec: false, restMs: 65_000 };

/** What happens over the day: each guild's setup (its GM, chat rolls on), then one event per user (by u mod 20). */
export type DayKind = 'roll' | 'secretRoll' | 'help' | 'chatter' | 'chatRoll' | 'secretChatRoll' | 'gmClaim' | 'gmChatRolls';
type EventKind = Exclude<DayKind, 'gmClaim' | 'gmChatRolls'> | 'setup';

export interface ShardResult {
  options: ShardOptions;
  /** startBot called → resolved (login, READY, every GUILD_CREATE digested) */
  readyMs: number;
  /** the fake's own time to build and send the GUILD_CREATEs (it streams them while the bot digests) */
  fakeGuildCreateMs: number;
  /**
   * readyNow, dayEnd: at once at ready, and as the day's last effect is delivered; ready, day: after
   * restMs at rest each (the same as readyNow and dayEnd when 0). Both pairs are in the same state: V8
   * gives its young generation back after a while idle, at ready as after the day.
   */
  memory: { baseline: Memory; readyNow: Memory; ready: Memory; dayEnd: Memory; day: Memory };
  caches: { ready: CacheCounts; dayEnd: CacheCounts; day: CacheCounts };
  /** events by kind, interactions answered (a callback came), failures (the first few described) */
  sent: Record<DayKind, number>;
  answered: number;
  interactions: number;
  errors: number;
  failures: string[];
  daySeconds: number;
  /** messages the fake saw made (bot's posts, DMs, replies; users' typed ones) and deleted */
  tally: ReturnType<FakeDiscord['tally']>;
  /** distinct people the day's DMs went to */
  dmRecipients: number;
  messageContent: boolean;
  /** the bot's MALLOC_ARENA_MAX, as the image sets it (bench/image-env.ts) */
  mallocArenaMax: string | null;
}

const root = path.resolve(import.meta.dirname, '..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The bot's process and a request/answer channel to it. */
class BotProcess {
  private readonly waiting: { kind: ToParent['kind']; resolve: (m: ToParent) => void }[] = [];
  private readonly seen: ToParent[] = [];
  private failure: string | null = null;
  readonly exited: Promise<number | null>;

  constructor(readonly child: ChildProcess) {
    child.on('message', (message: ToParent) => {
      if (message.kind === 'failed') this.failure = message.error;
      const i = this.waiting.findIndex((w) => w.kind === message.kind);
      if (i >= 0) this.waiting.splice(i, 1)[0]!.resolve(message);
      else this.seen.push(message);
    });
    this.exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  }

  next<K extends ToParent['kind']>(kind: K, timeoutMs: number): Promise<Extract<ToParent, { kind: K }>> {
    const i = this.seen.findIndex((m) => m.kind === kind);
    if (i >= 0) return Promise.resolve(this.seen.splice(i, 1)[0] as Extract<ToParent, { kind: K }>);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`shard bench: no '${kind}' from the bot within ${timeoutMs} ms${this.failure ? `: ${this.failure}` : ''}`)), timeoutMs);
      void this.exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`shard bench: the bot exited (${code}) before '${kind}'${this.failure ? `: ${this.failure}` : ''}`));
      });
      this.waiting.push({ kind, resolve: (m) => (clearTimeout(timer), resolve(m as Extract<ToParent, { kind: K }>)) });
    });
  }

  ask<K extends ToParent['kind']>(message: ToChild, answer: K, timeoutMs = 900_000): Promise<Extract<ToParent, { kind: K }>> {
    const reply = this.next(answer, timeoutMs);
    this.child.send(message);
    return reply;
  }
}

function startBotProcess(fake: FakeDiscord, databaseUrl: string): BotProcess {
  const loader = pathToFileURL(path.join(root, 'node_modules/tsx/dist/loader.mjs')).href;
  // The image's runtime environment and node flags (bench/image-env.ts: MALLOC_ARENA_MAX, V8's initial old space…), its own database in place of /data.
  const { DATABASE_URL: _image, ...shipped } = imageEnv(root);
  const child = spawn(process.execPath, ['--expose-gc', ...imageNodeFlags(root), '--import', loader, path.join(root, 'bench/shard-bot.ts')], {
    cwd: root,
    env: { ...shipped, PATH: process.env.PATH, HOME: process.env.HOME, DISCORD_TOKEN: fake.token, DISCORD_API: fake.apiBase, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new BotProcess(child);
}

interface Guild {
  guildId: string;
  owner: FakeUser;
  channelIds: string[];
}

/** The day's events, user by user. */
type DayEvent = { kind: EventKind; user: FakeUser; guild: Guild; channelId: string; u: number };

/** Each guild's owner becomes the GM of its first channel and switches chat rolls on there (before anyone types). */
function* setupEvents(guilds: Guild[]): Generator<DayEvent> {
  for (const guild of guilds) yield { kind: 'setup', user: guild.owner, guild, channelId: guild.channelIds[0]!, u: -1 };
}

function* dayEvents(guilds: Guild[], users: FakeUser[]): Generator<DayEvent> {
  for (let u = 0; u < users.length; u++) {
    const guild = guilds[u % guilds.length]!;
    const table = guild.channelIds[guild.channelIds.length > 1 ? 1 + (Math.floor(u / guilds.length) % (guild.channelIds.length - 1)) : 0]!;
    const chatTable = guild.channelIds[0]!;
    const user = users[u]!;
    // One event per user: half roll, the rest spread over the other kinds.
    // By u and by round: every guild sees every kind, and every stretch of the day has them all.
    const kind = DAY[(u + Math.floor(u / guilds.length)) % DAY.length]!;
    yield { kind, user, guild, channelId: kind === 'secretRoll' || kind === 'secretChatRoll' || kind === 'chatRoll' ? chatTable : table, u };
  }
}

/**
 * Twenty users' events: 12 /roll, 1 secret /roll (a DM to the GM, a commitment in the channel), 1 secret
 * roll typed in chat (hidden; a DM to the roller and to the GM), 1 roll typed in chat (a reply), 4
 * typed chatter the bot ignores, 1 /help. The posts and DMs are bounded by Discord's global limit of
 * 50 REST calls a second, which discord.js keeps to: about 0.4 a user, so the full day takes ~15 min.
 */
const DAY: EventKind[] = ['secretRoll', 'roll', 'chatter', 'roll', 'help', 'roll', 'chatRoll', 'roll', 'chatter', 'roll', 'secretChatRoll', 'roll', 'chatter', 'roll', 'roll', 'chatter', 'roll', 'roll', 'roll', 'roll'];

/** `progress`: told of each stage and of each tenth of the day (the full run takes minutes). */
export async function shardRun(databaseUrl: string, options: ShardOptions, progress: (line: string) => void = () => undefined): Promise<ShardResult> {
  // No default guild in READY: the shard is exactly the guilds made here.
  const fake = await startFakeDiscord({ settleMs: 0, checkSpec: options.checkSpec, sendGuildCreate: false, privilegedIntents: { messageContent: true } });
  let bot: BotProcess | null = null;
  try {
    await deployCommands(loadConfig({ DISCORD_TOKEN: fake.token, DISCORD_CLIENT_ID: fake.applicationId, DISCORD_API: fake.apiBase }));
    const guilds: Guild[] = [];
    for (let g = 0; g < options.guilds; g++) {
      guilds.push(fake.createGuild({ channels: options.channels, roles: options.roles, emojis: options.emojis, stickers: options.stickers }));
    }
    const users = Array.from({ length: options.users }, (_, u) => fake.createUser({ username: `player_${u}`, globalName: `Player ${u}` }));

    bot = startBotProcess(fake, databaseUrl);
    const baseline = (await bot.next('baseline', 60_000)).memory;
    progress(`${options.guilds} guilds made; the bot is starting`);
    const ready = await bot.next('ready', 1_800_000);
    progress(`ready in ${(ready.ms / 1000).toFixed(1)} s`);
    const atReadyNow = await bot.ask({ kind: 'measure' }, 'measured');
    if (options.restMs) progress(`resting ${options.restMs / 1000} s`);
    if (options.restMs) await sleep(options.restMs);
    const atReady = options.restMs ? await bot.ask({ kind: 'measure' }, 'measured') : atReadyNow;
    if (options.snapshots) await bot.ask({ kind: 'snapshot', file: path.join(options.snapshots, 'ready.heapsnapshot') }, 'snapshotted');

    const sent = { roll: 0, secretRoll: 0, help: 0, chatter: 0, chatRoll: 0, secretChatRoll: 0, gmClaim: 0, gmChatRolls: 0 } satisfies Record<DayKind, number>;
    let answered = 0;
    let interactions = 0;
    let errors = 0;
    const failures: string[] = [];
    const fail = (what: string) => {
      errors++;
      if (failures.length < 5) failures.push(what);
    };
    const forgetting = setInterval(() => fake.forget(20_000), 2_000);
    const dayStart = process.hrtime.bigint();
    const ask = async (kind: DayKind, e: { user: FakeUser; guild: Guild; channelId: string; u: number }) => {
      sent[kind]++;
      interactions++;
      const ex = await interaction(fake, kind, e.user, e.guild.guildId, e.channelId, e.u);
      if (ex.callback) answered++;
      else fail(`${kind}: no callback`);
    };
    const dmRecipients = new Set<string>();
    const worker = async (events: Generator<DayEvent>) => {
      for (let step = events.next(); !step.done; step = events.next()) {
        const e = step.value;
        // a secret roll's copy goes to the table's GM (the guild's owner); a secret typed roll's answer also to its roller
        if (e.kind === 'secretRoll') dmRecipients.add(e.guild.owner.id);
        if (e.kind === 'secretChatRoll') dmRecipients.add(e.user.id).add(e.guild.owner.id);
        try {
          if (e.kind === 'setup') {
            // the guild's owner becomes the GM of its first channel and switches chat rolls on there
            await ask('gmClaim', e);
            await ask('gmChatRolls', e);
          } else if (e.kind === 'chatter' || e.kind === 'chatRoll' || e.kind === 'secretChatRoll') {
            sent[e.kind]++;
            await typed(fake, e.kind, e.user, e.guild.guildId, e.channelId, e.u);
          } else {
            await ask(e.kind, e);
          }
        } catch (error) {
          fail(`${e.kind} by user ${e.u}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
        }
        if (e.u > 0 && e.u % Math.max(1, Math.floor(options.users / 10)) === 0) progress(`${e.u} users of ${options.users} in ${(Number(process.hrtime.bigint() - dayStart) / 1e9).toFixed(0)} s`);
      }
    };
    const pool = async (events: Generator<DayEvent>) => {
      await Promise.all(Array.from({ length: options.concurrency }, () => worker(events)));
    };
    await pool(setupEvents(guilds));
    await pool(dayEvents(guilds, users));
    await bot.ask({ kind: 'idle' }, 'idle');
    await sleep(500);
    await bot.ask({ kind: 'idle' }, 'idle');
    clearInterval(forgetting);
    const daySeconds = Number(process.hrtime.bigint() - dayStart) / 1e9;
    const atDayEnd = await bot.ask({ kind: 'measure' }, 'measured');
    if (options.restMs) progress(`the day took ${daySeconds.toFixed(0)} s; resting ${options.restMs / 1000} s`);
    if (options.restMs) await sleep(options.restMs);
    const atDay = options.restMs ? await bot.ask({ kind: 'measure' }, 'measured') : atDayEnd;
    if (options.snapshots) await bot.ask({ kind: 'snapshot', file: path.join(options.snapshots, 'day.heapsnapshot') }, 'snapshotted');
    return {
      options,
      readyMs: ready.ms,
      fakeGuildCreateMs: fake.lastGuildCreates?.ms ?? NaN,
      memory: { baseline, readyNow: atReadyNow.memory, ready: atReady.memory, dayEnd: atDayEnd.memory, day: atDay.memory },
      caches: { ready: atReady.caches, dayEnd: atDayEnd.caches, day: atDay.caches },
      sent,
      answered,
      interactions,
      errors,
      failures,
      daySeconds,
      tally: fake.tally(),
      dmRecipients: dmRecipients.size,
      messageContent: ready.messageContent,
      mallocArenaMax: ready.mallocArenaMax,
    };
  } finally {
    if (bot) {
      bot.child.send({ kind: 'stop' } satisfies ToChild);
      const stopped = await Promise.race([bot.exited, sleep(15_000).then(() => 'timeout' as const)]);
      if (stopped === 'timeout') bot.child.kill('SIGKILL');
    }
    await fake.close();
  }
}

const EXPRESSIONS = ['2d6+3', '1d100<=50', '8d6<=4', '3d6'];

function interaction(fake: FakeDiscord, kind: DayKind, user: FakeUser, guildId: string, channelId: string, u: number): Promise<InteractionExchange> {
  const base = { user, guildId, channelId, timeoutMs: 30_000 };
  switch (kind) {
    case 'roll':
      return fake.command({ ...base, name: 'roll', options: [{ name: 'expression', value: EXPRESSIONS[u % EXPRESSIONS.length]! }] });
    case 'secretRoll':
      return fake.command({ ...base, name: 'roll', options: [{ name: 'expression', value: '1d100<=50' }, { name: 'secret', value: true }] });
    case 'help':
      return fake.command({ ...base, name: 'help' });
    case 'gmClaim':
      return fake.command({ ...base, name: 'gm', options: [{ name: 'claim', type: 1, options: [] }] });
    case 'gmChatRolls':
      return fake.command({ ...base, name: 'gm', options: [{ name: 'chatrolls', type: 1, options: [{ name: 'on', value: true }] }] });
    default:
      throw new Error(`not an interaction: ${kind}`);
  }
}

/** A typed message; a roll waits until the bot has answered it (the reply, or the secret one's deletion and DM). */
async function typed(fake: FakeDiscord, kind: DayKind, user: FakeUser, guildId: string, channelId: string, u: number): Promise<void> {
  if (kind === 'chatter') {
    fake.userMessage({ user, guildId, channelId, content: `good evening from ${u}` });
    return;
  }
  if (kind === 'chatRoll') {
    const message = fake.userMessage({ user, guildId, channelId, content: '2d6+1 attack' });
    await fake.waitFor(() => fake.channelMessages(channelId).some((m) => m.body?.message_reference?.message_id === message.id), 30_000);
    return;
  }
  const message = fake.userMessage({ user, guildId, channelId, content: 'S1d100<=50' });
  await fake.waitFor(() => fake.message(message.id)?.deleted, 30_000);
}

const mb = (bytes: number) => bytes / 1024 / 1024;

export function shardLines(r: ShardResult): string[] {
  const { baseline, readyNow, ready, dayEnd, day } = r.memory;
  const rest = r.options.restMs ? ` after ${(r.options.restMs / 1000).toFixed(0)} s at rest` : '';
  const o = r.options;
  // both measured at once after the start, as before login
  const perGuild = (readyNow.rss - baseline.rss) / o.guilds / 1024;
  const perGuildHeap = (readyNow.heapUsed - baseline.heapUsed) / o.guilds / 1024;
  const events = Object.values(r.sent).reduce((a, b) => a + b, 0);
  const c = (x: CacheCounts) => `users ${x.users}, members ${x.members} (own in ${x.withMe} guilds), messages ${x.messages}, DM channels ${x.dmChannels}, emojis ${x.emojis}, stickers ${x.stickers}, channels ${x.channels}, roles ${x.roles}, REST handlers ${x.restHandlers}, hashes ${x.restHashes}`;
  return [
    `a full shard in one process: ${o.guilds.toLocaleString('en-US')} guilds (${o.channels} channels, ${o.roles} roles, ${o.emojis} emojis, ${o.stickers} stickers each), then a day of ${events.toLocaleString('en-US')} events from ${o.users.toLocaleString('en-US')} distinct users`,
    `  ratios: RSS after the day / at ready${rest} ×${(day.rss / ready.rss).toFixed(2)} (goal ≤ 1.10), heap ×${(day.heapUsed / ready.heapUsed).toFixed(2)}; measured at once (the day's end / at ready) RSS ×${(dayEnd.rss / readyNow.rss).toFixed(2)}, heap ×${(dayEnd.heapUsed / readyNow.heapUsed).toFixed(2)}`,
    `  the bot ran as the image runs it: MALLOC_ARENA_MAX=${r.mallocArenaMax ?? 'unset'}`,
    `  time to ready ${(r.readyMs / 1000).toFixed(1)} s (the fake built and sent its GUILD_CREATEs in ${(r.fakeGuildCreateMs / 1000).toFixed(1)} s of it, streaming)`,
    `  RSS after a full GC: ${mb(baseline.rss).toFixed(0)} MB before login; at once ${mb(readyNow.rss).toFixed(0)} MB at ready, ${mb(dayEnd.rss).toFixed(0)} MB at the day's end; ${r.options.restMs ? `${rest.trim()} ${mb(ready.rss).toFixed(0)} MB at ready, ${mb(day.rss).toFixed(0)} MB after the day` : ''}`,
    `  heap used ${mb(baseline.heapUsed).toFixed(0)} MB before login; at once ${mb(readyNow.heapUsed).toFixed(0)} → ${mb(dayEnd.heapUsed).toFixed(0)} MB; ${r.options.restMs ? `${rest.trim()} ${mb(ready.heapUsed).toFixed(0)} → ${mb(day.heapUsed).toFixed(0)} MB` : ''}`,
    `  (below: before login → at ready → after the day${rest})`,
    `  V8 heap held from the system ${mb(baseline.heapTotal).toFixed(0)} → ${mb(ready.heapTotal).toFixed(0)} → ${mb(day.heapTotal).toFixed(0)} MB; outside the heap (RSS − heap held) ${mb(baseline.rss - baseline.heapTotal).toFixed(0)} → ${mb(ready.rss - ready.heapTotal).toFixed(0)} → ${mb(day.rss - day.heapTotal).toFixed(0)} MB`,
    `  resident by mapping: malloc main arena ${mb(baseline.mappings.brk).toFixed(0)} → ${mb(ready.mappings.brk).toFixed(0)} → ${mb(day.mappings.brk).toFixed(0)} MB, malloc's thread arenas ${mb(baseline.mappings.arenas).toFixed(0)} → ${mb(ready.mappings.arenas).toFixed(0)} → ${mb(day.mappings.arenas).toFixed(0)} MB, other anonymous ${mb(baseline.mappings.anonymous).toFixed(0)} → ${mb(ready.mappings.anonymous).toFixed(0)} → ${mb(day.mappings.anonymous).toFixed(0)} MB, files ${mb(baseline.mappings.files).toFixed(0)} → ${mb(ready.mappings.files).toFixed(0)} → ${mb(day.mappings.files).toFixed(0)} MB; external ${mb(ready.external).toFixed(0)} → ${mb(day.external).toFixed(0)} MB`,
    `  V8 spaces held/used at ready → after the day: ${Object.keys(day.spaces)
      .filter((name) => (day.spaces[name]?.size ?? 0) > 0)
      .map((name) => `${name.replace(/_space$/, '')} ${mb(ready.spaces[name]?.size ?? 0).toFixed(0)}/${mb(ready.spaces[name]?.used ?? 0).toFixed(0)} → ${mb(day.spaces[name]!.size).toFixed(0)}/${mb(day.spaces[name]!.used).toFixed(0)}`)
      .join(', ')} MB`,
    `  per guild at ready: ${perGuild.toFixed(1)} KB resident, ${perGuildHeap.toFixed(1)} KB of heap`,
    `  caches at ready: ${c(r.caches.ready)}`,
    `  caches at the day's end: ${c(r.caches.dayEnd)}`,
    ...(r.options.restMs ? [`  caches after the day${rest}: ${c(r.caches.day)}`] : []),
    `  the day: ${r.interactions.toLocaleString('en-US')} interactions (${r.answered.toLocaleString('en-US')} answered), ${(r.sent.chatter + r.sent.chatRoll + r.sent.secretChatRoll).toLocaleString('en-US')} typed messages, in ${r.daySeconds.toFixed(0)} s; errors ${r.errors}`,
    ...r.failures.map((f) => `    ${f}`),
  ];
}

/** The full shard on a SQLite file (the Discord side's memory does not depend on the backend). */
export async function benchShard(options: ShardOptions = FULL_SHARD, progress?: (line: string) => void): Promise<{ lines: string[]; result: ShardResult }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grailwar-shard-'));
  try {
    const result = await shardRun(path.join(dir, 'shard.sqlite'), options, progress);
    return { lines: shardLines(result), result };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const scale = process.env.SHARD_SCALE ? Number(process.env.SHARD_SCALE) : 1;
  const env = (name: string, otherwise: number) => (process.env[name] ? Number(process.env[name]) : otherwise);
  const options: ShardOptions = {
    ...FULL_SHARD,
    guilds: env('SHARD_GUILDS', Math.round(FULL_SHARD.guilds * scale)),
    users: env('SHARD_USERS', Math.round(FULL_SHARD.users * scale)),
    concurrency: env('SHARD_CONCURRENCY', FULL_SHARD.concurrency),
    ...(process.env.SHARD_SNAPSHOTS ? { snapshots: process.env.SHARD_SNAPSHOTS } : {}),
  };
  const { lines, result } = await benchShard(options, (line) => process.stderr.write(`  shard: ${line}\n`));
  for (const line of lines) console.log(line);
  process.exit(result.errors > 0 || result.answered !== result.interactions ? 1 : 0);
}
