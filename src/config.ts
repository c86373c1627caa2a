// Environment → typed config, validated once at start-up so a bad value fails loudly and early.
import fs from 'node:fs';
import path from 'node:path';
import { dialectOf } from './store/db.js';

export interface Config {
  discordToken: string | null; // null → local console mode
  discordClientId: string | null;
  discordGuildId: string | null;
  discordApi: string;
  /** A SQLite file path (resolved) or a postgres:// URL. */
  databaseUrl: string;
  logLevel: string;
  /** Scryfall's API base, for card data of imported decklists. */
  scryfallApi: string;
  /** Rolls and events older than this many days are pruned unless still needed; 0 keeps everything. */
  retentionDays: number;
  /** Gateway shards this process holds (SHARD_COUNT / SHARD_IDS); null → one process, one shard. */
  shards: ShardPlan | null;
  /** How long a process holds the effects it saved before another may deliver them (OUTBOX_LEASE_SECONDS). */
  outboxLeaseMs: number;
  /**
   * DISCORD_MESSAGE_CONTENT: `auto` asks Discord for the Message Content intent (rolls typed in chat,
   * issue 30 §2) and starts without it when the application does not have it; `off` never asks.
   */
  messageContent: 'auto' | 'off';
}

/** SHARD_COUNT (a number, or 'auto' for Discord's recommendation) and the SHARD_IDS this process runs (null → all). */
export interface ShardPlan {
  count: number | 'auto';
  ids: number[] | null;
}

