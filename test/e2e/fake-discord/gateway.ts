// Gateway (WebSocket) side of the fake: HELLO, heartbeats, IDENTIFY → READY (+ GUILD_CREATE), RESUME, dispatches.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import zlib from 'node:zlib';
import { WebSocket, WebSocketServer } from 'ws';
import { botUserApi } from './payloads.js';
import { randomHex, shardOf } from './snowflake.js';
import type { GuildRecord, Store } from './state.js';

/** GUILD_CREATEs sent per turn of the event loop after READY. */
const GUILD_CREATE_BATCH = 100;

const Op = {
  Dispatch: 0,
  Heartbeat: 1,
  Identify: 2,
  PresenceUpdate: 3,
  VoiceStateUpdate: 4,
  Resume: 6,
  Reconnect: 7,
  RequestGuildMembers: 8,
  InvalidSession: 9,
  Hello: 10,
  HeartbeatAck: 11,
  RequestSoundboardSounds: 31,
} as const;

export const Intents = { Guilds: 1 << 0, GuildMembers: 1 << 1, GuildPresences: 1 << 8, GuildMessages: 1 << 9, DirectMessages: 1 << 12, MessageContent: 1 << 15 } as const;
/** Intents an application must have enabled (the developer portal's switches) before a session may ask for them. */
export const PRIVILEGED_INTENTS = Intents.GuildMembers | Intents.GuildPresences | Intents.MessageContent;
/** Every intent Discord defines (bits 0–21, 24, 25); another bit closes the session with 4013. */
const KNOWN_INTENTS = ((1 << 22) - 1) | (1 << 24) | (1 << 25);

interface Session {
  id: string;
  seq: number;
  intents: number;
  shard: [number, number];
  log: { s: number; t: string; d: unknown }[];
  conn: Connection | null;
}

class Connection {
  session: Session | null = null;
  private readonly deflate: zlib.Deflate | null;
  private readonly chunks: Buffer[] = [];

  constructor(readonly ws: WebSocket, compress: boolean) {
    this.deflate = compress ? zlib.createDeflate({ chunkSize: 65535 }) : null;
    this.deflate?.on('data', (chunk: Buffer) => this.chunks.push(chunk));
  }

  send(payload: unknown): void {
    if (this.ws.readyState !== WebSocket.OPEN) return;
    const json = JSON.stringify(payload);
    if (!this.deflate) {
      this.ws.send(json);
      return;
    }
    // zlib-stream transport compression: one shared deflate context, each payload ends with Z_SYNC_FLUSH.
    this.deflate.write(json);
    this.deflate.flush(zlib.constants.Z_SYNC_FLUSH, () => {
      const buf = Buffer.concat(this.chunks.splice(0));
      if (buf.length && this.ws.readyState === WebSocket.OPEN) this.ws.send(buf);
    });
  }

  dispose(): void {
    this.deflate?.close();
  }
}

export interface GatewayOptions {
  heartbeatIntervalMs: number;
  sendGuildCreate: boolean;
}

export class FakeGateway {
  private readonly wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  private readonly conns = new Set<Connection>();
  private readonly sessions = new Map<string, Session>();
  private readyWaiters: (() => void)[] = [];
  private readyCount = 0;

  constructor(
    private readonly store: Store,
    private readonly opts: GatewayOptions,
  ) {}

  get identifiedCount(): number {
    return this.readyCount;
  }

  hasLiveSession(): boolean {
    return [...this.sessions.values()].some((s) => s.conn !== null);
  }

  /** `[id, count]` of every session with an open connection. */
  connectedShards(): [number, number][] {
    return [...this.sessions.values()].filter((s) => s.conn !== null).map((s) => [...s.shard]);
  }

  /**
   * Whether a session receives a guild's events: Discord sends them to shard `(guild_id >> 22) % count`
   * and everything outside a guild (DMs) to shard 0. `undefined` means not guild-scoped: every session.
   */
  private owns(session: Session, guildId: string | null | undefined): boolean {
    if (guildId === undefined) return true;
    const [id, count] = session.shard;
    return guildId === null ? id === 0 : shardOf(guildId, count) === id;
  }

  /** Whether a connected session would receive this guild's (or, for null, a DM's) events now. */
  hasLiveSessionFor(guildId: string | null): boolean {
    return [...this.sessions.values()].some((s) => s.conn !== null && this.owns(s, guildId));
  }

  waitForReady(): Promise<void> {
    if (this.readyCount > 0) return Promise.resolve();
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.wss.handleUpgrade(req, socket, head, (ws) => this.onConnection(ws, req));
  }

