/**
 * The publisher's readiness, as `/status` (`state`, `states`) and `/readyz`
 * report it: `starting` (loading the render path, adopting or publishing the base release),
 * `catching up` (the first re-read of every area: the edits missed while down, the detail answers
 * later edits reuse, the base release's Brotli/gzip twins and the spare copies of the release),
 * `ready` (an edit waits for nothing but its own publish). Each state's duration is kept.
 */
import type { PublisherMetrics } from './metrics.ts';

export type ReadyState = 'starting' | 'catching up' | 'ready';

export interface StateTime {
  state: ReadyState;
  /** ISO time the state began. */
  at: string;
  /** How long it lasted (null while it lasts). */
  durationMs: number | null;
}

export class Readiness {
  readonly states: StateTime[] = [];
  #since = performance.now();
  readonly #metrics: Pick<PublisherMetrics, 'ready'> | null;

  constructor(metrics: Pick<PublisherMetrics, 'ready'> | null = null) {
    this.#metrics = metrics;
    this.#enter('starting');
  }

  get state(): ReadyState {
    return this.states.at(-1)!.state;
  }

  get ready(): boolean {
    return this.state === 'ready';
  }

  /** Moves on to `state` (no-op when already there). */
  set(state: ReadyState): void {
    if (state !== this.state) this.#enter(state);
  }

  #enter(state: ReadyState): void {
    const now = performance.now();
    const current = this.states.at(-1);
    if (current) current.durationMs = Math.round(now - this.#since);
    this.#since = now;
    this.states.push({ state, at: new Date().toISOString(), durationMs: null });
    this.#metrics?.ready.set(state === 'ready' ? 1 : 0);
  }
}
