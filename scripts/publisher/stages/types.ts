/**
 * What the publisher's stages hand each other (docs/publisher.md "Stages"): the events a publish
 * takes in, the state of each file of a release, and the figures a publish reports. Counts and
 * durations are values here, filled by the stage that measured them.
 */
import type { PurgeAdapter, PurgeReport } from '../purge/types.ts';
import type { Logger } from '../log.ts';
import type { PublisherMetrics } from '../metrics.ts';
import type { RenderPath } from '../render-path.ts';
import type { ReleaseStore } from '../release-store/types.ts';
import type { Twin } from '../precompress.ts';

export interface ContentEvent {
  type: string;
  action: 'create' | 'update' | 'delete';
  key: string;
}

/** One file of a release, as the publisher keeps it between publishes. */
export interface FileState {
  hash: string;
  /** Where the bytes are on this machine; '' for a file adopted from a store that keeps them (s3). */
  source: string;
  cacheKey?: string | undefined;
  /** Cache tags of a page: the records it shows (../tags.ts). */
  tags?: readonly string[] | undefined;
  /** Of a page: what it shows besides its shell, as a key (../render-path.ts `PagePath.bodyKey`). */
  bodyKey?: string | undefined;
  page: boolean;
  /**
   * Its `.br` and `.gz` twins, made from these bytes (../precompress.ts), for a store that serves
   * them; `[]` when it is not worth compressing, undefined until the next publish makes them.
   */
  twins?: readonly Twin[] | undefined;
}

/** Every file of a release: site path → state. */
export type Files = Map<string, FileState>;

/** What the page map keeps of a page. */
export interface PageState {
  cacheKey: string | undefined;
  tags?: readonly string[] | undefined;
  /** Of a saved map's entry: the first digits of the sha256 of the bytes it was saved with. */
  hash?: string | undefined;
}

/** Kinds of publish (the metrics' `kind` label). */
export type PublishKind = 'incremental' | 'full' | 'catch_up' | 'scheduled' | 'boundary' | 'rollback' | 'base';

export interface PublishStats {
  startedAt: string;
  durationMs: number;
  stages: { fetch: number; render: number; write: number; switch: number };
  /** Of `render`: every route's getStaticPaths (the pages and their cacheKeys now). */
  pathsMs?: number;
  /** Of `fetch`: API requests the re-read made (detail answers reused are not requests). */
  requests?: number;
  /**
   * Of the detail answers reused: those that name an edited record, brought up to date from its
   * own fresh answer instead of fetched again (content-store.ts `patchNamed`).
   */
  patched?: number;
  rendered: number;
  /** Of `rendered`: pages whose shell's parts were swapped in their live bytes (./splice.ts). */
  spliced?: number;
  /** Files given the twins they lacked (a rest's pages written without, ./render.ts `twinsOwed`). */
  twinsMade?: number;
  reused: number;
  removed: number;
  release: string | null;
  error: string | null;
  /** The release that followed with the pages this one left (the lists' later pages), if any. */
  rest?: PublishStats;
}

/** The last purge after a switch, for /status. */
export interface PurgeStats {
  at: string;
  release: string;
  /** Records' cache tags and public paths purged (or that failed to purge). */
  tags: number;
  paths: number;
  report: PurgeReport | null;
  error: string | null;
  durationMs?: number;
}

export interface PublisherOptions {
  renderPath: RenderPath;
  store: ReleaseStore;
  /** Scratch space for rendered files before they are staged. */
  workDir: string;
  /** Where the page map of each release (page → the cacheKey it was rendered with) is kept. */
  stateDir?: string;
  keepReleases?: number;
  /** Told the changed records' tags and the changed pages' paths after each switch. */
  purger?: PurgeAdapter;
  debounceMs?: number;
  maxWaitMs?: number;
  /** Back-off after failed publishes: first, then doubling up to max. */
  retryMs?: number;
  maxRetryMs?: number;
  /** The history of publishes (PUBLISH_DIR/history.sqlite, ./history.ts); none: not kept. */
  historyFile?: string;
  /** The journal of accepted events (PUBLISH_DIR/queue.sqlite, ./journal.ts); none: kept in memory only. */
  journalFile?: string;
  /** Where the publish's lines go (default: JSON lines on standard output, ../log.ts). */
  logger?: Logger;
  /** The registry's metrics (../metrics.ts; default: a registry of its own, `publisher.metrics`). */
  metrics?: PublisherMetrics;
}

/** The figures of a publish about to start. */
export function newStats(): PublishStats {
  return {
    startedAt: new Date().toISOString(),
    durationMs: 0,
    stages: { fetch: 0, render: 0, write: 0, switch: 0 },
    rendered: 0,
    reused: 0,
    removed: 0,
    release: null,
    error: null,
  };
}

/** An event as the queue keeps it: with the time it was accepted. */
export interface Queued {
  event: ContentEvent;
  /** Date.now() when the first event for this record, still not live, was accepted. */
  at: number;
  /** The `webhook-id`s of the deliveries that named this record since it was last live. */
  webhookIds: string[];
  /** Its journal sequence number (journal.ts), 0 when it is not journaled. */
  seq?: number;
}
