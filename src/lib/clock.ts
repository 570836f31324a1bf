/**
 * The time the content is read at. Some of what a page shows depends on the
 * clock, not on an edit: a survey past its `closes_at` is closed, an event past its end is no
 * longer upcoming. The loaders work that out when they read the API (the stored records carry
 * `closed` and the upcoming events), never the templates: a page's bytes then follow its
 * records, the publisher's cacheKeys see the change, and an incremental publish renders what a
 * full publish or a build at the same moment would.
 *
 * `now()` is `Date.now()` unless a clock is installed in the bridge's `CLOCK` slot (the
 * publisher's tests install a fake one; the render path's bundle and the test share it there).
 *
 * A loader whose records depend on the clock reads its area in full when the publisher marks
 * it stale (`markStale`, at a record's boundary: scripts/publisher/schedule.ts): the API may
 * answer 304 to every request while the records it would make have changed.
 */
import { CLOCK, STALE_COLLECTIONS } from './bridge.ts';

/** Milliseconds since the epoch, from the installed clock or the system's. */
export function now(): number {
  const clock = CLOCK.get();
  return typeof clock === 'function' ? clock() : Date.now();
}

/** Installs a clock for `now()` (null: the system's again). @internal (the publisher's loop tests) */
export function setClock(clock: (() => number) | null): void {
  if (clock) CLOCK.set(clock);
  else CLOCK.clear();
}

function staleSet(): Set<string> {
  let set = STALE_COLLECTIONS.get();
  if (!set) STALE_COLLECTIONS.set((set = new Set()));
  return set;
}

/** The next read of these collections skips the conditional check (their records changed with the clock). */
export function markStale(collections: Iterable<string>): void {
  for (const c of collections) staleSet().add(c);
}

/** True once after `markStale(collection)`: the caller reads the area in full. */
export function takeStale(collection: string): boolean {
  return staleSet().delete(collection);
}

/** True when an ISO time is set and not later than `at`. */
export function hasPassed(iso: string | null | undefined, at: number = now()): boolean {
  if (!iso) return false;
  const t = Date.parse(iso);
  return Number.isFinite(t) && t <= at;
}
