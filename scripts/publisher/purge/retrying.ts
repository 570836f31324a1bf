/**
 * A CDN that fails or answers slowly must neither lose a purge nor hold up the next publish.
 * This wraps any adapter:
 *
 * - `purge()` waits for the adapter at most `waitMs` (PURGE_WAIT_MS, default 2 s). Done in time:
 *   its report (or its error) as before. Still running: it answers at once and the purge goes on
 *   in the background, so the publish after it is not held up.
 * - A purge that failed (at once or in the background) is tried again with back-off (PURGE_RETRY_MS,
 *   doubling up to PURGE_MAX_RETRY_MS), its tags and paths merged with any purge asked meanwhile:
 *   one request carries them all, so nothing is lost and nothing runs twice at once.
 * - `state()` says what is waiting, how many tries failed in a row and the last error
 *   (shown in /status and counted by the metrics through `onAttempt`).
 */
import type { PurgeAdapter, PurgeReport, PurgeRequest } from './types.ts';

export interface RetryingPurgeOptions {
  /** How long `purge()` waits for the adapter before it lets the publish go on (ms). */
  waitMs?: number;
  /** First back-off after a failure, doubled after each failure in a row up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  /** Told every try's outcome and duration (the metrics). */
  onAttempt?: (outcome: 'success' | 'failure', seconds: number) => void;
  log?: (line: string) => void;
}

export interface PurgeState {
  /** Tags and paths not yet purged (waiting for a try, or in one). */
  pending: { tags: number; paths: number };
  /** True while a try runs. */
  running: boolean;
  /** Failed tries in a row (0 after a success). */
  failures: number;
  lastError: string | null;
  lastErrorAt: string | null;
  lastSuccessAt: string | null;
  /** When the next try is due after a failure. */
  retryAt: string | null;
}

export interface RetryingPurger extends PurgeAdapter {
  state(): PurgeState;
  /** Resolves when nothing is waiting or running (tests, a clean stop). */
  drain(): Promise<void>;
  /** Stops the retry timer (a stop; what is pending is lost with the process, re-sent by no one). */
  close(): void;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What a retrying purger keeps between calls. */
interface Queue {
  readonly inner: PurgeAdapter;
  readonly waitMs: number;
  readonly retryMs: number;
  readonly maxRetryMs: number;
  readonly onAttempt: RetryingPurgeOptions['onAttempt'];
  readonly log: (line: string) => void;
  /** Tags and paths asked for and not yet in a try. */
  pending: { tags: Set<string>; paths: Set<string> };
  running: Promise<PurgeReport> | null;
  /** The next try, due after a back-off. */
  timer: NodeJS.Timeout | null;
  /** `drain()` callers waiting. */
  drained: Array<() => void>;
  readonly state: PurgeState;
}

const count = (q: Queue) => (q.state.pending = { tags: q.pending.tags.size, paths: q.pending.paths.size });
const idle = (q: Queue) => !q.running && !q.timer && q.pending.tags.size === 0 && q.pending.paths.size === 0;

/** One try with everything pending; on failure, back into pending and a retry scheduled. */
function attempt(q: Queue): Promise<PurgeReport> {
  const { inner, state } = q;
  const request = { tags: [...q.pending.tags], paths: [...q.pending.paths] };
  q.pending = { tags: new Set(), paths: new Set() };
  const started = performance.now();
  state.running = true;
  const run = inner.purge(request).then(
    (report) => {
      q.onAttempt?.('success', (performance.now() - started) / 1000);
      if (state.failures > 0) q.log(`purge: through ${inner.name} again after ${state.failures} failed tries`);
      state.failures = 0;
      state.lastSuccessAt = new Date().toISOString();
      return report;
    },
    (error: unknown) => {
      q.onAttempt?.('failure', (performance.now() - started) / 1000);
      for (const t of request.tags) q.pending.tags.add(t);
      for (const p of request.paths) q.pending.paths.add(p);
      state.failures++;
      state.lastError = message(error);
      state.lastErrorAt = new Date().toISOString();
      throw error;
    },
  );
  q.running = run;
  void run
    .catch(() => {})
    .finally(() => {
      q.running = null;
      state.running = false;
      next(q);
    });
  return run;
}

/** After a try: the next one at once (new work came in), after a back-off (it failed), or none. */
function next(q: Queue): void {
  const { state } = q;
  count(q);
  if (q.running || q.timer) return;
  if (q.pending.tags.size === 0 && q.pending.paths.size === 0) {
    state.retryAt = null;
    for (const resolve of q.drained.splice(0)) resolve();
    return;
  }
  const delay = state.failures > 0 ? Math.min(q.retryMs * 2 ** (state.failures - 1), q.maxRetryMs) : 0;
  state.retryAt = new Date(Date.now() + delay).toISOString();
  if (state.failures > 0)
    q.log(
      `purge: ${q.pending.tags.size} tag(s) and ${q.pending.paths.size} path(s) waiting; try ${state.failures + 1} in ${delay} ms (${state.lastError})`,
    );
  q.timer = setTimeout(() => {
    q.timer = null;
    state.retryAt = null;
    attempt(q).catch(() => {});
  }, delay);
  q.timer.unref?.();
}

/**
 * A purge asked for: queued with the try under way or due, or tried now and waited for at most
 * `waitMs` (then it goes on in the background).
 */
async function purge(q: Queue, request: PurgeRequest): Promise<PurgeReport> {
  const { inner, state } = q;
  for (const t of request.tags) q.pending.tags.add(t);
  for (const p of request.paths) q.pending.paths.add(p);
  count(q);
  const queued: PurgeReport = {
    adapter: inner.name,
    tags: request.tags.length,
    urls: request.paths.length,
    requests: 0,
    tagsSkipped: 0,
  };
  // A try under way or a back-off waiting: this request goes with the next try.
  if (q.running) return queued;
  if (q.timer) {
    // Failing: the publisher records the error (its /status) and the try due carries this too.
    if (state.failures > 0)
      throw new Error(
        `purge failing (${state.failures} tries in a row), retried in the background: ${state.lastError}`,
      );
    return queued;
  }
  const run = attempt(q);
  let waited: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (waited = setTimeout(() => resolve('late'), q.waitMs)));
  try {
    const result = await Promise.race([run, late]);
    if (result === 'late') {
      q.log(`purge: ${inner.name} has not answered within ${q.waitMs} ms; going on, it finishes in the background`);
      return queued;
    }
    return result;
  } finally {
    clearTimeout(waited);
  }
}

export function retryingPurger(inner: PurgeAdapter, options: RetryingPurgeOptions = {}): RetryingPurger {
  const { waitMs = 2_000, retryMs = 1_000, maxRetryMs = 60_000, onAttempt, log = () => {} } = options;
  const q: Queue = {
    inner,
    waitMs,
    retryMs,
    maxRetryMs,
    onAttempt,
    log,
    pending: { tags: new Set(), paths: new Set() },
    running: null,
    timer: null,
    drained: [],
    state: {
      pending: { tags: 0, paths: 0 },
      running: false,
      failures: 0,
      lastError: null,
      lastErrorAt: null,
      lastSuccessAt: null,
      retryAt: null,
    },
  };
  return {
    name: inner.name,
    purge: (request: PurgeRequest) => purge(q, request),
    state: () => ({ ...q.state, pending: { ...q.state.pending } }),
    drain: () => (idle(q) ? Promise.resolve() : new Promise<void>((resolve) => q.drained.push(resolve))),
    close() {
      if (q.timer) clearTimeout(q.timer);
      q.timer = null;
      q.drained = [];
    },
  };
}
