/**
 * What a publish tells the people who run it. Every stage hands its result (values, never text)
 * to the publish's report, which writes the log lines (pino: one JSON object a line, fields
 * `publishId`, `kind`, `webhookIds`, `stage`, `durationMs`, the counts, `err` with its cause).
 * One place, so the orchestrator stays a list of stages.
 */
import type { Logger } from '../log.ts';
import type { ReleaseResult } from './release.ts';
import type { RenderResult } from './render.ts';
import type { RereadResult } from './reread.ts';
import type { PublishKind, PublishStats, PurgeStats } from './types.ts';

const ms = (n: number) => Math.round(n);

/** Makes the report of each publish. */
export class Reporter {
  readonly log: Logger;
  constructor(log: Logger) {
    this.log = log;
  }

  publish(kind: PublishKind, publishId: string, webhookIds: readonly string[] = []): PublishReport {
    return new PublishReport(this.log.child({ publishId, kind, ...(webhookIds.length ? { webhookIds } : {}) }), kind);
  }
}

export class PublishReport {
  readonly log: Logger;
  readonly kind: PublishKind;
  constructor(log: Logger, kind: PublishKind) {
    this.log = log;
    this.kind = kind;
  }

  reread(events: number, read: RereadResult): void {
    const { collections, requests, reused, patched, fetched } = read;
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
        changed: read.changed.length,
      },
      `re-read ${collections.length} collection(s) in ${requests} requests (${reused} detail answers reused, ${patched} of them patched, ${fetched} fetched): ${read.changed.length} entries changed`,
    );
    for (const note of read.notes) this.log.debug({ stage: 'reread' }, note);
    for (const warning of read.warnings) this.log.warn({ stage: 'reread' }, warning);
  }

  rendered(out: RenderResult): void {
    const { rendered, reused, removed, differs, twinsMade } = out;
    this.log.info(
      {
        stage: 'render',
        durationMs: ms(out.durationMs),
        pathsMs: ms(out.pathsMs),
        rendered,
        reused,
        removed,
        differs,
        twinsMade,
      },
      twinsMade > 0
        ? `rendered ${rendered} page(s); made the twins of ${twinsMade} file(s) that had none`
        : `rendered ${rendered} page(s)`,
    );
  }

  released(out: ReleaseResult): void {
    this.log.info(
      {
        stage: 'release',
        durationMs: ms(out.stageMs),
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

  spares(id: string, spares: number, durationMs: number): void {
    if (spares > 0)
      this.log.info({ stage: 'release', spares, durationMs: ms(durationMs) }, `spare copies of ${id} made`);
  }

  finished(stats: PublishStats): void {
    const { rendered, reused, removed, release } = stats;
    const fields = { durationMs: ms(stats.durationMs), rendered, reused, removed, release };
    if (release) this.log.info(fields, `${this.kind} publish ${release} live in ${ms(stats.durationMs)} ms`);
    else this.log.info(fields, `${this.kind} publish: nothing changed on the site`);
  }

  failed(stats: PublishStats, err: unknown): void {
    this.log.error({ durationMs: ms(stats.durationMs), err }, `${this.kind} publish failed, the live release stays`);
  }
}