  private onConnection(ws: WebSocket, req: IncomingMessage): void {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const conn = new Connection(ws, url.searchParams.get('compress') === 'zlib-stream');
    this.conns.add(conn);
    ws.on('close', () => {
      this.conns.delete(conn);
      if (conn.session?.conn === conn) conn.session.conn = null;
      conn.dispose();
    });
    ws.on('error', () => undefined);
    const version = url.searchParams.get('v');
    if (version !== null && version !== '10') {
      ws.close(4012, 'Invalid API version');
      return;
    }
    if ((url.searchParams.get('encoding') ?? 'json') !== 'json') {
      ws.close(4002, 'Error while decoding payload.');
      return;
    }
    ws.on('message', (raw, isBinary) => this.onMessage(conn, raw.toString(), isBinary));
    conn.send({ op: Op.Hello, d: { heartbeat_interval: this.opts.heartbeatIntervalMs, _trace: ['["fake-discord-gateway"]'] }, s: null, t: null });
  }

  private onMessage(conn: Connection, raw: string, isBinary: boolean): void {
    let payload: any;
    try {
      payload = isBinary ? null : JSON.parse(raw);
    } catch {
      payload = null;
    }
    if (!payload || typeof payload.op !== 'number') {
      conn.ws.close(4002, 'Error while decoding payload.');
      return;
    }
    switch (payload.op) {
      case Op.Heartbeat:
        // a zombie connection: Discord stops answering heartbeats and the client must notice
        if (!this.withholdAcks) conn.send({ op: Op.HeartbeatAck, d: null, s: null, t: null });
        return;
      case Op.Identify:
        this.identify(conn, payload.d);
        return;
      case Op.Resume:
        this.resume(conn, payload.d);
        return;
      case Op.PresenceUpdate:
      case Op.VoiceStateUpdate:
      case Op.RequestSoundboardSounds:
        if (!conn.session) conn.ws.close(4003, 'Not authenticated.');
        return;
      case Op.RequestGuildMembers:
        if (!conn.session) conn.ws.close(4003, 'Not authenticated.');
        else this.requestGuildMembers(conn.session, payload.d);
        return;
      default:
        conn.ws.close(4001, 'Unknown opcode.');
    }
  }

  private identify(conn: Connection, d: any): void {
    if (conn.session) {
      conn.ws.close(4005, 'Already authenticated.');
      return;
    }
    if (!d || d.token !== this.store.token) {
      conn.ws.close(4004, 'Authentication failed.');
      return;
    }
    const shard = parseShard(d.shard);
    if (!shard) {
      conn.ws.close(4010, 'Invalid shard.');
      return;
    }
    const intents = Number(d.intents ?? 0);
    if (!Number.isInteger(intents) || intents < 0 || (intents & ~KNOWN_INTENTS) !== 0) {
      conn.ws.close(4013, 'Invalid intent(s).');
      return;
    }
    // A privileged intent the application has not been granted (Message Content, Server Members,
    // Presence): Discord refuses the session outright, it does not silently drop the bit.
    if ((intents & PRIVILEGED_INTENTS & ~this.store.grantedIntents) !== 0) {
      this.store.refusedIdentifies.push(d);
      conn.ws.close(4014, 'Disallowed intent(s).');
      return;
    }
    this.store.identifies.push(d);
    const session: Session = { id: randomHex(16), seq: 0, intents, shard, log: [], conn };
    this.sessions.set(session.id, session);
    conn.session = session;
    // Only the guilds of this session's shard; the default guild only when sendGuildCreate is on.
    const guilds = [...this.store.announcedGuilds]
      .filter((id) => this.owns(session, id) && (id !== this.store.guildId || this.opts.sendGuildCreate))
      .map((id) => this.store.guilds.get(id))
      .filter((g) => g !== undefined);
    const withGuilds = (session.intents & Intents.Guilds) !== 0 ? guilds : [];
    this.send(session, 'READY', {
      v: 10,
      user: botUserApi(this.store.botUser),
      guilds: withGuilds.map((g) => ({ id: g.id, unavailable: true })),
      session_id: session.id,
      session_type: 'normal',
      resume_gateway_url: this.store.wsUrl,
      shard,
      application: { id: this.store.applicationId, flags: 0 },
      user_settings: {},
      relationships: [],
      private_channels: [],
      presences: [],
      guild_join_requests: [],
      geo_ordered_rtc_regions: ['fake'],
      auth: {},
      _trace: ['["fake-discord-gateway"]'],
    });
    this.sendGuildCreates(session, withGuilds, () => {
      this.readyCount++;
      const waiters = this.readyWaiters;
      this.readyWaiters = [];
      for (const resolve of waiters) resolve();
    });
  }

