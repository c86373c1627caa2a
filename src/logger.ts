import { pino, type Logger } from 'pino';
import pretty from 'pino-pretty';

export type { Logger };

/**
 * JSON lines for the bot. The console gets a synchronous pretty stream on stderr, so a command's
 * log line lands before its reply instead of after the next prompt.
 */
export function createLogger(level: string, consoleMode: boolean): Logger {
  if (!consoleMode) return pino({ level });
  return pino({ level }, pretty({ colorize: process.stderr.isTTY, translateTime: 'HH:MM:ss', ignore: 'pid,hostname', destination: 2, sync: true, singleLine: true }));
}
