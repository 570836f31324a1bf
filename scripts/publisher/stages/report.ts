/**
 * What a publish tells the people who run it. Every stage hands its result (values, never text)
 * to the publish's report, which writes the log lines (pino: one JSON object a line, fields
 * `publishId`, `kind`, `webhookIds`, `stage`, `durationMs`, the counts, `err` with its cause).
 * One place, so the orchestrator stays a list of stages.
 */
import type { Logger } from '../log.ts';
import type { PublisherMetrics } from '../metrics.ts';
import type { Queued } from './types.ts';
import type { History, HistoryEntry } from './history.ts';
import type { ReleaseResult } from './release.ts';
import type { RenderResult } from './render.ts';
import type { RereadResult } from './reread.ts';
import type { PublishKind, PublishStats, PurgeStats } from './types.ts';

const ms = (n: number) => Math.round(n);

/** Makes the report of each publish. */
export class Reporter {
  readonly log: Logger;
  readonly metrics: PublisherMetrics;
  readonly history: History | null;
  constructor(log: Logger, metrics: PublisherMetrics, history: History | null = null) {
    this.log = log;
    this.metrics = metrics;
    this.history = history;
  }

  publish(kind: PublishKind, publishId: string, batch: readonly Queued[] = []): PublishReport {
    const webhookIds = [...new Set(batch.flatMap((q) => q.webhookIds))];
    const log = this.log.child({ publishId, kind, ...(webhookIds.length ? { webhookIds } : {}) });
    const entry: HistoryEntry = {
      ...{ id: publishId, kind, startedAt: new Date().toISOString(), finishedAt: null, outcome: 'failure' },
      ...{ error: null, release: null, webhookIds, reread: null, purge: null, stages: {}, durationMs: 0 },
      actions: batch.filter((q) => q.event.type !== '*').map((q) => `${q.event.action} ${q.event.type}:${q.event.key}`),
      pages: { rendered: 0, reused: 0, removed: 0 },
    };
    return new PublishReport(log, this.metrics, kind, entry, this.history);
  }

  /** A menu's rest (every page) stepped aside for a waiting edit, whose publish takes its collections on (./rest.ts). */
  restStepsAside(collections: ReadonlySet<string>): void {
    const names = [...collections].join(', ');
    this.log.info(
      { stage: 'render', carried: [...collections] },
      `the rest of ${names} (every page) steps aside for a waiting edit: its publish runs their routes' getStaticPaths`,
    );
  }

  /** The batch's edits are live: how long each waited since its webhook was accepted. */
  live(batch: readonly Queued[], at = Date.now()): void {
    for (const q of batch) if (q.webhookIds.length) this.metrics.editToLiveSeconds.observe((at - q.at) / 1000);
  }
}

export class PublishReport {
  readonly log: Logger;
  readonly kind: PublishKind;
  readonly #m: PublisherMetrics;
  /** What the history keeps of this publish, filled stage by stage. */
  readonly entry: HistoryEntry;
  readonly #history: History | null;
  constructor(log: Logger, metrics: PublisherMetrics, kind: PublishKind, entry: HistoryEntry, history: History | null) {
    this.log = log;
    this.#m = metrics;
    this.kind = kind;
    this.entry = entry;
    this.#history = history;
  }

