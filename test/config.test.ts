import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('config', () => {
  it('defaults: console mode (no token), discord.com API, ./data database, info logs', () => {
    const c = loadConfig({});
    expect(c.discordToken).toBeNull();
    expect(c.discordApi).toBe('https://discord.com/api');
    expect(c.databaseUrl).toBe(path.resolve('./data/grailwar.sqlite'));
    expect(c.logLevel).toBe('info');
  });

  it('reads every variable and trims a trailing slash from the API base', () => {
    const c = loadConfig({
      DISCORD_TOKEN: 'abc',
      DISCORD_CLIENT_ID: '123456789012345678',
      DISCORD_GUILD_ID: '223456789012345678',
      DISCORD_API: 'http://127.0.0.1:9999/api/',
      DATABASE_URL: 'file:/tmp/x.sqlite',
      LOG_LEVEL: 'DEBUG',
    });
    expect(c).toMatchObject({ discordToken: 'abc', discordApi: 'http://127.0.0.1:9999/api', databaseUrl: '/tmp/x.sqlite', logLevel: 'debug' });
  });

  it('DISCORD_MESSAGE_CONTENT: auto by default (ask for the intent, start without it if refused), off, nothing else (issue 30 §2)', () => {
    expect(loadConfig({}).messageContent).toBe('auto');
    expect(loadConfig({ DISCORD_MESSAGE_CONTENT: 'OFF' }).messageContent).toBe('off');
    expect(() => loadConfig({ DISCORD_MESSAGE_CONTENT: 'yes' })).toThrow(/DISCORD_MESSAGE_CONTENT must be auto .* or off, got "yes"/);
  });

  it('names every bad variable at once', () => {
    expect(() => loadConfig({ DISCORD_CLIENT_ID: 'nope', LOG_LEVEL: 'loud', DISCORD_API: 'discord' })).toThrow(ConfigError);
    try {
      loadConfig({ DISCORD_CLIENT_ID: 'nope', LOG_LEVEL: 'loud', DISCORD_API: 'discord' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('DISCORD_CLIENT_ID');
      expect(message).toContain('LOG_LEVEL');
      expect(message).toContain('DISCORD_API');
    }
  });

  it('keeps a PostgreSQL URL as it is, and reads the retention age (0 keeps everything)', () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://bot:pw@db.internal:5432/grailwar', RETENTION_DAYS: '180' });
    expect(c).toMatchObject({ databaseUrl: 'postgres://bot:pw@db.internal:5432/grailwar', retentionDays: 180 });
    expect(loadConfig({}).retentionDays).toBe(0);
    expect(() => loadConfig({ RETENTION_DAYS: '-3' })).toThrow(/RETENTION_DAYS/);
    expect(() => loadConfig({ RETENTION_DAYS: 'soon' })).toThrow(/RETENTION_DAYS/);
  });
});
