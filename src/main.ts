// Wiring: config → logger → store → Discord (with a token) or the local console (without one).
import { ConfigError, loadConfig, loadDotEnv } from './config.js';
import { cryptoRandom } from './core/random.js';
import { toLocale } from './i18n/index.js';
import { createLogger } from './logger.js';
import { openStore } from './store/db.js';
import { startBot } from './discord/bot.js';
import { preloadFonts } from './pictures/glyphs.js';
import { runConsole } from './console/repl.js';
import { scryfallClient } from './scryfall/client.js';
import { scheduleRetention } from './services/retention.js';
import { warmSystems } from './services/systems-warmup.js';

async function main(): Promise<void> {
  loadDotEnv();
  const config = loadConfig();
  const consoleMode = config.discordToken === null;
  const log = createLogger(config.logLevel, consoleMode);
  const store = await openStore(config.databaseUrl);
  const rng = cryptoRandom();
  const cards = scryfallClient(config.scryfallApi, log);

  if (consoleMode) {
    try {
      const locale = toLocale(process.env.LC_ALL || process.env.LANG || 'en');
      await runConsole({ store, rng, log, locale, cards });
    } finally {
      await store.close();
    }
    return;
  }

  const bot = await startBot({ token: config.discordToken!, api: config.discordApi, store, rng, log, cards, shards: config.shards, outbox: { leaseMs: config.outboxLeaseMs }, messageContent: config.messageContent });
  const stopRetention = scheduleRetention(store, config.retentionDays, log);
  warmSystems(store, log).catch((error: unknown) => log.warn({ err: error }, 'bcdice: warm-up failed'));
  // The pictures' fonts are parsed now, not inside the first /stats reply's 3 seconds.
  setImmediate(() => {
    try {
      preloadFonts();
    } catch (error) {
      log.warn({ err: error }, 'picture fonts could not be loaded; pictures will be left out');
    }
  });
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: finishing in-flight commands');
    stopRetention();
    bot
      .stop()
      .catch((error: unknown) => log.error({ err: error }, 'error while stopping'))
      .then(() => store.close())
      .catch((error: unknown) => log.error({ err: error }, 'error while closing the store'))
      .finally(() => {
        log.info('stopped');
        log.flush();
        process.exit(0);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
