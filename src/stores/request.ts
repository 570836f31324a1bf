/**
 * The load cycle of spec point 4, once: request → success (store the result) or failure
 * (call the failure callback when one was given). Every store that loads data builds on this.
 *
 * - A newer `load` wins: the answer of an older call that arrives later is ignored, and the
 *   older call's AbortSignal fires (fetchers may pass it on to stop the request).
 * - While loading and after a failure the previous data stays, so an island can keep the
 *   old list on screen next to a spinner or an error with a retry.
 * - `load` never rejects: it resolves with what happened, so an island needs no try/catch.
 */
import { atom, type ReadableAtom } from 'nanostores';

type LoadStatus = 'idle' | 'loading' | 'success' | 'error';

export interface LoadState<T> {
  status: LoadStatus;
  data: T | null;
  error: unknown;
}

interface LoadOptions<T> {
  onSuccess?: (data: T) => void;
  onFailure?: (error: unknown) => void;
}

export type LoadResult<T> =
  | { status: 'success'; data: T }
  | { status: 'error'; error: unknown }
  /** A newer load started before this one finished; its answer was dropped. */
  | { status: 'stale' };

export type Fetcher<P, T> = (params: P, signal: AbortSignal) => Promise<T>;

export interface Loader<P, T> {
  readonly $state: ReadableAtom<LoadState<T>>;
  load(params: P, options?: LoadOptions<T>): Promise<LoadResult<T>>;
  /** Replaces the data without a request (e.g. first data from the static HTML, or a local edit). */
  setData(data: T | null): void;
  /** Back to idle with no data; also drops the answer of a call still in flight. */
  reset(): void;
}

function initialLoadState<T>(data: T | null = null): LoadState<T> {
  return { status: 'idle', data, error: null };
}

export function createLoader<P, T>(fetcher: Fetcher<P, T>, initialData: T | null = null): Loader<P, T> {
  const $state = atom<LoadState<T>>(initialLoadState(initialData));
  let generation = 0;
  let inFlight: AbortController | null = null;

  function supersede(): number {
    inFlight?.abort();
    inFlight = null;
    return ++generation;
  }

  async function load(params: P, options: LoadOptions<T> = {}): Promise<LoadResult<T>> {
    const mine = supersede();
    const controller = new AbortController();
    inFlight = controller;
    $state.set({ ...$state.get(), status: 'loading', error: null });

    let result: LoadResult<T>;
    try {
      const data = await fetcher(params, controller.signal);
      if (mine !== generation) return { status: 'stale' };
      $state.set({ status: 'success', data, error: null });
      result = { status: 'success', data };
    } catch (error) {
      if (mine !== generation) return { status: 'stale' };
      $state.set({ ...$state.get(), status: 'error', error });
      result = { status: 'error', error };
    } finally {
      if (inFlight === controller) inFlight = null;
    }
    // Callbacks run after the state is stored, and outside the try, so a throwing callback
    // is the caller's bug to see, not a load failure.
    if (result.status === 'success') options.onSuccess?.(result.data);
    else if (result.status === 'error') options.onFailure?.(result.error);
    return result;
  }

  return {
    $state,
    load,
    setData(data) {
      supersede();
      $state.set({ status: data === null ? 'idle' : 'success', data, error: null });
    },
    reset() {
      supersede();
      $state.set(initialLoadState<T>());
    },
  };
}

/** The message to show for a failure: the server's own (already in the page's language) when present. */
export function errorMessage(error: unknown): string | undefined {
  if (error && typeof error === 'object') {
    const serverMessage = (error as { serverMessage?: unknown }).serverMessage;
    if (typeof serverMessage === 'string' && serverMessage) return serverMessage;
  }
  return undefined;
}
