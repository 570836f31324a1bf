/**
 * What no webhook announces.
 *
 * - **Scheduled re-read.** Every `REREAD_INTERVAL` seconds (default 300; 0 turns it off) the
 *   publisher's catch-up re-reads every area and publishes whatever the API has that the live
 *   release lacks: an edit whose webhook was lost, an answer that moved with the API's clock (the
 *   home page's next events). The loaders ask with `If-None-Match` first, so an unchanged area
 *   costs one 304 per request of its last read (src/collections/api-collection.ts). Counted in
 *   `portal_publisher_scheduled_rereads_total{found="changed"|"unchanged"|"failed"}`.
 * - **Boundary publishes.** A record that carries its own boundary (a survey's `closesAt`, a
 *   procurement notice's `closingAt`, an upcoming event's `endAt`) changes what the site shows at
 *   that moment with no edit: the loaders derive `closed` and the upcoming events from the clock
 *   when they read (src/lib/clock.ts). At each boundary the collections that hold it are marked
 *   stale (read in full, whatever the 304s say) and their type is queued like a webhook. The
 *   boundaries still ahead are kept in `PUBLISH_DIR/boundaries.json`: one that passes while the
 *   publisher is down is published right after the next start.
 *
 * The clock and the timers are injected (tests use a fake clock); the boundaries are read from
 * the render path's content store after every publish.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from './log.ts';
import type { PublisherMetrics } from './metrics.ts';
import type { ContentEvent } from './stages/types.ts';
import type { StoreEntry } from './render-path.ts';
import { AREAS } from '../../src/areas/registry.ts';
import type { AreaManifest, BoundaryField } from '../../src/collections/area-manifest.ts';

/** Default seconds between scheduled re-reads. */
const DEFAULT_REREAD_INTERVAL_S = 300;
/** Boundaries kept (the nearest): more than any page shows. */
const MAX_BOUNDARIES = 500;
/** setTimeout's limit (about 24.8 days): a later boundary is waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** How often the schedule looks whether a publish ran (to read the boundaries again). */
const WATCH_MS = 2000;

export interface Boundary {
  /** ISO time. */
  at: string;
  /** The webhook type queued at that moment. */
  type: string;
  /** Collections that hold it: read in full then. */
  collections: string[];
}

/** Which fields of which collections are boundaries: declared by the areas (src/collections/area-manifest.ts `boundaries`). */
type Finder = (data: Record<string, unknown>) => Array<{ at: unknown; type: string }>;
const items = (v: unknown): Record<string, unknown>[] =>
  Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => !!x && typeof x === 'object') : [];
/** Every value of `field` in a stored record (its items and their items included). */
function deep(value: unknown, field: string, type: string, out: Array<{ at: unknown; type: string }> = []) {
  if (Array.isArray(value)) for (const v of value) deep(v, field, type, out);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      if (k === field) out.push({ at: v, type });
      else if (v && typeof v === 'object') deep(v, field, type, out);
    }
  return out;
}

/** Collection → what finds its records' boundaries, from the areas' manifests. */
export function boundaryFinders(areas: readonly AreaManifest[] = AREAS): Map<string, Finder> {
  const fields = new Map<string, BoundaryField[]>();
  for (const area of areas)
    for (const [collection, declared] of Object.entries(area.boundaries ?? {}))
      fields.set(collection, [...(fields.get(collection) ?? []), ...declared]);
  const find = (d: Record<string, unknown>, b: BoundaryField) =>
    b.kind !== undefined && d.kind !== b.kind ? [] : deep(b.within === undefined ? d : d[b.within], b.field, b.type);
  return new Map([...fields].map(([collection, fs]) => [collection, (d) => fs.flatMap((b) => find(d, b))]));
}
const FINDERS = boundaryFinders();

/** The boundaries after `now` in the content store, nearest first, one per moment and type. */
export function findBoundaries(collections: Map<string, Map<string, StoreEntry>>, now: number): Boundary[] {
  const found = new Map<string, Boundary>();
  for (const [name, find] of FINDERS) {
    for (const entry of collections.get(name)?.values() ?? []) {
      for (const { at, type } of find(entry.data ?? {})) {
        if (typeof at !== 'string') continue;
        const t = Date.parse(at);
        if (!Number.isFinite(t) || t <= now) continue;
        const iso = new Date(t).toISOString();
        const key = `${iso} ${type}`;
        const b = found.get(key) ?? { at: iso, type, collections: [] };
        if (!b.collections.includes(name)) b.collections.push(name);
        found.set(key, b);
      }
    }
  }
  return [...found.values()].sort((a, b) => a.at.localeCompare(b.at)).slice(0, MAX_BOUNDARIES);
}

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}
const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms).unref(),
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
};

