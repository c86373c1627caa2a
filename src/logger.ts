import { pino, type Logger } from 'pino';

export type { Logger };

/** JSON lines for the bot; a pretty, human stream for the local console. */
export function createLogger(level: string, pretty: boolean): Logger {
  if (!pretty) return pino({ level, redact: { paths: ['token', '*.token', 'authorization'], censor: '[redacted]' } });
  return pino({
    level,
    transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'HH:MM:ss', ignore: 'pid,hostname', destination: 2 } },
  });
}
