/**
 * Keeps the API answers a render-path build read, for the publisher's first edits (issue 23,
 * "ready means ready").
 *
 * The publisher re-reads an edited record's area through caches of the answers it read before
 * (scripts/publisher/content-store.ts `DetailCache`: every other record's detail answer, the
 * department lists, the pages of the paged lists). A publisher that had just started held none:
 * its first edit of each kind read the whole area with every detail embedded (12 s at 72,000
 * pages), or waited for the catch-up to read every area in full first (15 s). The build reads
 * exactly those answers. While it syncs, this module stands where the publisher's cache stands
 * (the loaders' `DETAIL_CACHE_KEY`, src/collections/api-collection.ts), reuses nothing (a build
 * behaves as without it) and notes every answer the loaders hand to a cache; the render path
 * keeps them next to the bundle, one JSON line each (`DETAIL_ANSWERS_FILE`), with the areas
 * each language read in full (an area the sync found unchanged, 304, hands over no answer) and
 * the loader code's version (their ETags are valid for that code only). The publisher that
 * publishes this build as its base release starts from them (scripts/publisher/content-store.ts
 * `seedFromBuild`).
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import path from 'node:path';

export const DETAIL_ANSWERS_FILE = 'detail-answers.jsonl';

const DETAIL_CACHE_KEY = Symbol.for('portal.render-path.detail-cache');

/** One line of the file: an answer the loaders handed to the cache, an area read, or the code version. */
export type AnswerLine =
  | ['code', string]
  | ['read', collection: string, lang: string]
  | ['set', lang: string, endpoint: string, value: unknown]
  | ['list', lang: string, endpoint: string, items: readonly unknown[]]
  | ['pages', lang: string, endpoint: string, items: readonly unknown[], limit: number];

export interface AnswerRecorder {
  /** What was noted so far. */
  readonly lines: readonly AnswerLine[];
  /** Writes them to `dir`/DETAIL_ANSWERS_FILE and stops noting (the memory is let go). */
  write(dir: string): Promise<number>;
}

/**
 * Stands in for the publisher's cache while this process's loaders sync; none when a cache is
 * there already (inside the publisher).
 */
export function recordDetailAnswers(): AnswerRecorder | null {
  const g = globalThis as Record<symbol, unknown>;
  if (g[DETAIL_CACHE_KEY]) return g[DETAIL_CACHE_KEY] === current?.stand ? current.handle : null;
  let lines: AnswerLine[] = [];
  const recorder = {
    // A build reuses nothing and reads its lists with their details embedded, as without a cache.
    get: () => undefined,
    embeds: () => true,
    set: (lang: string, endpoint: string, value: unknown) => void lines.push(['set', lang, endpoint, value]),
    setList: (lang: string, endpoint: string, items: readonly unknown[]) =>
      void lines.push(['list', lang, endpoint, items]),
    setPages: (lang: string, endpoint: string, items: readonly unknown[], limit: number) =>
      void lines.push(['pages', lang, endpoint, items, limit]),
    readInFull: (collection: string, lang: string) => void lines.push(['read', collection, lang]),
  };
  g[DETAIL_CACHE_KEY] = recorder;
  const handle: AnswerRecorder = {
    get lines() {
      return lines;
    },
    async write(dir) {
      if (g[DETAIL_CACHE_KEY] === recorder) delete g[DETAIL_CACHE_KEY];
      if (current?.stand === recorder) current = null;
      const noted = lines;
      lines = [];
      const code = process.env.PORTAL_LOADER_CODE;
      const out = createWriteStream(path.join(dir, DETAIL_ANSWERS_FILE));
      const failed = once(out, 'error').then(([error]) => Promise.reject(error as Error));
      failed.catch(() => {});
      const put = async (line: AnswerLine) => {
        if (!out.write(`${JSON.stringify(line)}\n`)) await Promise.race([once(out, 'drain'), failed]);
      };
      if (code) await put(['code', code]);
      for (const line of noted) await put(line);
      out.end();
      await Promise.race([once(out, 'finish'), failed]);
      return noted.length;
    },
  };
  current = { stand: recorder, handle };
  return handle;
}

/** The recorder standing now (Astro may set an integration up more than once in a process). */
let current: { stand: object; handle: AnswerRecorder } | null = null;