  /**
   * GUILD_CREATE for each guild after READY, as Discord streams them. A full shard (thousands of
   * guilds) goes out in batches between turns of the event loop, so the fake builds later guilds
   * while the client digests earlier ones instead of holding them all back (the fake is not the
   * bottleneck of a time to ready); a few go at once, before anything else is dispatched.
   */
  private sendGuildCreates(session: Session, guilds: GuildRecord[], done: () => void): void {
    const started = Date.now();
    const finish = () => {
      this.lastGuildCreates = { guilds: guilds.length, ms: Date.now() - started };
      done();
    };
    if (guilds.length <= GUILD_CREATE_BATCH) {
      for (const guild of guilds) this.send(session, 'GUILD_CREATE', this.store.guildCreateApi(guild));
      finish();
      return;
    }
    let next = 0;
    const batch = () => {
      if (!this.sessions.has(session.id)) return;
      for (const end = Math.min(guilds.length, next + GUILD_CREATE_BATCH); next < end; next++) this.send(session, 'GUILD_CREATE', this.store.guildCreateApi(guilds[next]!));
      if (next < guilds.length) setImmediate(batch);
      else finish();
    };
    batch();
  }

  /** How many GUILD_CREATEs the last IDENTIFY was answered with, and how long the fake took to build and send them. */
  lastGuildCreates: { guilds: number; ms: number } | null = null;

  private resume(conn: Connection, d: any): void {
    const session = this.sessions.get(String(d?.session_id ?? ''));
    if (!session || d?.token !== this.store.token) {
      conn.send({ op: Op.InvalidSession, d: false, s: null, t: null });
      return;
    }
    this.store.resumes.push(d);
    if (session.conn && session.conn !== conn) session.conn.ws.close(4000, 'Session resumed elsewhere');
    session.conn = conn;
    conn.session = session;
    const from = Number(d.seq ?? 0);
    for (const entry of session.log) {
      if (entry.s > from) conn.send({ op: Op.Dispatch, s: entry.s, t: entry.t, d: entry.d });
    }
    this.send(session, 'RESUMED', { _trace: ['["fake-discord-gateway"]'] });
  }

  private requestGuildMembers(session: Session, d: any): void {
    const guild = this.store.guilds.get(String(d?.guild_id ?? ''));
    if (!guild) return;
    const ids: string[] = Array.isArray(d.user_ids) ? d.user_ids.map(String) : d.user_ids ? [String(d.user_ids)] : [];
    const query = typeof d.query === 'string' ? d.query.toLowerCase() : '';
    const members = [...guild.members.keys()]
      .map((id) => this.store.users.get(id))
      .filter((u) => u !== undefined)
      .filter((u) => (ids.length ? ids.includes(u.id) : u.username.toLowerCase().startsWith(query)))
      .slice(0, d.limit ? Number(d.limit) : undefined)
      .map((u) => this.store.guildMemberApi(guild.id, u));
    const notFound = ids.filter((id) => !members.some((m) => m.user.id === id));
    this.send(session, 'GUILD_MEMBERS_CHUNK', {
      guild_id: guild.id,
      members,
      chunk_index: 0,
      chunk_count: 1,
      ...(notFound.length ? { not_found: notFound } : {}),
      ...(d.nonce ? { nonce: d.nonce } : {}),
    });
  }

  private send(session: Session, t: string, d: unknown): number {
    const s = ++session.seq;
    session.log.push({ s, t, d });
    if (session.log.length > 1000) session.log.shift();
    session.conn?.send({ op: Op.Dispatch, s, t, d });
    return s;
  }

  /**
   * Dispatch to every session (live or waiting to resume) that passes `filter` and whose shard owns
   * `guildId` (by default the payload's `guild_id`; without one, every session).
   */
  dispatch(t: string, d: unknown, filter: (intents: number) => boolean = () => true, guildId: string | null | undefined = guildOf(d)): number[] {
    const seqs: number[] = [];
    for (const session of this.sessions.values()) {
      if (filter(session.intents) && this.owns(session, guildId)) seqs.push(this.send(session, t, d));
    }
    return seqs;
  }

