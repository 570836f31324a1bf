import { describe, expect, it } from 'vitest';
import { decodeTokenPayload, isTokenValid, tokenExpiresAt } from './token';

/** Builds an unsigned-looking JWT the way the reference API's HS256 tokens are laid out. */
function jwt(payload: unknown, header: unknown = { alg: 'HS256', typ: 'JWT' }): string {
  const part = (v: unknown) => Buffer.from(JSON.stringify(v), 'utf8').toString('base64url');
  return `${part(header)}.${part(payload)}.c2lnbmF0dXJl`;
}

const NOW = Date.UTC(2026, 10, 21, 2, 0, 0); // 2026-11-21 09:00 Bangkok
const nowSeconds = NOW / 1000;

describe('decodeTokenPayload', () => {
  it('decodes base64url UTF-8 payloads, Thai names included', () => {
    const token = jwt({ sub: 7, username: 'member', name: 'สมชาย ใจดี', exp: nowSeconds + 60 });
    expect(decodeTokenPayload(token)).toEqual({ sub: 7, username: 'member', name: 'สมชาย ใจดี', exp: nowSeconds + 60 });
  });

  it('handles payloads whose base64url uses - and _ (bytes that standard base64 encodes as + and /)', () => {
    const payload = { note: '>>>???~~~ÿ', exp: nowSeconds + 1 };
    const token = jwt(payload);
    expect(token.split('.')[1]).toMatch(/[-_]/);
    expect(decodeTokenPayload(token)).toEqual(payload);
  });

  it.each([
    ['not a string', 42],
    ['empty', ''],
    ['two parts', 'a.b'],
    ['four parts', 'a.b.c.d'],
    ['empty payload', 'a..c'],
    ['not base64url', 'a.$$$.c'],
    ['not JSON', `a.${Buffer.from('hello').toString('base64url')}.c`],
    ['JSON but not an object', `a.${Buffer.from('[1,2]').toString('base64url')}.c`],
    ['JSON null', `a.${Buffer.from('null').toString('base64url')}.c`],
    ['invalid UTF-8', `a.${Buffer.from([0x7b, 0xff, 0xfe, 0x7d]).toString('base64url')}.c`],
  ])('returns null for a malformed token (%s)', (_label, token) => {
    expect(decodeTokenPayload(token)).toBeNull();
  });
});

describe('isTokenValid', () => {
  it('is true only when exp is strictly later than now', () => {
    expect(isTokenValid(jwt({ exp: nowSeconds + 1 }), NOW)).toBe(true);
    expect(isTokenValid(jwt({ exp: nowSeconds }), NOW)).toBe(false); // equal is expired
    expect(isTokenValid(jwt({ exp: nowSeconds - 1 }), NOW)).toBe(false);
  });

  it('treats exp as seconds, not milliseconds', () => {
    expect(tokenExpiresAt(jwt({ exp: 1_800_000_000 }))).toBe(1_800_000_000_000);
    // 8 hours in seconds must be valid 7 hours later and invalid 9 hours later
    const token = jwt({ exp: nowSeconds + 8 * 3600 });
    expect(isTokenValid(token, NOW + 7 * 3600_000)).toBe(true);
    expect(isTokenValid(token, NOW + 9 * 3600_000)).toBe(false);
  });

  it('uses the current time by default', () => {
    expect(isTokenValid(jwt({ exp: Math.floor(Date.now() / 1000) + 600 }))).toBe(true);
    expect(isTokenValid(jwt({ exp: Math.floor(Date.now() / 1000) - 600 }))).toBe(false);
  });

  it('is false for tokens without a numeric exp and for malformed tokens', () => {
    expect(isTokenValid(jwt({ sub: 1 }), NOW)).toBe(false);
    expect(isTokenValid(jwt({ exp: String(nowSeconds + 100) }), NOW)).toBe(false);
    expect(isTokenValid(jwt({ exp: null }), NOW)).toBe(false);
    expect(isTokenValid('garbage', NOW)).toBe(false);
    expect(isTokenValid(null, NOW)).toBe(false);
    expect(isTokenValid(undefined, NOW)).toBe(false);
  });
});
