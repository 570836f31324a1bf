import { setTestStorageKey } from '../../tests/support/memory-storage';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { atom } from 'nanostores';
import {
  $rehydrated,
  registerPersisted,
  REHYDRATION_TIMEOUT_MS,
  resetRehydrationForTests,
  startRehydration,
  waitForRehydration,
} from './rehydration';
import { $roots, PERSIST_KEY } from './persisted-roots';

beforeEach(() => resetRehydrationForTests());
afterEach(() => vi.useRealTimers());

describe('rehydration', () => {
  it('gives up after 5000 ms by default', () => {
    expect(REHYDRATION_TIMEOUT_MS).toBe(5000);
  });

  it('is not done on the server (no window): islands render their placeholder there', () => {
    expect(typeof window).toBe('undefined');
    expect($rehydrated.get()).toBe(false);
  });

  it('turns true one task after start, not synchronously (React hydration sees the server value first)', async () => {
    vi.useFakeTimers();
    const done = startRehydration();
    expect($rehydrated.get()).toBe(false);
    vi.advanceTimersByTime(0);
    await done;
    expect($rehydrated.get()).toBe(true);
  });

  it('has the stored values in the persisted stores by the time it is done', async () => {
    setTestStorageKey(
      PERSIST_KEY,
      JSON.stringify({
        auth: { isLoggedIn: false, token: null, profile: null },
        general: { display: 'highcontrast', fontsize: 'fontLarge' },
      }),
    );
    const unbind = $roots.listen(() => {}); // a mounted store re-reads on storage events
    await startRehydration((fn) => fn());
    expect($roots.get().general).toEqual({ display: 'highcontrast', fontsize: 'fontLarge' });
    unbind();
  });

  it('waitForRehydration resolves true once done', async () => {
    const waiting = waitForRehydration();
    await startRehydration((fn) => queueMicrotask(fn));
    await expect(waiting).resolves.toBe(true);
    await expect(waitForRehydration()).resolves.toBe(true); // already done
  });

  it('waitForRehydration gives up after the timeout, resolving false and letting islands render', async () => {
    vi.useFakeTimers();
    const waiting = waitForRehydration(5000);
    vi.advanceTimersByTime(4999);
    expect($rehydrated.get()).toBe(false);
    vi.advanceTimersByTime(1);
    await expect(waiting).resolves.toBe(false);
    expect($rehydrated.get()).toBe(true);
  });

  it('a persisted store whose read throws is skipped, not fatal', async () => {
    const broken = atom(0);
    broken.get = () => {
      throw new Error('SecurityError: storage blocked');
    };
    registerPersisted(broken);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await startRehydration((fn) => fn());
    expect($rehydrated.get()).toBe(true);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
