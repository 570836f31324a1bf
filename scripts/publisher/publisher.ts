/** The orchestrator (docs/publisher.md "Stages"): queue → re-read → render → release → purge → prune, in ./stages/. */
import path from 'node:path';
import type { RenderPath } from './render-path.ts';
import type { ReleaseInfo, ReleaseStore } from './release-store/types.ts';
import { baseReleaseFiles } from './stages/files.ts';
import { PageMaps } from './stages/page-maps.ts';
import { PublishQueue, type Delivery } from './stages/queue.ts';
import { Journal } from './stages/journal.ts';
import { History } from './stages/history.ts';
import { reread, wholeKind, Yielded } from './stages/reread.ts';
import { renderChanged } from './stages/render.ts';
import type { RenderTask, RestLeft } from './stages/plan.ts';
import { Rest } from './stages/rest.ts';
import { WorkFolders } from './stages/work.ts';
import { EditHold, liveDirOf, makeSpares, newReleaseId, prune, release } from './stages/release.ts';
import { rollback } from './stages/rollback.ts';
import { PurgeStage } from './stages/purge.ts';
import { Reporter, type PublishReport } from './stages/report.ts';
import { createLogger } from './log.ts';
import { createPublisherMetrics, type PublisherMetrics } from './metrics.ts';
import { newStats, type ContentEvent, type Files, type PublishKind, type PublisherOptions } from './stages/types.ts';
import type { PublishStats, Queued } from './stages/types.ts';

type Make = (stats: PublishStats, report: PublishReport) => Promise<Files | null>;

export class Publisher {
  readonly rp: RenderPath;
  readonly store: ReleaseStore;
  readonly queue: PublishQueue<PublishStats>;
  readonly metrics: PublisherMetrics;
  /** Every publish and rollback, newest first (./stages/history.ts); null when not kept. */
  readonly history: History | null;
  /** The purge stage: its last request and a retrying purger's state (for /status). */
  readonly purge: PurgeStage;
  readonly #maps: PageMaps;
  readonly #hold = new EditHold(this);
  readonly #reporter: Reporter;
  readonly #work: WorkFolders;
  readonly #keep: number;
  /** Whether releases get precompressed twins (the store serves them: `dir`). */
  readonly #twins: boolean;
  /** Every file of the live release. */
  #files: Files = new Map();
  /** What a publish left for the release after it (its pages, or the collections to run getStaticPaths of). */
  readonly #rest: Rest;
  /** The live sitemap lacks pages that came or went (the next render writes it); the same once this render is live. */
  #sitemap = { owed: false, owedAfter: false };
  /** Records re-read as changed since the last switch (a failed publish keeps its own for the purge). */
  #changedRecords = new Set<string>();
  readonly stats = { total: 0, failed: 0, queue: 0 };
  last: PublishStats | null = null;

