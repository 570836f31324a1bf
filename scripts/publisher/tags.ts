/**
 * Cache tags: the keys of the records a page shows, as its `Surrogate-Key` / `Cache-Tag` carry
 * them and as a purge names them. A record `collection/lang/key` of the content store (`articles/th/article:my-slug`) (what
 * getStaticPaths' cacheKeys are made from, what a re-read reports changed) is tagged
 * `collection:key`: short, stable across builds, and the same on both languages' pages.
 */
export function recordTag(record: string): string {
  const slash = record.indexOf('/');
  if (slash < 0) return record;
  return `${record.slice(0, slash)}:${record.slice(slash + 1).replace(/^[a-z]{2}\//, '')}`;
}

/** The tags of a list of records, deduplicated, in order. */
export function tagsOf(records: readonly string[]): string[] {
  return [...new Set(records.map(recordTag))];
}
