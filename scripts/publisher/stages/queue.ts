/**
 * Stage 1, the queue: content events in, batches of dirty records out. Events for the same record
 * coalesce (the newest wins); a batch starts after a quiet `debounceMs` or at the latest `maxWaitMs`
 * after its first event; one publish runs at a time and events that arrive meanwhile join the
 * next. A batch whose publish fails goes back into the queue (newer events for its records win)
 * and is retried with back-off (`retryMs` doubling up to `maxRetryMs`).
 */
import type { ContentEvent, Queued } from './types.ts';
import type { Journal } from './journal.ts';

/** Where an event came from. */
export interface Delivery {
  /** The delivery's `webhook-id` (none for a catch-up, a scheduled re-read, a test). */
  webhookId?: string | undefined;
  /** When it was accepted (default: now). */
  at?: number;
  /** The journal's sequence number of the write that holds it (./journal.ts). */
  seq?: number;
  /** Webhook ids already known for it (an event read back from the journal). */
  webhookIds?: readonly string[];
}

export interface QueueOptions {
  debounceMs: number;
  maxWaitMs: number;
  retryMs: number;
  maxRetryMs: number;
}
/** The publisher's: a batch 100 ms after the last event, 1 s at the latest; retries 1 s doubling to a minute. */
const DEFAULTS: QueueOptions = { debounceMs: 100, maxWaitMs: 1000, retryMs: 1000, maxRetryMs: 60_000 };

/** Publishes one batch; throws when it failed (the batch is queued again). */
export type PublishBatch<T> = (batch: readonly Queued[]) => Promise<T>;

const eventKey = (e: Pick<ContentEvent, 'type' | 'key'>) => `${e.type}:${e.key}`;

export class PublishQueue<T = void> {
  readonly #publish: PublishBatch<T>;
  readonly #opts: QueueOptions;
  #dirty = new Map<string, Queued>();
  /** The batch being published (its events are not live yet). */
  #inFlight: readonly Queued[] = [];
  #running: Promise<unknown> | null = null;
  #timer: NodeJS.Timeout | null = null;
  #firstDirtyAt = 0;
  /** When the last event came in (the debounce waits for a quiet moment since). */
  #lastEventAt = 0;
  #failures = 0;
  #idle: Array<() => void> = [];
  /** Per record key: who waits for its queued event to be published. */
  #waiters = new Map<string, Array<(result: T) => void>>();

  readonly #journal: Journal | null;

  /** With a `journal`, events are on disk before `enqueue` returns and forgotten once published. */
  constructor(publish: PublishBatch<T>, options: Partial<QueueOptions> = {}, journal: Journal | null = null) {
    this.#publish = publish;
    this.#opts = { ...DEFAULTS };
    for (const k of Object.keys(DEFAULTS) as Array<keyof QueueOptions>) this.#opts[k] = options[k] ?? DEFAULTS[k];
    this.#journal = journal;
  }

  /** Queues the events a killed process accepted and never published (the journal's); returns how many. */
  restore(): number {
    const pending = this.#journal?.pending() ?? [];
    for (const q of pending) void this.enqueue([q.event], q);
    return pending.length;
  }

