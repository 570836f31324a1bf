/**
 * JWT helpers for the browser: read the payload without verifying it (the server verifies;
 * the portal only needs `exp` to know when to stop sending a dead token) and the validity rule
 * of spec point 5: a token is valid only if its expiry claim is later than now.
 */

export type JwtPayload = Record<string, unknown> & { exp?: unknown };

function base64UrlToBytes(part: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(part)) throw new Error('not base64url');
  const b64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The payload of a JWT as an object, or null when the token is not a well-formed JWT. */
export function decodeTokenPayload(token: unknown): JwtPayload | null {
  if (typeof token !== 'string') return null;
  const parts = token.split('.');
  if (parts.length !== 3 || parts[1] === '') return null;
  try {
    const json = new TextDecoder('utf-8', { fatal: true }).decode(base64UrlToBytes(parts[1]!));
    const payload: unknown = JSON.parse(json);
    return payload !== null && typeof payload === 'object' && !Array.isArray(payload) ? (payload as JwtPayload) : null;
  } catch {
    return null;
  }
}

/** Expiry of the token in milliseconds since the epoch, or null when it has no usable `exp`. */
export function tokenExpiresAt(token: unknown): number | null {
  const exp = decodeTokenPayload(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
}

/**
 * True only when `exp` (seconds, per RFC 7519) is strictly later than `now` (milliseconds).
 * A token without a numeric `exp`, or that is not a JWT at all, is invalid.
 */
export function isTokenValid(token: unknown, now: number = Date.now()): boolean {
  const expiresAt = tokenExpiresAt(token);
  return expiresAt !== null && expiresAt > now;
}
