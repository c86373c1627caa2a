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
}

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

  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n- ${problems.join('\n- ')}`);
  return { discordToken, discordClientId, discordGuildId, discordApi, databaseUrl, logLevel, scryfallApi, retentionDays };
}

/** Reads ./.env if present (Node's own parser); variables already in the environment win. */
export function loadDotEnv(file = '.env'): void {
  if (fs.existsSync(file)) process.loadEnvFile(file);
}
