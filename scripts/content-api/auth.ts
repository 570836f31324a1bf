// Password hashing (scrypt) and HS256 JSON Web Tokens, with node:crypto only.
import { scryptSync, randomBytes, timingSafeEqual, createHmac } from 'node:crypto';

/** What a token carries: the user id, the web board name and role, an id for revocation. */
export interface Claims {
  sub: number | bigint | string | null;
  username?: unknown;
  is_admin?: boolean;
  jti?: string;
  iat: number;
  exp: number;
}

export const TOKEN_TTL_SECONDS = 8 * 60 * 60;

/** `scrypt$<salt b64>$<hash b64>`; cost kept modest so seeding stays fast. */
export function hashPassword(password: string, salt: Buffer = randomBytes(16)): string {
  const hash = scryptSync(password, salt, 32, { N: 16384, r: 8, p: 1 });
  return `scrypt$${salt.toString('base64')}$${hash.toString('base64')}`;
}

export function verifyPassword(password: string, stored: unknown): boolean {
  const [scheme, saltB64, hashB64] = String(stored).split('$');
  if (scheme !== 'scrypt' || !saltB64 || !hashB64) return false;
  const expected = Buffer.from(hashB64, 'base64');
  const actual = scryptSync(String(password), Buffer.from(saltB64, 'base64'), expected.length, {
    N: 16384,
    r: 8,
    p: 1,
  });
  return timingSafeEqual(expected, actual);
}

const b64url = (buf: string) => Buffer.from(buf).toString('base64url');

/** `claims`: sub, username, is_admin, jti; `now` in ms (tests forge expired tokens). */
export function signToken(
  claims: Record<string, unknown>,
  secret: string,
  { ttlSeconds = TOKEN_TTL_SECONDS, now = Date.now() }: { ttlSeconds?: number; now?: number } = {},
): string {
  const iat = Math.floor(now / 1000);
  const header = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = b64url(JSON.stringify({ ...claims, iat, exp: iat + ttlSeconds }));
  const sig = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${sig}`;
}

/** Returns the claims, or null for a malformed, forged or expired token. */
export function verifyToken(token: unknown, secret: string, now = Date.now()): Claims | null {
  if (typeof token !== 'string') return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header = '', payload = '', sig = ''] = parts;
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const h = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
    if (h.alg !== 'HS256') return null;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    // Spec point 5: valid only if the expiry claim is later than now.
    if (typeof claims.exp !== 'number' || claims.exp * 1000 <= now) return null;
    return claims as Claims;
  } catch {
    return null;
  }
}