/** What the schedule needs of the publisher. */
export interface SchedulePublisher {
  /** Publishes what a re-read of every area finds; true when a release went live (publisher.ts). */
  catchUp(options?: { kind?: 'catch_up' | 'scheduled' }): Promise<boolean>;
  enqueue(events: readonly ContentEvent[]): void;
  readonly stats: { total: number; failed: number };
}

export interface ScheduleOptions {
  publisher: SchedulePublisher;
  /** The render path's content store (read after each publish for the boundaries). */
  collections: () => Promise<Map<string, Map<string, StoreEntry>>>;
  /** Marks collections to read in full at the next re-read (src/lib/clock.ts `markStale`). */
  markStale: (collections: Iterable<string>) => void;
  /** PUBLISH_DIR/boundaries.json */
  file: string;
  /** Milliseconds between scheduled re-reads; 0 turns them off. */
  intervalMs: number;
  clock?: Clock;
  metrics?: Pick<PublisherMetrics, 'scheduledRereads'>;
  logger?: Pick<Logger, 'info' | 'warn'>;
}

export type RereadFound = 'changed' | 'unchanged' | 'failed';

/** REREAD_INTERVAL (seconds) from the environment: the default when unset, an error when not a number ≥ 0. */
export function rereadIntervalMs(env: NodeJS.ProcessEnv): number {
  const raw = env.REREAD_INTERVAL;
  if (raw === undefined || raw === '') return DEFAULT_REREAD_INTERVAL_S * 1000;
  const s = Number(raw);
  if (!Number.isFinite(s) || s < 0) throw new Error(`REREAD_INTERVAL must be seconds (0 or more), not "${raw}"`);
  return s * 1000;
}

export class Schedule {
  #o: Required<Omit<ScheduleOptions, 'metrics' | 'logger'>> & Pick<ScheduleOptions, 'metrics' | 'logger'>;
  #boundaries: Boundary[] = [];
  #rereadTimer: unknown = null;
  #boundaryTimer: unknown = null;
  #watchTimer: NodeJS.Timeout | null = null;
  #seenTotal = -1;
  #rereading: Promise<RereadFound> | null = null;
  #stopped = false;
  #saving: Promise<void> = Promise.resolve();
  /** Re-reads run and boundaries fired (for /status and tests). */
  counts = { rereads: { changed: 0, unchanged: 0, failed: 0 }, boundaries: 0 };

  constructor(options: ScheduleOptions) {
    this.#o = { clock: systemClock, ...options };
  }

  get boundaries(): readonly Boundary[] {
    return this.#boundaries;
  }

  /**
   * Reads the kept boundaries, publishes those that passed while the publisher was down, reads
   * the store's, and arms the timers.
   */
  async start(): Promise<void> {
    const kept = await this.#load();
    const now = this.#o.clock.now();
    const missed = kept.filter((b) => Date.parse(b.at) <= now);
    this.#boundaries = kept.filter((b) => Date.parse(b.at) > now);
    if (missed.length) this.#fire(missed, 'passed while the publisher was down');
    this.#seenTotal = this.#o.publisher.stats.total;
    await this.refresh();
    this.#armReread();
    this.#watch();
  }

