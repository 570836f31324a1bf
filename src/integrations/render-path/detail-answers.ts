/**
 * Keeps the API answers a render-path build read, for the publisher's first edits ("ready
 * means ready").
 *
 * The publisher re-reads an edited record's area through caches of the answers it read before
 * (scripts/publisher/content-store.ts `DetailCache`: every other record's detail answer, the
 * department lists, the pages of the paged lists). A publisher that had just started held none:
 * its first edit of each kind read the whole area with every detail embedded, or waited for the
 * catch-up to read every area in full first. The build reads
 * exactly those answers. While it syncs, this module stands where the publisher's cache stands
 * (the bridge's `DETAIL_CACHE` slot, src/lib/bridge.ts), reuses nothing (a build
 * behaves as without it) and writes every answer the loaders hand to a cache as it comes, one
 * JSON line each, to a file beside the render path (nothing is held in the build's memory), with
 * the areas each language read in full (an area the sync found unchanged, 304, hands over no
 * answer) and the loader code's version (their ETags are valid for that code only). The render
 * path keeps the file next to the bundle (`DETAIL_ANSWERS_FILE`); the publisher that publishes
 * this build as its base release starts from it (scripts/publisher/content-store.ts
 * `seedFromBuild`).
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { DETAIL_CACHE, type DetailCache } from '../../lib/bridge.ts';

export const DETAIL_ANSWERS_FILE = 'detail-answers.jsonl';

/** One line of the file: an answer the loaders handed to the cache, an area read, or the code version. */
export type AnswerLine =
  | ['code', string]
  | ['read', collection: string, lang: string]
  | ['set', lang: string, endpoint: string, value: unknown]
  | ['list', lang: string, endpoint: string, items: readonly unknown[]]
  | ['pages', lang: string, endpoint: string, items: readonly unknown[], limit: number];

export interface AnswerRecorder {
  /** Moves what was written into `dir`/DETAIL_ANSWERS_FILE and stops; returns the lines written. */
  write(dir: string): Promise<number>;
}

/** The recorder standing now (Astro may set an integration up more than once in a process). */
let current: { stand: object; handle: AnswerRecorder } | null = null;

/**
 * Stands in for the publisher's cache while this process's loaders sync, writing to `file` (on
 * the render path's disk); none when a cache is there already (inside the publisher).
 */
export function recordDetailAnswers(file: string): AnswerRecorder | null {
  const standing = DETAIL_CACHE.get();
  if (standing) return standing === current?.stand ? current.handle : null;
  const out = createWriteStream(file);
  let failure: Error | null = null;
  out.on('error', (error) => (failure ??= error));
  let count = 0;
  const put = (line: AnswerLine) => {
    if (failure) return;
    out.write(`${JSON.stringify(line)}\n`);
    count++;
  };
  const recorder: DetailCache = {
    // A build reuses nothing and reads its lists with their details embedded, as without a cache.
    get: () => undefined,
    embeds: () => true,
    set: (lang: string, endpoint: string, value: unknown) => put(['set', lang, endpoint, value]),
    setList: (lang: string, endpoint: string, items: readonly unknown[]) => put(['list', lang, endpoint, items]),
    setPages: (lang: string, endpoint: string, items: readonly unknown[], limit: number) =>
      put(['pages', lang, endpoint, items, limit]),
    readInFull: (collection: string, lang: string) => put(['read', collection, lang]),
  };
  DETAIL_CACHE.set(recorder);
  const handle: AnswerRecorder = {
    async write(dir) {
      if (DETAIL_CACHE.get() === recorder) DETAIL_CACHE.clear();
      if (current?.stand === recorder) current = null;
      const code = process.env.PORTAL_LOADER_CODE;
      if (code) put(['code', code]);
      if (!failure) {
        out.end();
        await Promise.race([once(out, 'finish'), once(out, 'error')]).catch(() => {});
      } else out.destroy();
      if (failure) {
        await rm(file, { force: true });
        throw failure;
      }
      await rename(file, path.join(dir, DETAIL_ANSWERS_FILE));
      return count;
    },
  };
  current = { stand: recorder, handle };
  return handle;
}