  #stage(name: string, durationMs: number, endedAt = Date.now()): void {
    this.entry.stages[name] = { at: new Date(endedAt - durationMs).toISOString(), durationMs: ms(durationMs) };
  }

  #record(): void {
    this.entry.finishedAt = new Date().toISOString();
    try {
      this.#history?.record(this.entry);
    } catch (err) {
      this.log.error({ err }, 'the publish could not be recorded in the history');
    }
  }

  reread(events: number, read: RereadResult): void {
    const { collections, requests, reused, patched, fetched, embedded, listsReused, pagesReused, replayed } = read;
    this.log.info(
      {
        stage: 'reread',
        durationMs: ms(read.durationMs),
        events,
        collections,
        requests,
        reused,
        patched,
        fetched,
        embedded,
        listsReused,
        pagesReused,
        replayed,
        changed: read.changed.length,
      },
      `re-read ${collections.length} collection(s) in ${requests} requests (${reused} detail answers reused, ${patched} of them patched, ${fetched} fetched, ${embedded} of them embedded in their lists; ${listsReused} department lists and ${pagesReused} list pages reused; ${replayed} answered as a first pass's): ${read.changed.length} entries changed`,
    );
    this.#m.stageSeconds.observe({ stage: 'reread' }, read.durationMs / 1000);
    this.#stage('reread', read.durationMs);
    this.entry.reread = { collections, changed: read.changed.length, requests };
    this.#m.apiRequests.inc(requests);
    for (const note of read.notes) this.log.debug({ stage: 'reread' }, note);
    for (const warning of read.warnings) this.log.warn({ stage: 'reread' }, warning);
  }

  rendered(out: RenderResult): void {
    const { rendered, reused, removed, differs, twinsMade, deferred, yielded } = out;
    this.#m.stageSeconds.observe({ stage: 'render' }, out.durationMs / 1000);
    this.#stage('render', out.durationMs);
    this.log.info(
      {
        stage: 'render',
        durationMs: ms(out.durationMs),
        pathsMs: ms(out.pathsMs),
        routesRun: out.routesRun,
        pagesMs: ms(out.pagesMs),
        sitemapMs: ms(out.sitemapMs),
        twinsWaitMs: ms(out.twinsWaitMs),
        rendered,
        spliced: out.spliced,
        ...(out.spliceDiffered.length ? { spliceDiffered: out.spliceDiffered } : {}),
        reused,
        removed,
        differs,
        twinsMade,
        twinsOwed: out.twinsOwed,
        deferred,
        ...(deferred > 0 ? { leftFor: out.leftFor } : {}),
        yielded,
      },
      `rendered ${rendered} page(s)` +
        (out.spliced > 0 ? ` (${out.spliced} by swapping the shell's parts in the live page)` : '') +
        (twinsMade > 0 ? `; made the twins of ${twinsMade} file(s) that had none` : '') +
        (out.twinsOwed > 0 ? `; ${out.twinsOwed} file(s) without twins yet (served uncompressed until made)` : '') +
        (deferred > 0 ? `; ${deferred} left for the next release${yielded ? ' (an edit waits)' : ''}` : ''),
    );
  }

  released(out: ReleaseResult): void {
    this.#m.stageSeconds.observe({ stage: 'release' }, out.stageMs / 1000);
    this.#m.stageSeconds.observe({ stage: 'switch' }, out.switchMs / 1000);
    this.#stage('release', out.stageMs, out.liveAt - out.switchMs);
    this.#stage('switch', out.switchMs, out.liveAt);
    this.entry.release = out.id;
    this.log.info(
      {
        stage: 'release',
        durationMs: ms(out.stageMs),
        ...(out.steps && {
          spareWaitMs: ms(out.steps.spareWait),
          placeMs: ms(out.steps.place),
          manifestMs: ms(out.steps.manifest),
        }),
        switchMs: ms(out.switchMs),
        release: out.id,
        written: out.written,
        files: out.total,
      },
      `release ${out.id} staged and switched live`,
    );
  }

  purged(p: PurgeStats | null, through: string | null): void {
    if (!p) return;
    // purges_total and purge_seconds count each try of the CDN, background retries included: the
    // retrying purger reports them (purge/retrying.ts `onAttempt`, wired in main.ts).
    this.#m.stageSeconds.observe({ stage: 'purge' }, (p.durationMs ?? 0) / 1000);
    this.entry.stages.purge = { at: p.at, durationMs: ms(p.durationMs ?? 0) };
    this.entry.purge = { tags: p.tags, paths: p.paths, requests: p.report?.requests ?? 0, error: p.error };
    const fields = {
      stage: 'purge',
      durationMs: ms(p.durationMs ?? 0),
      release: p.release,
      tags: p.tags,
      paths: p.paths,
    };
    if (p.error)
      this.log.warn({ ...fields, err: { message: p.error } }, `purge after ${p.release} failed, kept for the next one`);
    else
      this.log.info(
        { ...fields, requests: p.report?.requests ?? 0, adapter: through },
        `purged ${p.tags} tag(s) and ${p.paths} path(s) through ${through} in ${p.report?.requests ?? 0} request(s)`,
      );
  }

  spares(id: string, { spares, durationMs }: { spares: number; durationMs: number }): void {
    if (spares > 0)
      this.log.info({ stage: 'release', spares, durationMs: ms(durationMs) }, `spare copies of ${id} made`);
  }

  finished(stats: PublishStats): void {
    const { rendered, reused, removed, release } = stats;
    const fields = { durationMs: ms(stats.durationMs), rendered, reused, removed, release };
    this.#m.publishes.inc({ kind: this.kind, outcome: release ? 'success' : 'noop' });
    this.#m.publishSeconds.observe({ kind: this.kind }, stats.durationMs / 1000);
    this.#m.pages.inc({ result: 'rendered' }, rendered);
    this.#m.pages.inc({ result: 'reused' }, reused);
    this.#m.pages.inc({ result: 'removed' }, removed);
    this.#m.lastSuccessTimestamp.set(Date.now() / 1000);
    Object.assign(this.entry, { outcome: release ? 'success' : 'noop', release, durationMs: ms(stats.durationMs) });
    this.entry.pages = { rendered, reused, removed };
    this.#record();
    if (release) this.log.info(fields, `${this.kind} publish ${release} live in ${ms(stats.durationMs)} ms`);
    else this.log.info(fields, `${this.kind} publish: nothing changed on the site`);
  }

  failed(stats: PublishStats, err: unknown): void {
    this.#m.publishes.inc({ kind: this.kind, outcome: 'failure' });
    Object.assign(this.entry, { outcome: 'failure', error: stats.error, durationMs: ms(stats.durationMs) });
    this.entry.pages = { rendered: stats.rendered, reused: stats.reused, removed: stats.removed };
    this.#record();
    this.log.error({ durationMs: ms(stats.durationMs), err }, `${this.kind} publish failed, the live release stays`);
  }

  /** A whole re-read stepped aside for edits (stages/reread.ts): it runs again after them. */
  yielded(why: string): void {
    this.log.info({ stage: 'reread' }, `${this.kind}: ${why}; it goes on after them`);
  }

  /** A rollback to `release` is live (its purge reported before). */
  rolledBack(release: string, durationMs: number): void {
    this.#m.publishes.inc({ kind: 'rollback', outcome: 'success' });
    this.#stage('switch', durationMs);
    Object.assign(this.entry, { outcome: 'success', release, durationMs: ms(durationMs) });
    this.log.info({ release, durationMs: ms(durationMs) }, `rolled back to ${release}`);
    this.#record();
  }
}
