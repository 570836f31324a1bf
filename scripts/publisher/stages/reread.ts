/**
 * Stage 2, the re-read: the events of a batch in, the content-store entries that changed out.
 * The areas that show the events' types are loaded again through the site's own loaders
 * (../content-store.ts is the engine: its cache reuses the detail answers and the department
 * lists the edit left alone).
 * A batch with a `*` event (a catch-up, a scheduled re-read) re-reads every area, reusing nothing.
 * A loader that fails changes nothing and the stage throws.
 */
import { collectionsFor, reloadCollections, type ReloadResult } from '../content-store.ts';
import { detailCache } from '../detail-cache.ts';
import type { RenderPath } from '../render-path.ts';
import type { ContentEvent } from './types.ts';

export interface RereadResult {
  /** The collections loaded again. */
  collections: string[];
  /** `collection/id` of every entry added, changed or removed. */
  changed: string[];
  /** Requests sent to the API (reused detail answers are not requests). */
  requests: number;
  /** Detail answers reused instead of fetched, `patched` of them brought up to date here. */
  reused: number;
  patched: number;
  /** Detail answers fetched, `embedded` of them in their lists' answers (a whole re-read's lists embed them). */
  fetched: number;
  embedded: number;
  /** Kept lists (a department's category list) reused instead of fetched: no request. */
  listsReused: number;
  /** Pages of paged lists answered from their last whole answer (src/collections/page-prediction.ts): no request. */
  pagesReused: number;
  /** GETs of a moved record's second pass answered as the first pass's were, moments before: no request. */
  replayed: number;
  /** Records the loaders skipped or could not read (the publish goes on without them). */
  warnings: string[];
  /** What each loader said it read, for the log. */
  notes: string[];
  durationMs: number;
}

/** True when the batch asks for every area (a catch-up or a scheduled re-read: a `*` event). */
const isWhole = (events: readonly ContentEvent[]) => events.some((e) => e.type === '*');

/** The kind of a batch that re-reads every area (its `*` event's key), or null for dirty records only. */
export function wholeKind(events: readonly ContentEvent[]): 'catch_up' | 'scheduled' | null {
  const whole = events.find((e) => e.type === '*');
  if (!whole) return null;
  return whole.key === 'scheduled' ? 'scheduled' : 'catch_up';
}

/** Collections a whole re-read loads at a time, between which it may step aside for edits. */
const WHOLE_STEP = 4;

/**
 * A whole re-read stepped aside because edits wait (`yieldTo`): the collections it had loaded
 * are applied and their changed entries named here; the rest waits for the next batch.
 */
export class Yielded extends Error {
  override readonly name = 'Yielded';
  readonly changed: string[];
  constructor(changed: string[], done: number, of: number) {
    super(`the whole re-read stepped aside for edits after ${done} of ${of} collections`);
    this.changed = changed;
  }
}

export async function reread(
  rp: RenderPath,
  events: readonly ContentEvent[],
  options: {
    /** Asked between steps of a whole re-read: true when edits wait (it throws `Yielded`). */
    yieldTo: () => boolean;
    /** Told the entries each applied step changed (also those of a step before `Yielded`). */
    applied: (changed: readonly string[]) => void;
  },
): Promise<RereadResult> {
  const t = performance.now();
  const all = Object.keys(rp.definitions());
  const collections = collectionsFor(new Set(events.map((e) => e.type)), all);
  // A catch-up ('*') re-reads everything; dirty records reuse the detail answers they leave alone.
  detailCache.begin(isWhole(events) ? null : events, { stopWhen: options.yieldTo });
  const reads: ReloadResult[] = [];
  const load = async (names: string[]) => {
    const read = await reloadCollections(rp, names);
    reads.push(read);
    options.applied(read.changed);
  };
  if (isWhole(events)) {
    // A few collections at a time, each step applied. An edit that arrives meanwhile stops the
    // step at its loaders' next GET (`detailCache.stops`): what the step read is dropped, the
    // steps before stay applied (`Yielded`; the queue runs the edit, then the re-read again).
    const stepAside = (i: number) =>
      new Yielded(
        reads.flatMap((r) => r.changed),
        i,
        collections.length,
      );
    for (let i = 0; i < collections.length; i += WHOLE_STEP) {
      if (i > 0 && options.yieldTo()) throw stepAside(i);
      try {
        await load(collections.slice(i, i + WHOLE_STEP));
      } catch (error) {
        if (detailCache.steppedAside) throw stepAside(i);
        throw error;
      }
    }
  } else await load(collections);
  const counts = detailCache.counts;
  if (detailCache.moved.size > 0) {
    // A record moved (another category, other related items): the answers that named it were
    // fetched again above; the ones that may name it now (its new neighbours) are found as for a
    // new record: read again as one, each cached answer of its type waits for its fresh answer.
    // The lists and answers the first pass read are answered as they were (`replay`): only the
    // new neighbours' answers are asked.
    const moved = detailCache.moved;
    detailCache.begin(
      events.map((e) => (moved.has(e.type) && e.action === 'update' ? { ...e, action: 'create' } : e)),
      { replay: true },
    );
    await load(collections);
    const second = detailCache.counts;
    for (const k of Object.keys(counts) as Array<keyof typeof counts>) counts[k] += second[k];
  }
  detailCache.finish();
  return {
    collections,
    changed: reads.flatMap((r) => r.changed),
    // The loaders count a reused answer among their GETs: only the others went to the API.
    requests:
      reads.reduce((n, r) => n + r.requests, 0) -
      counts.reused -
      counts.listsReused -
      counts.pagesReused -
      counts.replayed,
    ...counts,
    warnings: reads.flatMap((r) => r.warnings),
    notes: reads.flatMap((r) => r.notes),
    durationMs: performance.now() - t,
  };
}
