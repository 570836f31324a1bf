import { describe, expect, it } from 'vitest';
import os from 'node:os';
import { renderThreadCount } from './threads';

describe('renderThreadCount', () => {
  it('uses PORTAL_RENDER_THREADS when set, the machine otherwise', () => {
    expect(renderThreadCount({ PORTAL_RENDER_THREADS: '3' })).toBe(3);
    expect(renderThreadCount({ PORTAL_RENDER_THREADS: '1' })).toBe(1);
    expect(renderThreadCount({ PORTAL_RENDER_THREADS: '0' })).toBe(0);
    expect(renderThreadCount({})).toBe(Math.min(os.availableParallelism(), 2));
  });

  it('refuses a value that is not a whole number, naming it', () => {
    expect(() => renderThreadCount({ PORTAL_RENDER_THREADS: 'two' })).toThrow(/PORTAL_RENDER_THREADS.*"two"/);
    expect(() => renderThreadCount({ PORTAL_RENDER_THREADS: '-1' })).toThrow(/PORTAL_RENDER_THREADS/);
  });
});
