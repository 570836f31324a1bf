/**
 * The environment every entry point reads (docs/configuration.md),
 * checked once at start with zod: a wrong or missing value stops the start with one line that
 * names it, before anything slow runs. An empty value counts as unset (as the scripts always
 * read them with `||`).
 *
 *   const env = loadEnv('publisher');        // exits 2 with "publisher: PUBLISHER_PORT must be …"
 *   const env = parseEnv(process.env);       // throws EnvError (tests, callers that report it)
 */
import { z } from 'zod';

const port = z.coerce
  .number({ error: 'must be a port number from 0 to 65535' })
  .int('must be a port number from 0 to 65535')
  .min(0, 'must be a port number from 0 to 65535')
  .max(65535, 'must be a port number from 0 to 65535');

const url = z.string().refine(
  (value) => {
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  },
  { error: 'must be an http(s) URL' },
);

const positive = (what: string, min = 1) =>
  z.coerce
    .number({ error: `must be ${what}` })
    .int(`must be ${what}`)
    .min(min, `must be ${what}`);

/** `whsec_<base64>` (the prefix optional, as standardwebhooks takes it), two during a rotation. */
const webhookSecrets = z.string().refine(
  (value) =>
    value
      .split(/\s+/)
      .filter(Boolean)
      .every((s) => /^(whsec_)?[A-Za-z0-9+/]{16,}={0,2}$/.test(s)),
  { error: 'must be whsec_ followed by base64 (two separated by a space during a rotation)' },
);

const schema = z
  .object({
    PUBLIC_API_BASE_URL: url,
    SITE_URL: url,
    WEBHOOK_URL: url,
    S3_ENDPOINT: url,
    CLOUDFLARE_BASE_URL: url,
    FASTLY_API_BASE: url,
    API_PORT: port,
    PUBLISHER_PORT: port,
    PUBLISHER_ADMIN_PORT: port,
    PORT: port,
    SEARCH_PORT: port,
    SITE_METRICS_PORT: port,
    CHECKS_API_PORT: port,
    BENCH_API_PORT: port,
    KEEP_RELEASES: positive('a whole number of at least 1'),
    API_SCALE: positive('a whole number from 1 to 1000000').max(1_000_000, 'must be a whole number from 1 to 1000000'),
    S3_CONCURRENCY: positive('a whole number of at least 1'),
    AWS_MAX_ATTEMPTS: positive('a whole number of at least 1'),
    S3_REQUEST_TIMEOUT_MS: positive('a number of milliseconds of at least 1'),
    API_TIMEOUT_MS: positive('a number of milliseconds of at least 1'),
    PURGE_TIMEOUT_MS: positive('a number of milliseconds of at least 1'),
    PURGE_WAIT_MS: positive('a number of milliseconds', 0),
    PURGE_RETRY_MS: positive('a number of milliseconds of at least 1'),
    PURGE_MAX_RETRY_MS: positive('a number of milliseconds of at least 1'),
    REREAD_INTERVAL: positive('a whole number of seconds (0 turns the scheduled re-reads off)', 0),
    PUBLISH_TARGET: z.enum(['dir', 's3'], { error: 'must be dir or s3' }),
    PURGE_ADAPTER: z.enum(['command', 'cloudflare', 'fastly', 'none'], {
      error: 'must be command, cloudflare, fastly or none',
    }),
    LOG_FORMAT: z.enum(['json', 'pretty'], { error: 'must be json or pretty' }),
    S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], { error: 'must be true or false' }),
    WEBHOOK_SECRET: webhookSecrets,
    S3_BUCKET: z.string(),
  })
  .partial()
  .superRefine((env, ctx) => {
    if (env.PUBLISH_TARGET === 's3' && !env.S3_BUCKET)
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'must be set when PUBLISH_TARGET=s3' });
  });

export type Env = z.infer<typeof schema>;
type Name = keyof Env;
const NAMES = Object.keys(schema.shape) as Name[];

export class EnvError extends Error {
  override name = 'EnvError';
}

/** The variables this module knows, checked; the values converted (ports and counts as numbers). */
export function parseEnv(env: NodeJS.ProcessEnv = process.env): Env {
  const raw: Partial<Record<Name, string>> = {};
  for (const name of NAMES) {
    const value = env[name];
    if (value !== undefined && value !== '') raw[name] = value;
  }
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = String(issue.path[0]) as Name;
    const got = raw[name];
    return `${name} ${issue.message}${got !== undefined && name !== 'WEBHOOK_SECRET' ? ` (got ${JSON.stringify(got)})` : ''}`;
  });
  throw new EnvError(problems.join('; '));
}

/** parseEnv, or one line on stderr naming what is wrong and exit code 2. */
export function loadEnv(program: string, env: NodeJS.ProcessEnv = process.env): Env {
  try {
    return parseEnv(env);
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(`${program}: ${error.message}`);
    process.exit(2);
  }
}

/** Fails with one line when a variable this command cannot do without is unset. */
export function requireEnv<K extends Name>(
  program: string,
  env: Env,
  names: readonly K[],
): Env & Required<Pick<Env, K>> {
  const missing = names.filter((name) => env[name] === undefined);
  if (missing.length > 0) {
    console.error(`${program}: ${missing.join(', ')} must be set`);
    process.exit(2);
  }
  return env as Env & Required<Pick<Env, K>>;
}
