/**
 * The publisher's log: one pino logger, JSON lines by default (`npm run publisher`),
 * readable lines through pino-pretty where a person watches (`npm start`). `LOG_FORMAT=json` or
 * `LOG_FORMAT=pretty` chooses in either; `LOG_LEVEL` sets the level (default `info`).
 *
 * Fields a line may carry (one vocabulary for every stage, so that operators can filter on them):
 * `publishId`, `webhookIds`, `stage`, `durationMs`, counts (`rendered`, `reused`, `removed`,
 * `requests`, …) and `err` (pino's error serialiser: message, stack and `cause`).
 *
 * Secrets never reach a line: the fields below are censored wherever they appear, and the
 * values of the secret variables are replaced by `[secret]` in any string the logger writes
 * (tests/unit/publisher/log.test.ts greps a journey's lines for them).
 */
import { Writable } from 'node:stream';
import pino, { type Logger, type LoggerOptions } from 'pino';
import pretty from 'pino-pretty';

export type { Logger };

export type LogFormat = 'json' | 'pretty';

/** Field names censored wherever they appear in a logged object. */
const REDACT_PATHS = [
  'secret',
  'secrets',
  'token',
  'password',
  'authorization',
  'headers.authorization',
  'headers.cookie',
  'req.headers.authorization',
  'req.headers.cookie',
  '*.secret',
  '*.secrets',
  '*.token',
  '*.password',
  '*.authorization',
];

/** The environment variables whose values must never be written. */
const SECRET_VARIABLES = [
  'WEBHOOK_SECRET',
  'EDITOR_TOKEN',
  'PUBLISHER_ADMIN_TOKEN',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
  'CLOUDFLARE_API_TOKEN',
  'FASTLY_API_TOKEN',
  'PUBLIC_CRYPTO_SECRET',
];

/** `LOG_FORMAT` read strictly: an unknown value is a start-up error naming the variable. */
export function logFormatFrom(env: NodeJS.ProcessEnv, fallback: LogFormat): LogFormat {
  const value = env.LOG_FORMAT?.trim();
  if (!value) return fallback;
  if (value === 'json' || value === 'pretty') return value;
  throw new Error(`LOG_FORMAT must be "json" or "pretty" (it is "${value}")`);
}

/** Every secret value known to this process (each part of a rotated WEBHOOK_SECRET too). */
function secretValues(env: NodeJS.ProcessEnv, extra: readonly string[]): string[] {
  const values = SECRET_VARIABLES.flatMap((name) => (env[name] ?? '').split(/\s+/));
  return [...values, ...extra].filter((v) => v.length >= 8);
}

/** A stream that replaces every secret value in the bytes passing through it. */
function scrubbing(target: NodeJS.WritableStream, secrets: readonly string[]): NodeJS.WritableStream {
  if (secrets.length === 0) return target;
  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      let text = String(chunk);
      for (const secret of secrets) if (text.includes(secret)) text = text.split(secret).join('[secret]');
      target.write(text);
      done();
    },
  });
}

export interface LoggerConfig {
  format?: LogFormat;
  level?: string;
  /** Where lines go (default: standard output). Tests pass a stream that collects them. */
  destination?: NodeJS.WritableStream;
  /** Secret values known only at run time (a generated development secret, say). */
  secrets?: readonly string[];
  env?: NodeJS.ProcessEnv;
  /** Fields on every line, e.g. `{ service: 'publisher' }`. */
  base?: Record<string, unknown>;
}

/** The logger of one process. Children add fields: `log.child({ publishId })`. */
export function createLogger(config: LoggerConfig = {}): Logger {
  const env = config.env ?? process.env;
  const format = config.format ?? logFormatFrom(env, 'json');
  const options: LoggerOptions = {
    level: config.level ?? env.LOG_LEVEL ?? 'info',
    base: config.base ?? { service: 'publisher' },
    redact: { paths: REDACT_PATHS, censor: '[secret]' },
    serializers: { err: pino.stdSerializers.errWithCause },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  const out = scrubbing(config.destination ?? process.stdout, secretValues(env, config.secrets ?? []));
  if (format === 'pretty') {
    const stream = pretty({
      destination: out,
      sync: true,
      colorize: config.destination ? false : Boolean(process.stdout.isTTY),
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname,service',
    });
    return pino(options, stream);
  }
  return pino(options, out);
}

/** A logger whose lines are kept in `lines` (JSON unless `format` says otherwise): tests, the bench's log file. */
export function memoryLogger(lines: string[], config: Omit<LoggerConfig, 'destination'> = {}): Logger {
  const destination = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return createLogger({ format: 'json', ...config, destination });
}