  constructor(o: PublisherOptions) {
    this.rp = o.renderPath;
    this.store = o.store;
    this.#twins = o.store.precompressed === true;
    this.#work = new WorkFolders(o.workDir);
    this.#rest = new Rest((carried) => this.#reporter.restStepsAside(carried), path.join(o.workDir, '..', '.twins'));
    this.#keep = o.keepReleases ?? 5;
    this.metrics = o.metrics ?? createPublisherMetrics();
    this.history = o.historyFile ? new History(o.historyFile) : null;
    this.#reporter = new Reporter(o.logger ?? createLogger(), this.metrics, this.history);
    this.purge = new PurgeStage(o.purger ?? null);
    this.queue = new PublishQueue((b) => this.#publishBatch(b), o, o.journalFile ? new Journal(o.journalFile) : null);
    const failed = (error: unknown) => this.#reporter.log.warn({ err: error }, 'the page map could not be saved');
    const maps = o.stateDir ?? path.join(o.workDir, '..', 'page-maps');
    this.#maps = new PageMaps(maps, { quiet: () => this.queue.idle(), failed });
  }

  /** Saves the live release's page map now (a clean stop: the next start adopts it as it is). */
  saveState = (): Promise<void> => this.#maps.flush();

  /**
   * Marks records dirty; a publish follows after the debounce (or the maximum wait). Resolves once
   * the events are on disk (the journal): the webhook's 202 waits for it.
   */
  enqueue(events: readonly ContentEvent[], delivery: Delivery = {}): Promise<void> {
    if (!wholeKind(events)) this.#hold.take(); // the store's copies wait for the edit (not those restored from the journal)
    void this.queue.enqueue(events, delivery);
    this.stats.queue = this.queue.depth;
    const synced = this.queue.synced();
    synced.catch(() => {}); // a caller that does not wait (the schedule) leaves no unhandled rejection
    return synced;
  }

  /** Resolves when nothing is dirty, no publish runs and the live release's page map is saved (a clean stop, tests, the bench). */
  idle = async (): Promise<void> => {
    await this.queue.idle();
    await this.#maps.saved();
  };

  /** Re-reads every area, after any waiting edit (`catch_up` on start, `scheduled`): true when a release went live. */
  async catchUp(options: { kind?: 'catch_up' | 'scheduled' } = {}): Promise<boolean> {
    const done = this.queue.enqueue([{ type: '*', action: 'update', key: options.kind ?? 'catch_up' }]);
    this.queue.flush();
    return (await done).some((stats) => stats.release !== null);
  }

  /** Renders every page through the warm path, ignoring cacheKeys (after the running publish). */
  publishFull(): Promise<PublishStats> {
    return this.queue.exclusive(() => this.#publish('full', [], (s, r) => this.#render(s, r, { kind: 'full' })));
  }

  /** Publishes a finished `astro build` output folder as a release (a base release). */
  publishBuild(dir: string): Promise<PublishStats> {
    return this.#publish('base', [], async (s) => (this.#files = await baseReleaseFiles(dir, this.rp, this.#twins, s)));
  }

  /** The live release becomes the starting point (on start): its files, each page's cacheKey from its page map. */
  async adoptLive(): Promise<ReleaseInfo | null> {
    const live = await this.store.live();
    if (!live) return null;
    const release = { store: this.store, rp: this.rp, id: live.id, twins: this.#twins };
    this.#files = await this.#maps.filesOf({ ...release, start: true });
    this.store.prepareNext?.(); // a store that can (dir) prepares the next release's copy meanwhile
    return live;
  }

  /** Makes a kept release live again: `id`, or the one before the live one (stages/rollback.ts). */
  rollback(id?: string): Promise<ReleaseInfo> {
    return this.queue.exclusive(async () => {
      const o = { store: this.store, rp: this.rp, maps: this.#maps, purge: this.purge, twins: this.#twins };
      const out = await rollback({ ...o, reporter: this.#reporter, live: this.#files, id });
      this.#files = out.files;
      this.#sitemap.owed = false; // a kept release's sitemap lists its own pages
      return out.info;
    });
  }

  /** The queue's batch: re-read, then render what changed. Throws when it failed (retried). */
  async #publishBatch(batch: readonly Queued[]): Promise<PublishStats> {
    this.stats.queue = this.queue.depth;
    const [events, yieldTo] = [batch.map((q) => q.event), () => this.queue.editsWaiting];
    const stats = await this.#publish(wholeKind(events) ?? 'incremental', batch, async (s, report) => {
      const applied = (changed: readonly string[]) => changed.forEach((r) => this.#changedRecords.add(r));
      const read = await reread(this.rp, events, { yieldTo, applied });
      Object.assign(s, { requests: read.requests, patched: read.patched });
      s.stages.fetch = read.durationMs;
      report.reread(events.length, read);
      // Routes that read a changed collection (or a menu rest's that stepped aside) run getStaticPaths again.
      const changed = this.#rest.changed(this.#changedRecords);
      const [whole, records] = [wholeKind(events) !== null, this.#changedRecords];
      return this.#render(s, report, { kind: 'edit', changed, records, whole });
    });
    if (stats.release) this.#reporter.live(batch);
    // What the first release left (later list pages, a wide change's, the sitemap, twins) goes next (./stages/rest.ts).
    const twinStash = this.#rest.twinStash ?? null;
    const publishRest = (left: RestLeft) =>
      this.#publish('incremental', batch, (s, r) =>
        this.#render(s, r, { kind: 'rest', left, editWaits: yieldTo, twinStash }),
      );
    const rest = await this.#rest.drain(this.rp, yieldTo, publishRest);
    if (rest) this.last = { ...stats, rest };
    return stats;
  }

  /** Render and diff: the next files, or null when no file differs (no release). */
  async #render(stats: PublishStats, report: PublishReport, task: RenderTask) {
    const workDir = this.#work.next();
    const [live, liveDir, twins] = [this.#files, liveDirOf(this.store, this.#files), this.#twins];
    const out = await renderChanged({
      rp: this.rp,
      task,
      live,
      liveDir,
      twins,
      workDir,
      sitemapOwed: this.#sitemap.owed,
    });
    this.#rest.leave(out);
    this.#sitemap.owedAfter = out.sitemapOwed;
    const { rendered, spliced, reused, removed, pathsMs } = out;
    Object.assign(stats, { rendered, spliced, reused, removed, pathsMs, twinsMade: out.twinsMade });
    stats.stages.render = out.durationMs;
    report.rendered(out);
    if (out.differs > 0 || task.kind === 'full') return out.files;
    if (out.keysMoved) this.#files = out.files; // the same bytes everywhere: only the cacheKeys move on
    this.#sitemap.owed = out.sitemapOwed;
    return null;
  }

  /** One publish: make the next files, then release, purge, prune. A failure switches nothing. */
  async #publish(kind: PublishKind, batch: readonly Queued[], make: Make): Promise<PublishStats> {
    const [started, stats, id, before] = [performance.now(), newStats(), newReleaseId(), this.#files];
    const report = this.#reporter.publish(kind, id, batch);
    this.stats.total++;
    try {
      const files = await make(stats, report);
      if (files) {
        const out = await release({ store: this.store, id, files, twins: this.#twins, live: before });
        this.#hold.letGo(); // live: the store's copies go on (makeSpares below may wait for them)
        Object.assign(stats.stages, { write: out.stageMs, switch: out.switchMs });
        stats.release = out.id;
        this.#files = out.files;
        this.#sitemap.owed = kind !== 'base' && this.#sitemap.owedAfter;
        report.released(out);
        this.#maps.write(out.id, out.files); // saved once no publish runs nor waits (./stages/page-maps.ts)
        // Only now that the release is live: a failed publish purges nothing (nothing switched).
        const purged = await this.purge.afterSwitch(out.id, [...this.#changedRecords], before, out.files, out.changed);
        report.purged(purged, this.purge.name);
        for (const gone of await prune(this.store, this.#keep)) await this.#maps.remove(gone);
        // A base release's spares: one per edit until prunes recycle (`keep`; fewer made an edit wait, docs/performance.md).
        if (kind === 'base') this.store.prepareNext?.(this.#keep);
        else report.spares(out.id, await makeSpares(this.store, this.#keep, out, this.queue, this.#rest));
      }
      this.#changedRecords.clear(); // purged, or no page shows a change: nothing for a CDN to forget
      stats.durationMs = performance.now() - started;
      report.finished(stats);
      return stats;
    } catch (error) {
      stats.error = error instanceof Error ? error.message : String(error);
      stats.durationMs = performance.now() - started;
      this.stats.failed += error instanceof Yielded ? 0 : 1; // a whole re-read that stepped aside for edits: no failure
      if (error instanceof Yielded) report.yielded(error.message);
      else report.failed(stats, error);
      throw error;
    } finally {
      this.#hold.letGo(); // failed, or nothing to release: the store's copies go on
      this.last = stats;
      // Deleted in the background; what a failed render left there is not counted.
      this.#work.done(stats.error ? Infinity : stats.rendered + (stats.twinsMade ?? 0));
    }
  }
}
