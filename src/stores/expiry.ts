/**
 * Time-based invalidation for derived login state. A computed store only re-evaluates when
 * its inputs change, and time is not an input — so a session shown as "logged in" would stay
 * that way past its token's expiry. `createExpiryTick` gives a store an extra input that
 * changes at the expiry moment while something is subscribed.
 */
import { atom, onMount, type ReadableAtom } from 'nanostores';

// setTimeout fires immediately for delays above 2^31-1 ms (~24.8 days); re-arm instead.
const MAX_DELAY = 2_147_483_647;

export interface ExpiryTick {
  /** Changes value whenever an armed expiry moment passes. */
  readonly $tick: ReadableAtom<number>;
  /** Arms (or re-arms) the tick for an instant in ms since the epoch; null disarms. */
  armAt(expiresAt: number | null): void;
  /**
   * Ties arming to the lifetime of `derived`: while it has subscribers, the tick is armed for
   * `expiresAtOf()` and re-armed whenever `source` changes (a login, a logout).
   */
  follow(derived: ReadableAtom<unknown>, source: ReadableAtom<unknown>, expiresAtOf: () => number | null): void;
}

// `now` is looked up per call (not captured) so a replaced clock (fake timers) is honoured.
export function createExpiryTick(now: () => number = () => Date.now()): ExpiryTick {
  const $tick = atom(0);
  let timer: ReturnType<typeof setTimeout> | undefined;

  function armAt(expiresAt: number | null): void {
    clearTimeout(timer);
    timer = undefined;
    if (expiresAt === null) return;
    const delay = expiresAt - now();
    if (delay < 0) return; // already expired: derived state already says so
    timer = setTimeout(
      () => {
        if (delay > MAX_DELAY) armAt(expiresAt);
        else $tick.set($tick.get() + 1);
      },
      Math.min(delay + 1, MAX_DELAY),
    );
    // Never keep a Node process (build, tests) alive just to expire a session.
    (timer as { unref?: () => void }).unref?.();
  }

  function follow(
    derived: ReadableAtom<unknown>,
    source: ReadableAtom<unknown>,
    expiresAtOf: () => number | null,
  ): void {
    onMount(derived, () => {
      const unbind = source.listen(() => armAt(expiresAtOf()));
      armAt(expiresAtOf());
      return () => {
        unbind();
        armAt(null);
      };
    });
  }

  return { $tick, armAt, follow };
}