  /** `type:key` of every record waiting for a publish (not the one running). */
  get dirty(): string[] {
    return [...this.#dirty.keys()];
  }
  get depth(): number {
    return this.#dirty.size;
  }
  get running(): boolean {
    return this.#running !== null;
  }
  /** When the oldest event not yet live was accepted (waiting or in the running publish), or null. */
  get oldestDirtyAt(): number | null {
    let oldest: number | null = null;
    for (const q of [...this.#dirty.values(), ...this.#inFlight]) if (oldest === null || q.at < oldest) oldest = q.at;
    return oldest;
  }
  /** Failed publishes in a row (0 after a success). */
  get failures(): number {
    return this.#failures;
  }

  /**
   * Marks records dirty; a publish follows after the debounce (or the maximum wait). Resolves with
   * the result of the publish that made the last of these events live (after retries, if it failed).
   */
  enqueue(events: readonly ContentEvent[], delivery: Delivery = {}): Promise<T[]> {
    if (events.length === 0) return Promise.resolve([]);
    const at = delivery.at ?? Date.now();
    // Written before the caller answers 202 (on disk once `synced` resolves); a restored event already is.
    if (this.#journal && !delivery.seq && !events.some((e) => e.type === '*'))
      delivery = { ...delivery, seq: this.#journal.add(events, at, delivery.webhookId) };
    if (this.#dirty.size === 0) this.#firstDirtyAt = at;
    this.#lastEventAt = Date.now();
    const published: Promise<T>[] = [];
    for (const event of events) {
      const k = eventKey(event);
      const before = this.#dirty.get(k);
      const ids = [
        ...(before?.webhookIds ?? []),
        ...(delivery.webhookIds ?? []),
        ...(delivery.webhookId ? [delivery.webhookId] : []),
      ];
      const seq = Math.max(before?.seq ?? 0, delivery.seq ?? 0);
      this.#dirty.set(k, { event, at: before?.at ?? at, webhookIds: [...new Set(ids)], seq });
      published.push(new Promise<T>((resolve) => this.#waiters.set(k, [...(this.#waiters.get(k) ?? []), resolve])));
    }
    this.#schedule(this.#opts.debounceMs);
    return Promise.all(published);
  }

  /** Resolves once the events queued so far are on disk (the journal's sync; at once without a journal). */
  synced(): Promise<void> {
    return this.#journal?.synced() ?? Promise.resolve();
  }

  /** Publishes what is dirty without waiting for the debounce (after the running publish, if any). */
  flush(): void {
    if (this.#running) return; // the running publish starts the next when it ends
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    void this.#next();
  }

  /** Runs `task` (a full publish, a rollback) after the running publish, before the batches waiting. */
  async exclusive<T>(task: () => Promise<T>): Promise<T> {
    while (this.#running) await this.#running;
    const run = task();
    this.#running = run.catch(() => {});
    try {
      return await run;
    } finally {
      this.#running = null;
      this.#afterRun();
    }
  }

  /** Resolves when nothing is dirty and no publish runs. */
  idle(): Promise<void> {
    if (!this.#running && this.#dirty.size === 0 && !this.#timer) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  /** Stops the timers (the process is closing); what is queued stays queued. */
  stop(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  #schedule(delay: number): void {
    if (this.#running) return;
    if (this.#timer) clearTimeout(this.#timer);
    const waited = Date.now() - this.#firstDirtyAt;
    const wait = Math.max(0, Math.min(delay, this.#opts.maxWaitMs - waited));
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.#next();
    }, wait);
  }

  /** True while an edit (not a whole re-read) waits for the next batch. */
  get editsWaiting(): boolean {
    for (const q of this.#dirty.values()) if (q.event.type !== '*') return true;
    return false;
  }

  async #next(): Promise<void> {
    if (this.#running || this.#dirty.size === 0) return;
    // Edits go first, in a batch of their own: a whole re-read (a `*` event: the catch-up, a
    // scheduled re-read) waits for a batch with nothing else, so that an edit never waits for it.
    const all = [...this.#dirty.values()];
    const edits = all.filter((q) => q.event.type !== '*');
    const batch = edits.length > 0 ? edits : all;
    for (const q of batch) this.#dirty.delete(eventKey(q.event));
    this.#inFlight = batch;
    const waiting = new Map(batch.map((q) => [eventKey(q.event), this.#waiters.get(eventKey(q.event)) ?? []]));
    for (const k of waiting.keys()) this.#waiters.delete(k);
    const done = this.#publish(batch).then(
      (result) => {
        this.#failures = 0;
        this.#journal?.done(batch); // live, or nothing to change: forgotten either way
        for (const resolve of [...waiting.values()].flat()) resolve(result);
      },
      (error: unknown) => {
        for (const [k, w] of waiting) this.#waiters.set(k, [...w, ...(this.#waiters.get(k) ?? [])]);
        // Keep what failed (newer events for the same records win, accepted at the older time).
        for (const q of batch) {
          const k = eventKey(q.event);
          const newer = this.#dirty.get(k);
          this.#dirty.set(
            k,
            newer
              ? {
                  ...newer,
                  at: Math.min(newer.at, q.at),
                  seq: Math.max(newer.seq ?? 0, q.seq ?? 0),
                  webhookIds: [...new Set([...q.webhookIds, ...newer.webhookIds])],
                }
              : q,
          );
        }
        // A whole re-read that stepped aside for edits (stages/reread.ts `Yielded`) is not a failure.
        if ((error as Error | null)?.name !== 'Yielded') this.#failures++;
      },
    );
    this.#running = done;
    await done;
    this.#running = null;
    this.#inFlight = [];
    this.#afterRun();
  }

  #afterRun(): void {
    if (this.#dirty.size > 0) {
      if (this.#failures > 0) {
        const backoff = Math.min(this.#opts.retryMs * 2 ** (this.#failures - 1), this.#opts.maxRetryMs);
        if (this.#timer) clearTimeout(this.#timer);
        this.#timer = setTimeout(() => {
          this.#timer = null;
          void this.#next();
        }, backoff);
      } else {
        // The debounce counts from the last event, not from the end of the run: an edit that came
        // in while a catch-up ran has been quiet long enough already (it went at once, not 100 ms later).
        this.#firstDirtyAt = Date.now();
        this.#schedule(Math.max(0, this.#opts.debounceMs - (Date.now() - this.#lastEventAt)));
      }
    } else if (!this.#timer) {
      for (const resolve of this.#idle.splice(0)) resolve();
    }
  }
}
