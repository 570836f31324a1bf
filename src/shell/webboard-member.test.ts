/** The header's member slot script reads the same storage key the web board store writes. */
import { describe, expect, it } from 'vitest';
import { PROFILE_KEY, memberFromStorage } from './webboard-member';
import { WEBBOARD_PROFILE_KEY } from '../areas/webboard/store';
import { safeNextPath } from '../areas/webboard/paths';

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const token = (exp: number) => `${b64({ alg: 'HS256' })}.${b64({ exp })}.sig`;
const now = Date.UTC(2026, 10, 22);

describe('webboard-member header script', () => {
  it('uses the store key', () => expect(PROFILE_KEY).toBe(WEBBOARD_PROFILE_KEY));
  it('shows the full name for a live token, the username when the name is blank', () => {
    const live = token(now / 1000 + 3600);
    expect(
      memberFromStorage(JSON.stringify({ token: live, username: 'member', firstName: 'สมชาย', lastName: 'ใจดี' }), now),
    ).toEqual({ name: 'สมชาย ใจดี' });
    expect(
      memberFromStorage(JSON.stringify({ token: live, username: 'member', firstName: '', lastName: '' }), now),
    ).toEqual({ name: 'member' });
  });
  it('shows nothing for an expired token, garbage or no profile', () => {
    expect(memberFromStorage(JSON.stringify({ token: token(now / 1000 - 1), username: 'member' }), now)).toBeNull();
    expect(memberFromStorage('{not json', now)).toBeNull();
    expect(memberFromStorage(null, now)).toBeNull();
  });
});

describe('safeNextPath', () => {
  const origin = 'https://portal.example';
  it('keeps same-site paths', () =>
    expect(safeNextPath('/webboard/room/?id=1', origin, '/x/')).toBe('/webboard/room/?id=1'));
  it.each(['//evil.example/', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)', '', null])(
    'refuses %s',
    (next) => expect(safeNextPath(next, origin, '/webboard/')).toBe('/webboard/'),
  );
});
