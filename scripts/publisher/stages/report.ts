/**
 * What a publish tells the people who run it: every stage hands its result (values, never text)
 * to the reporter, which writes the log lines. One place, so the orchestrator stays a list of
 * stages.
 */
import type { ReleaseResult } from './release.ts';
import type { RenderResult } from './render.ts';
import type { RereadResult } from './reread.ts';
import type { PublishKind, PublishStats, PurgeStats } from './types.ts';

export class PublishReport {
  readonly #log: (line: string) => void;
  constructor(log: (line: string) => void) {
    this.#log = log;
  }

  reread(events: number, read: RereadResult): void {
    this.#log(
      `publisher: ${events} record(s) dirty, re-read ${read.collections.join(', ')} in ${read.requests} requests (${read.reused} detail answers reused, ${read.patched} of them patched, ${read.fetched} fetched): ${read.changed.length} entries changed`,
    );
    for (const note of read.notes) this.#log(`publisher:   ${note}`);
    for (const warning of read.warnings) this.#log(`publisher:   warning: ${warning}`);
  }

  rendered(out: RenderResult): void {
    if (out.twinsMade > 0) this.#log(`publisher: made the twins of ${out.twinsMade} file(s) that had none`);
  }

  released(out: ReleaseResult): void {
    void out; // the publish's own line says it went live
  }

  purged(p: PurgeStats | null, through: string | null): void {
    if (!p) return;
    if (p.error) this.#log(`publisher: purge after ${p.release} failed, kept for the next one: ${p.error}`);
    else
      this.#log(
        `publisher: purged ${p.tags} tag(s) and ${p.paths} path(s) through ${through} in ${p.report?.requests ?? 0} request(s)`,
      );
  }

  spares(id: string, spares: number, ms: number): void {
    if (spares > 0)
      this.#log(`publisher: spare copies of ${id} for the next ${spares} publishes made in ${ms.toFixed(0)} ms`);
  }

  finished(kind: PublishKind, stats: PublishStats): void {
    if (stats.release)
      this.#log(
        `publisher: ${kind} publish ${stats.release} live in ${stats.durationMs.toFixed(0)} ms (${stats.rendered} rendered, ${stats.reused} reused, ${stats.removed} removed)`,
      );
    else
      this.#log(
        `publisher: ${kind} publish: nothing changed on the site (${stats.rendered} rendered, ${stats.reused} reused)`,
      );
  }

  failed(kind: PublishKind, stats: PublishStats): void {
    this.#log(`publisher: ${kind} publish failed, the live release stays: ${stats.error}`);
  }
}
