/**
 * Writes to disk that callers wait for, one at a time: a call resolves once a run of `work` that
 * started after it has finished, and the calls made while one runs share the next run (a burst of
 * 200 webhooks: a few writes or syncs, not 200). Used for the replay store's file (./server.ts) and
 * the journal's sync (./stages/journal.ts).
 */
export function coalesced(work: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  /** The run queued behind the one under way, if any: calls from now on share it. */
  let next: Promise<void> | null = null;
  return () => {
    if (next) return next;
    const run = () => {
      next = null; // calls from here on need a run of their own
      return work();
    };
    next = running.then(run, run);
    running = next;
    return next;
  };
}
