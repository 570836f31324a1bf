/**
 * Rehydration of persisted state (spec point 4): an island that depends on persisted state
 * (login status, display settings) renders nothing until the browser's stored values have been
 * read, so it never flashes a stale "logged out" or default state; and it gives up waiting
 * after 5000 ms, rendering anyway.
 *
 * The persisted stores read localStorage when they are created, so on the client the read is
 * immediate. `$rehydrated` still turns true one task later, on purpose: the server-rendered
 * HTML was made with `false`, and React's hydration must see the same value on its first
 * render, then re-render with the stored state.
 *
 * On the server `$rehydrated` stays false: pre-rendered HTML never contains persisted state.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { logger } from '../lib/logger';
import { $roots } from './persisted-roots';

export const REHYDRATION_TIMEOUT_MS = 5000;

const $state = atom(false);
/** True once persisted state has been read on the client (or waiting gave up). */
export const $rehydrated: ReadableAtom<boolean> = $state;

const readers = new Set<() => unknown>([() => $roots.get()]);

/** Persisted stores other than `persist:roots` (web board profile, dark mode…) add their read here. */
export function registerPersisted(store: ReadableAtom<unknown>): void {
  readers.add(() => store.get());
}

let started: Promise<void> | null = null;

/**
 * Reads every registered persisted store and marks rehydration done, one macrotask later.
 * A store whose read throws (storage blocked) is logged and skipped: it keeps its initial value.
 */
export function startRehydration(schedule: (fn: () => void) => void = (fn) => setTimeout(fn, 0)): Promise<void> {
  started ??= new Promise<void>((resolve) => {
    schedule(() => {
      for (const read of readers) {
        try {
          read();
        } catch (error) {
          logger.warn('Could not read persisted state', error);
        }
      }
      $state.set(true);
      resolve();
    });
  });
  return started;
}

/**
 * Resolves true when persisted state is ready, or false when `timeoutMs` passed first — in
 * which case `$rehydrated` is set anyway, so islands stop waiting and render.
 */
export function waitForRehydration(timeoutMs: number = REHYDRATION_TIMEOUT_MS): Promise<boolean> {
  if ($state.get()) return Promise.resolve(true);
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => {
      unbind();
      $state.set(true);
      resolve(false);
    }, timeoutMs);
    const unbind = $state.listen((ready) => {
      if (!ready) return;
      clearTimeout(timer);
      unbind();
      resolve(true);
    });
  });
}

/** For tests: back to "not rehydrated". @internal */
export function resetRehydrationForTests(): void {
  started = null;
  $state.set(false);
}

// In the browser, start as soon as any island imports this module.
// The 5,000 ms give-up (spec point 4): should reading ever hang, islands render anyway.
if (typeof window !== 'undefined') {
  void startRehydration();
  void waitForRehydration();
}