/** Discord's own ceiling is far below this; it only bounds what a typo can ask for. */
const MAX_SHARDS = 65_536;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const SNOWFLAKE = /^\d{15,22}$/;

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const read = (name: string): string | null => {
    const value = env[name]?.trim();
    return value ? value : null;
  };

  const discordToken = read('DISCORD_TOKEN');
  const discordClientId = read('DISCORD_CLIENT_ID');
  const discordGuildId = read('DISCORD_GUILD_ID');
  for (const [name, value] of [['DISCORD_CLIENT_ID', discordClientId], ['DISCORD_GUILD_ID', discordGuildId]] as const) {
    if (value !== null && !SNOWFLAKE.test(value)) problems.push(`${name} must be a Discord id (digits), got "${value}"`);
  }

  const discordApi = (read('DISCORD_API') ?? 'https://discord.com/api').replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s/]+/.test(discordApi)) problems.push(`DISCORD_API must be an http(s) URL, got "${discordApi}"`);

  const rawDatabaseUrl = read('DATABASE_URL') ?? './data/grailwar.sqlite';
  // postgres://… as given; otherwise a plain path or a file: URL (':memory:' for throwaway runs).
  const databaseUrl =
    dialectOf(rawDatabaseUrl) === 'postgres' || rawDatabaseUrl === ':memory:' ? rawDatabaseUrl : path.resolve(rawDatabaseUrl.replace(/^file:(\/\/)?/, ''));

  const logLevel = (read('LOG_LEVEL') ?? 'info').toLowerCase();
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);

  const scryfallApi = (read('SCRYFALL_API') ?? 'https://api.scryfall.com').replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s/]+/.test(scryfallApi)) problems.push(`SCRYFALL_API must be an http(s) URL, got "${scryfallApi}"`);

  const retentionRaw = read('RETENTION_DAYS') ?? '0';
  const retentionDays = Number(retentionRaw);
  if (!/^\d+$/.test(retentionRaw) || retentionDays > 36_500) problems.push(`RETENTION_DAYS must be a whole number of days (0 keeps everything), got "${retentionRaw}"`);

  const shards = readShards(read('SHARD_COUNT'), read('SHARD_IDS'), problems);

  const leaseRaw = read('OUTBOX_LEASE_SECONDS') ?? '60';
  const outboxLeaseMs = Number(leaseRaw) * 1000;
  if (!/^\d+(\.\d+)?$/.test(leaseRaw) || outboxLeaseMs < 100 || outboxLeaseMs > 3_600_000) problems.push(`OUTBOX_LEASE_SECONDS must be a number of seconds from 0.1 to 3600, got "${leaseRaw}"`);

  const messageContent = (read('DISCORD_MESSAGE_CONTENT') ?? 'auto').toLowerCase();
  if (messageContent !== 'auto' && messageContent !== 'off') problems.push(`DISCORD_MESSAGE_CONTENT must be auto (ask for the Message Content intent, start without it if refused) or off, got "${messageContent}"`);

  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n- ${problems.join('\n- ')}`);
  return { discordToken, discordClientId, discordGuildId, discordApi, databaseUrl, logLevel, scryfallApi, retentionDays, shards, outboxLeaseMs, messageContent: messageContent as 'auto' | 'off' };
}

function readShards(rawCount: string | null, rawIds: string | null, problems: string[]): ShardPlan | null {
  if (rawCount === null) {
    if (rawIds !== null) problems.push(`SHARD_IDS needs SHARD_COUNT (the total number of shards of all processes, or auto), got SHARD_IDS="${rawIds}" alone`);
    return null;
  }
  let count: number | 'auto';
  if (rawCount.toLowerCase() === 'auto') count = 'auto';
  else if (/^\d+$/.test(rawCount) && Number(rawCount) >= 1 && Number(rawCount) <= MAX_SHARDS) count = Number(rawCount);
  else {
    problems.push(`SHARD_COUNT must be auto or a whole number from 1 to ${MAX_SHARDS}, got "${rawCount}"`);
    return null;
  }
  if (rawIds === null) return { count, ids: null };
  const ids = parseShardIds(rawIds, count === 'auto' ? MAX_SHARDS : count);
  if (typeof ids === 'string') {
    problems.push(ids);
    return null;
  }
  return { count, ids };
}

/** "0-3", "0,2", "0-1,4": sorted, each id once, each below count; a message on any mistake. */
export function parseShardIds(raw: string, count: number): number[] | string {
  const ids = new Set<number>();
  for (const part of raw.split(',').map((p) => p.trim())) {
    const match = /^(\d{1,6})(?:\s*-\s*(\d{1,6}))?$/.exec(part);
    if (!match) return `SHARD_IDS must be shard numbers and ranges like 0-3 or 0,2, got "${raw}"`;
    const from = Number(match[1]);
    const to = match[2] === undefined ? from : Number(match[2]);
    if (to < from) return `SHARD_IDS range "${part}" runs backwards`;
    if (to >= count) return `SHARD_IDS "${part}" is out of range: shard ids go from 0 to ${count - 1} with SHARD_COUNT=${count}`;
    for (let id = from; id <= to; id++) {
      if (ids.has(id)) return `SHARD_IDS lists shard ${id} twice in "${raw}"`;
      ids.add(id);
    }
  }
  return [...ids].sort((a, b) => a - b);
}

/** The shard count and ids to run, asking Discord (GET /gateway/bot) only for SHARD_COUNT=auto. */
export async function resolveShards(plan: ShardPlan, recommended: () => Promise<number>): Promise<{ count: number; ids: number[] }> {
  const count = plan.count === 'auto' ? await recommended() : plan.count;
  if (!Number.isInteger(count) || count < 1) throw new ConfigError(`Discord recommended an unusable shard count: ${String(count)}`);
  const ids = plan.ids ?? Array.from({ length: count }, (_, i) => i);
  const outside = ids.filter((id) => id >= count);
  if (outside.length > 0) {
    throw new ConfigError(`SHARD_IDS ${outside.join(',')} out of range: Discord recommends ${count} shard(s) (SHARD_COUNT=auto), so ids go from 0 to ${count - 1}. Processes that split shards should set SHARD_COUNT to the same number.`);
  }
  return { count, ids };
}

/** Reads ./.env if present (Node's own parser); variables already in the environment win. */
export function loadDotEnv(file = '.env'): void {
  if (fs.existsSync(file)) process.loadEnvFile(file);
}
