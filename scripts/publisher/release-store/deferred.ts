/**
 * A deploy's base release must not go live alone: it was built from the API as
 * it was when the build began, and edits made since are live in the release it replaces. This
 * wraps a store so that the first `activate` is held back: the base release is staged, the
 * publisher re-reads the API on top of it, and the release that follows (the base plus every
 * edit since) is the one switched to, in one step. `flush()` switches to the held-back release
 * when the re-read found nothing to add.
 */
import type { ReleaseStore } from './types.ts';

export interface DeferredStore extends ReleaseStore {
  /** Activates the held-back release unless a later one went live; returns the id switched to, if any. */
  flush(): Promise<string | null>;
  /** The release held back, until a later activation or `flush()`. */
  readonly held: string | null;
}

export function deferFirstActivation(store: ReleaseStore): DeferredStore {
  let held: string | null = null;
  let first = true;
  const activate = async (id: string) => {
    if (first) {
      first = false;
      held = id;
      return;
    }
    held = null;
    await store.activate(id);
  };
  const flush = async () => {
    if (!held) return null;
    const id = held;
    held = null;
    await store.activate(id);
    return id;
  };
  return new Proxy(store, {
    get(target, prop) {
      if (prop === 'activate') return activate;
      if (prop === 'flush') return flush;
      if (prop === 'held') return held;
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  }) as DeferredStore;
}
