/**
 * Rollback: a kept release made live again (`id`, or the one before the live one), then the
 * purge of what that switch changed. Its files come from this process's memory, else from the
 * store with its saved page map (stages/page-maps.ts); the next publish compares against them.
 */
import type { RenderPath } from '../render-path.ts';
import type { ReleaseInfo, ReleaseStore } from '../release-store/types.ts';
import type { PageMaps } from './page-maps.ts';
import type { PurgeStage } from './purge.ts';
import { newReleaseId } from './release.ts';
import type { Reporter } from './report.ts';
import { newStats, type Files } from './types.ts';

export interface RollbackInput {
  store: ReleaseStore;
  rp: RenderPath;
  maps: PageMaps;
  purge: PurgeStage;
  reporter: Reporter;
  twins: boolean;
  /** The live release's files before the switch. */
  live: Files;
  /** The kept release to make live; the one before the live one when absent. */
  id?: string;
}

/** Switches to the kept release and purges: the release now live and its files. Throws (recorded) on failure. */
export async function rollback(o: RollbackInput): Promise<{ info: ReleaseInfo; files: Files }> {
  const t = performance.now();
  const report = o.reporter.publish('rollback', newReleaseId());
  try {
    if (o.id && !(await o.store.list()).some((r) => r.id === o.id)) throw new Error(`no kept release ${o.id}`);
    const info = o.id ? (await o.store.activate(o.id), (await o.store.live())!) : await o.store.rollback();
    o.store.prepareNext?.();
    const files = await o.maps.filesOf({ store: o.store, rp: o.rp, id: info.id, twins: o.twins, start: false });
    report.purged(await o.purge.afterSwitch(info.id, [], o.live, files), o.purge.name);
    report.rolledBack(info.id, performance.now() - t);
    return { info, files };
  } catch (error) {
    report.failed({ ...newStats(), durationMs: performance.now() - t, error: (error as Error).message }, error);
    throw error;
  }
}
