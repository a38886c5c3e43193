// The server's one logger (pino): JSON lines by default, one object per line with an ISO time
// and the level by name, or readable lines (pino-pretty, loaded only then) for a person at a
// terminal. Requests log through a child bound to their request id (middleware/request-log.ts).
import { type DestinationStream, type Logger, pino } from 'pino';
import type { ServerConfig } from '../config.js';

export type { Logger };

export type LogSettings = Pick<ServerConfig, 'logLevel' | 'logFormat'>;

/** The format to write: the setting, else pretty at a terminal and JSON anywhere else. */
export function logFormatFor(settings: LogSettings, isTTY = Boolean(process.stdout.isTTY)): 'json' | 'pretty' {
  return settings.logFormat ?? (isTTY ? 'pretty' : 'json');
}

const options = (level: string) => ({
  level,
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label: string) => ({ level: label }) },
});

/** A logger writing to `destination` (stdout by default) in the configured format. */
export async function createLogger(settings: LogSettings, destination?: DestinationStream): Promise<Logger> {
  if (logFormatFor(settings) === 'json') return pino(options(settings.logLevel), destination ?? pino.destination(1));
  const { default: pretty } = await import('pino-pretty');
  const stream = pretty({
    destination: destination ?? 1,
    colorize: !destination && Boolean(process.stdout.isTTY),
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
    singleLine: true,
  });
  // pino-pretty reads the level as a number.
  return pino({ ...options(settings.logLevel), formatters: {} }, stream);
}
