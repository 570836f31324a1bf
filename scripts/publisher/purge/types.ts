/**
 * What the publisher asks of a CDN after a switch: forget what it holds for these records and
 * pages. `tags` are the changed records' keys (the page map's keys, as in the pages'
 * `Surrogate-Key` / `Cache-Tag`); `paths` are the site paths whose files changed or went away
 * (`en/news/index.html` or `/en/news/`).
 */
export interface PurgeRequest {
  tags: readonly string[];
  paths: readonly string[];
}

/** What an adapter did, for the publisher's status and log. */
export interface PurgeReport {
  adapter: string;
  /** Tags purged by tag. */
  tags: number;
  /** URLs purged one by one. */
  urls: number;
  /** API calls made. */
  requests: number;
  /** Tags not purged by tag (rate limit): their pages were purged by URL instead. */
  tagsSkipped: number;
}

export interface PurgeAdapter {
  readonly name: string;
  purge(request: PurgeRequest): Promise<PurgeReport>;
}

/** Splits a list into batches of at most `size`. */
export function batches<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