  stop(): void {
    this.#stopped = true;
    for (const t of [this.#rereadTimer, this.#boundaryTimer]) if (t) this.#o.clock.clearTimeout(t);
    if (this.#watchTimer) clearTimeout(this.#watchTimer);
    this.#rereadTimer = this.#boundaryTimer = this.#watchTimer = null;
  }

  /** Reads the boundaries ahead from the content store (after a publish), keeps them, arms the next. */
  async refresh(): Promise<void> {
    const found = findBoundaries(await this.#o.collections(), this.#o.clock.now());
    // Kept ones not in the store any more (a survey deleted, a date moved) are dropped with it.
    this.#boundaries = found;
    await this.#save();
    this.#armBoundary();
  }

  /** One scheduled re-read now (the timer's work; also for tests and the bench). */
  rereadNow(): Promise<RereadFound> {
    this.#rereading ??= this.#reread().finally(() => (this.#rereading = null));
    return this.#rereading;
  }

  async #reread(): Promise<RereadFound> {
    const p = this.#o.publisher;
    const failedBefore = p.stats.failed;
    const totalBefore = p.stats.total;
    let found: RereadFound;
    try {
      const changed = await p.catchUp({ kind: 'scheduled' });
      found =
        p.stats.failed > failedBefore ? 'failed' : p.stats.total > totalBefore && changed ? 'changed' : 'unchanged';
    } catch (error) {
      found = 'failed';
      this.#o.logger?.warn({ err: error }, 'schedule: scheduled re-read failed');
    }
    this.counts.rereads[found]++;
    this.#o.metrics?.scheduledRereads.inc({ found });
    this.#o.logger?.info({ found }, `schedule: scheduled re-read found ${found === 'changed' ? 'changes' : found}`);
    return found;
  }

  #armReread(): void {
    if (this.#stopped || this.#o.intervalMs <= 0) return;
    this.#rereadTimer = this.#o.clock.setTimeout(() => {
      this.#rereadTimer = null;
      void this.rereadNow().finally(() => this.#armReread());
    }, this.#o.intervalMs);
  }

  #armBoundary(): void {
    if (this.#boundaryTimer) this.#o.clock.clearTimeout(this.#boundaryTimer);
    this.#boundaryTimer = null;
    const next = this.#boundaries[0];
    if (this.#stopped || !next) return;
    const wait = Math.max(0, Date.parse(next.at) - this.#o.clock.now());
    this.#boundaryTimer = this.#o.clock.setTimeout(
      () => {
        this.#boundaryTimer = null;
        const now = this.#o.clock.now();
        const due = this.#boundaries.filter((b) => Date.parse(b.at) <= now);
        if (due.length) {
          this.#boundaries = this.#boundaries.filter((b) => Date.parse(b.at) > now);
          this.#fire(due, 'reached');
          void this.#save();
        }
        this.#armBoundary();
      },
      Math.min(wait, MAX_TIMER_MS),
    );
  }

  /** Marks the boundaries' collections stale and queues their types, like a webhook would. */
  #fire(due: Boundary[], why: string): void {
    this.#o.markStale(due.flatMap((b) => b.collections));
    const types = [...new Set(due.map((b) => b.type))];
    this.counts.boundaries += due.length;
    this.#o.logger?.info(
      { boundaries: due.map((b) => b.at), types },
      `schedule: ${due.length} boundary(ies) ${why}: re-reading ${types.join(', ')}`,
    );
    this.#o.publisher.enqueue(types.map((type) => ({ type, action: 'update', key: `boundary:${due[0]!.at}` })));
  }

  /** After each publish (seen by its count), the boundaries are read again from the store. */
  #watch(): void {
    if (this.#stopped) return;
    const total = this.#o.publisher.stats.total;
    const check =
      total !== this.#seenTotal
        ? this.refresh().catch((error: unknown) =>
            this.#o.logger?.warn({ err: error }, 'schedule: reading the boundaries failed'),
          )
        : Promise.resolve();
    this.#seenTotal = total;
    // A real timer whatever the clock: this only polls the publisher's count, it means no time.
    void check.finally(() => {
      if (!this.#stopped) this.#watchTimer = setTimeout(() => this.#watch(), WATCH_MS).unref();
    });
  }

  async #load(): Promise<Boundary[]> {
    try {
      const parsed = JSON.parse(await readFile(this.#o.file, 'utf8')) as { boundaries?: unknown };
      return items(parsed.boundaries)
        .filter((b) => typeof b.at === 'string' && typeof b.type === 'string' && Array.isArray(b.collections))
        .map((b) => ({
          at: b.at as string,
          type: b.type as string,
          collections: (b.collections as unknown[]).map(String),
        }));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        this.#o.logger?.warn(
          { err: error },
          `schedule: ${this.#o.file} unreadable; reading the boundaries from the store`,
        );
      return [];
    }
  }

  /** Writes the boundaries ahead (tmp + rename; one write at a time, the last state wins). */
  #save(): Promise<void> {
    const write = async () => {
      await mkdir(path.dirname(this.#o.file), { recursive: true });
      const tmp = `${this.#o.file}.tmp`;
      await writeFile(tmp, JSON.stringify({ boundaries: this.#boundaries }, null, 1));
      await rename(tmp, this.#o.file);
    };
    this.#saving = this.#saving.then(write, write);
    return this.#saving;
  }
}