  /** GUILD_CREATE to the sessions of a guild's shard (a guild the bot just joined). */
  announceGuild(guildId: string): void {
    const guild = this.store.guilds.get(guildId);
    if (guild) this.dispatch('GUILD_CREATE', this.store.guildCreateApi(guild), (intents) => (intents & Intents.Guilds) !== 0, guildId);
  }

  /** MESSAGE_CREATE for messages the bot sent, honouring GUILD_MESSAGES / DIRECT_MESSAGES intents. */
  dispatchMessageCreate(message: any, guildId: string | null): void {
    const needed = guildId ? Intents.GuildMessages : Intents.DirectMessages;
    let d = message;
    if (guildId) {
      const { user: _user, ...member } = this.store.guildMemberApi(guildId, this.store.botUser);
      d = { ...message, guild_id: guildId, member };
    }
    this.dispatch('MESSAGE_CREATE', d, (intents) => (intents & needed) !== 0, guildId);
  }

  /**
   * MESSAGE_CREATE for a message a user (or a webhook, or another bot) posted: to the sessions with
   * GUILD_MESSAGES (DIRECT_MESSAGES for a DM). `build(withContent)` gives the payload; its content,
   * embeds, attachments and components are there only for a session that asked for MESSAGE_CONTENT
   * (which identify allowed only when granted), or for a DM or a message mentioning the bot, as on Discord.
   */
  dispatchUserMessage(build: (withContent: boolean) => unknown, guildId: string | null, mentionsBot: boolean): number[] {
    const needed = guildId ? Intents.GuildMessages : Intents.DirectMessages;
    const seqs: number[] = [];
    for (const session of this.sessions.values()) {
      if ((session.intents & needed) === 0 || !this.owns(session, guildId)) continue;
      const content = guildId === null || mentionsBot || ((session.intents & Intents.MessageContent) !== 0 && (this.store.grantedIntents & Intents.MessageContent) !== 0);
      seqs.push(this.send(session, 'MESSAGE_CREATE', build(content)));
    }
    return seqs;
  }

  /** MESSAGE_DELETE to the sessions with GUILD_MESSAGES (DIRECT_MESSAGES for a DM). */
  dispatchMessageDelete(d: { id: string; channel_id: string; guild_id?: string }): void {
    const needed = d.guild_id ? Intents.GuildMessages : Intents.DirectMessages;
    this.dispatch('MESSAGE_DELETE', d, (intents) => (intents & needed) !== 0, d.guild_id ?? null);
  }

  /** Heartbeats go unanswered while true (the client should close the zombie connection and resume). */
  withholdAcks = false;

  /** Discord asks every client to reconnect and resume (op 7). */
  requestReconnect(): void {
    for (const conn of this.conns) if (conn.session) conn.send({ op: Op.Reconnect, d: null, s: null, t: null });
  }

  /** Discord invalidates every session (op 9); `resumable` false: the client must identify anew. */
  invalidateSessions(resumable: boolean): void {
    for (const conn of this.conns) {
      if (!conn.session) continue;
      if (!resumable) {
        this.sessions.delete(conn.session.id);
        conn.session.conn = null;
      }
      conn.send({ op: Op.InvalidSession, d: resumable, s: null, t: null });
    }
  }

  /** The connection drops without a close frame (the client sees 1006). */
  dropConnections(): void {
    for (const conn of this.conns) {
      if (conn.session?.conn === conn) conn.session.conn = null;
      conn.ws.terminate();
    }
  }

  disconnect(code: number): void {
    for (const conn of this.conns) {
      if (conn.session?.conn === conn) conn.session.conn = null;
      conn.ws.close(code, 'fake-discord: disconnect requested');
    }
  }

  async close(): Promise<void> {
    for (const conn of this.conns) {
      conn.ws.terminate();
      conn.dispose();
    }
    this.conns.clear();
    this.sessions.clear();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}

/** IDENTIFY's optional `shard: [id, count]`: integers with 0 ≤ id < count (absent → [0, 1]); null when invalid (close 4010). */
function parseShard(raw: unknown): [number, number] | null {
  if (raw === undefined || raw === null) return [0, 1];
  if (!Array.isArray(raw) || raw.length !== 2) return null;
  const [id, count] = raw.map(Number) as [number, number];
  return Number.isInteger(id) && Number.isInteger(count) && count >= 1 && id >= 0 && id < count ? [id, count] : null;
}

function guildOf(d: unknown): string | undefined {
  const id = (d as { guild_id?: unknown } | null)?.guild_id;
  return typeof id === 'string' ? id : undefined;
}
