import { describe, expect, it } from 'vitest';
import { renderThreadCount } from './threads';

describe('renderThreadCount', () => {
  it('uses PORTAL_RENDER_THREADS when set, and renders on the main thread otherwise', () => {
    expect(renderThreadCount({ PORTAL_RENDER_THREADS: '3' })).toBe(3);
    expect(renderThreadCount({ PORTAL_RENDER_THREADS: '1' })).toBe(1);
    expect(renderThreadCount({ PORTAL_RENDER_THREADS: '0' })).toBe(0);
    expect(renderThreadCount({})).toBe(1);
    expect(renderThreadCount({ PORTAL_RENDER_THREADS: '' })).toBe(1);
  });

  it('refuses a value that is not a whole number, naming it', () => {
    expect(() => renderThreadCount({ PORTAL_RENDER_THREADS: 'two' })).toThrow(/PORTAL_RENDER_THREADS.*"two"/);
    expect(() => renderThreadCount({ PORTAL_RENDER_THREADS: '-1' })).toThrow(/PORTAL_RENDER_THREADS/);
  });
});
