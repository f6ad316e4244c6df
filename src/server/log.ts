/**
 * The process's one logger (pino), shared by requests and background work
 * (docs/product.md#logs).
 *
 * JSON lines on stdout, or readable colored lines when stdout is a terminal. The level comes from
 * LOG_LEVEL (default `info`; `silent` for none). Whatever a caller passes, values under keys that
 * can carry a secret or a client's words are replaced by `[redacted]` before a line is written:
 * passwords, tokens, cookies, authorization headers, reset and sign-in links, message bodies.
 *
 * One copy of this module per process: the API runs only inside the server entry (or only inside
 * `astro dev`), never in Astro's production bundle (docs/decisions/0020-one-server-per-process.md).
 */
import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';

/** Keys whose values never reach a log line, at the top level or one level down (pino redact paths). */
const SECRET_KEYS = [
  'password',
  'currentPassword',
  'newPassword',
  'token',
  'cookie',
  'cookies',
  'authorization',
  'set-cookie',
  'resetLink',
  'link',
  'body',
  'message_body',
];

/**
 * pino redact paths for SECRET_KEYS: `key` and `*.key` (one level down: `user.token`,
 * `headers.cookie`). Deeper wildcards cost more on every line than the request itself (measured
 * with a CPU profile under load), and nothing here logs objects nested deeper.
 */
const REDACT_PATHS = SECRET_KEYS.flatMap((key) => {
  const part = /^[A-Za-z_$][\w$]*$/.test(key) ? key : `["${key}"]`;
  return [part, part.startsWith('[') ? `*${part}` : `*.${part}`];
});

/** Where lines go: stdout, unless a test swapped it (`setLogDestination`). */
const sink: DestinationStream & { target: DestinationStream } = {
  target: process.stdout.isTTY
    ? pretty({ colorize: true, sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' })
    : // Written in blocks of 4 KiB (one write per ~16 request lines under load), and at least
      // every second, so a quiet server's lines still show within a second.
      pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 1000 }),
  write(line: string) {
    this.target.write(line);
  },
};

const LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

function createLogger(): Logger {
  const level = process.env.LOG_LEVEL && LEVELS.has(process.env.LOG_LEVEL) ? process.env.LOG_LEVEL : 'info';
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      serializers: { err: pino.stdSerializers.err, error: pino.stdSerializers.err },
    },
    sink,
  );
}

/**
 * The logger of request lines (middleware/request-log.ts), on the same destination. Their fields
 * are fixed (method, route pattern, status, duration, id, address, session kind, user id) and
 * carry no secret by construction, so they skip redaction, which cost more per line than the rest
 * of a small API answer's logging (measured with a CPU profile under load).
 */
function createRequestLogger(level: string): Logger {
  return pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime }, sink);
}

/** The process logger. Child loggers (`log.child({ component: 'backup' })`) add fixed fields. */
export const log: Logger = createLogger();
/** The logger of request lines (see `createRequestLogger`); its level follows `setLogLevel`. */
export const requestLogger: Logger = createRequestLogger(log.level);

/** Sets the least severe level written by both loggers (LOG_LEVEL). */
export function setLogLevel(level: string): void {
  log.level = level;
  requestLogger.level = level;
}

/** Sends every later line to `destination` (tests capture lines with it); returns the previous one. */
export function setLogDestination(destination: DestinationStream): DestinationStream {
  const previous = sink.target;
  sink.target = destination;
  return previous;
}

/** Writes what is buffered for stdout; call before the process exits. */
export function flushLog(): void {
  const target = sink.target as { flushSync?: () => void };
  try {
    target.flushSync?.();
  } catch {
    // Nothing buffered or stdout already closed.
  }
}
