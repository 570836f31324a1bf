/**
 * A clock for scripts/publisher/schedule.ts whose time moves only when a test says so: due timers
 * run in order, each given a few turns of the event loop for its asynchronous work.
 */
import type { Clock } from '../../../scripts/publisher/schedule.ts';

export type FakeClock = Clock & {
  /** Moves the time on by `ms`, running the timers that fall due on the way. */
  advance(ms: number): Promise<void>;
  /** Timers waiting. */
  pending(): number;
};

export function fakeClock(start: number): FakeClock {
  let now = start;
  let seq = 0;
  const timers = new Map<number, { due: number; fn: () => void }>();
  return {
    now: () => now,
    setTimeout: (fn, ms) => {
      const id = ++seq;
      timers.set(id, { due: now + ms, fn });
      return id;
    },
    clearTimeout: (h) => void timers.delete(h as number),
    async advance(ms) {
      const end = now + ms;
      for (;;) {
        const next = [...timers.entries()].filter(([, t]) => t.due <= end).sort((a, b) => a[1].due - b[1].due)[0];
        if (!next) break;
        timers.delete(next[0]);
        now = Math.max(now, next[1].due);
        next[1].fn();
        for (let k = 0; k < 5; k++) await new Promise((r) => setImmediate(r));
      }
      now = end;
    },
    pending: () => timers.size,
  };
}
