/**
 * Values only the browser knows (the address, the clock), read without an effect: null in the
 * server render and in the first render of hydration (so the two match), the browser's value
 * from then on. `read` must return a primitive (compared with Object.is between renders).
 */
import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

export function useClientValue<T extends string | number | boolean>(read: () => T): T | null {
  return useSyncExternalStore<T | null>(noSubscription, read, () => null);
}

const TICK_MS = 30_000;
function subscribeToClock(onChange: () => void): () => void {
  const timer = setInterval(onChange, TICK_MS);
  return () => clearInterval(timer);
}
const clock = () => Math.floor(Date.now() / TICK_MS) * TICK_MS;

/** The time in ms, to the last half minute (enough for "may still edit"); 0 before hydration. */
export function useNow(): number {
  return useSyncExternalStore(subscribeToClock, clock, () => 0);
}
