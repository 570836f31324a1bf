/**
 * Stage 5, the purge: after a switch (never before: the CDN would fetch the old files again),
 * the changed records and the live release's files before and after in; one purge request to
 * the CDN out. It names the tags of the records re-read as changed and the public paths of the
 * files whose bytes changed or that went away (hashed assets never change under a name). A
 * purge that fails is kept and sent with the next one.
 */
import { isHashedAsset } from '../release-store/headers.ts';
import { publicPath } from '../purge/urls.ts';
import { tagsOf } from '../tags.ts';
import type { PurgeState } from '../purge/retrying.ts';
import type { PurgeAdapter, PurgeRequest } from '../purge/types.ts';
import type { ChangedPaths } from './release.ts';
import type { Files, PurgeStats } from './types.ts';

/**
 * What the switch from `before` to `after` makes stale at the CDN, with what a failed purge left.
 * `changed`: the release stage's list of the paths that may differ and those that went (a few
 * dozen for an edit), so that not every path of both releases is looked at; without it, all are.
 */
export function purgeRequest(
  records: readonly string[],
  before: Files,
  after: Files,
  carried: PurgeRequest = { tags: [], paths: [] },
  changed?: ChangedPaths,
): PurgeRequest {
  const tags = new Set([...carried.tags, ...tagsOf(records)]);
  const paths = new Set(carried.paths);
  const stale = (p: string) => !isHashedAsset(p) && paths.add(publicPath(p));
  for (const p of changed?.paths ?? after.keys()) {
    const f = after.get(p);
    if (f && before.get(p)?.hash !== f.hash) stale(p);
  }
  if (changed) for (const p of changed.gone) stale(p);
  else for (const p of before.keys()) if (!after.has(p)) stale(p);
  return { tags: [...tags], paths: [...paths] };
}

export class PurgeStage {
  readonly #purger: PurgeAdapter | null;
  /** Tags and paths a failed purge left, sent with the next one. */
  #carried: PurgeRequest = { tags: [], paths: [] };
  last: PurgeStats | null = null;

  constructor(purger: PurgeAdapter | null) {
    this.#purger = purger;
  }

  get name(): string | null {
    return this.#purger?.name ?? null;
  }

  /** A retrying purger's state (purge/retrying.ts), for /status; null for another adapter. */
  get retries(): PurgeState | null {
    const purger = this.#purger as (PurgeAdapter & { state?: () => PurgeState }) | null;
    return purger?.state?.() ?? null;
  }

  /**
   * Purges what the switch to release `id` changed (`changed`: see `purgeRequest`). Nothing when
   * nothing was live before (nothing is cached yet) or when no purger is configured; null then.
   * Never throws: a failure is in the stats returned (and in `last`).
   */
  async afterSwitch(
    id: string,
    records: readonly string[],
    before: Files,
    after: Files,
    changed?: ChangedPaths,
  ): Promise<PurgeStats | null> {
    if (!this.#purger || before.size === 0) return null;
    const request = purgeRequest(records, before, after, this.#carried, changed);
    if (request.tags.length === 0 && request.paths.length === 0) return null;
    const t = performance.now();
    const stats: PurgeStats = {
      at: new Date().toISOString(),
      release: id,
      tags: request.tags.length,
      paths: request.paths.length,
      report: null,
      error: null,
    };
    try {
      stats.report = await this.#purger.purge(request);
      this.#carried = { tags: [], paths: [] };
    } catch (error) {
      stats.error = error instanceof Error ? error.message : String(error);
      this.#carried = request;
    }
    stats.durationMs = performance.now() - t;
    this.last = stats;
    return stats;
  }
}
