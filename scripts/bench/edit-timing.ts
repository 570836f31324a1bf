/**
 * How `npm run bench:publish` times an edit and sums the times up.
 *
 * An edit is timed from the editor endpoint's answer to the first switch of the live release to
 * one whose pages all show it: both language versions of the record's page and, where the record
 * is on them, both first list pages (for a deletion: the page gone, the list without it).
 * Back to back, the edits go to the editor endpoint a fixed gap apart, each without waiting for
 * the answer to the one before, nor for the publisher to be idle: as an editor fixing a typo right
 * after saving, or entering a batch of notices, sends them.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** What one page of a release must show for an edit to count as live. */
export interface PageCheck {
  /** The page's path, e.g. `/en/article/x/` (its `index.html` in the release). */
  path: string;
  /** Text the page must contain ('' : the page must exist). */
  has?: string;
  /** Other pages, any of which may contain `has` instead (a list page the record may have moved to). */
  or?: string[];
  /** Text the page must no longer contain. */
  lacks?: string;
  /** The page must be gone (a deleted or unpublished record). */
  gone?: boolean;
}

/** Whether the release in `releaseDir` shows every check (none: any release does). */
export function releaseShows(releaseDir: string, checks: readonly PageCheck[]): boolean {
  try {
    if (!statSync(releaseDir).isDirectory()) return false;
  } catch {
    return false; // pruned: it cannot be told
  }
  const page = (at: string) => {
    try {
      return readFileSync(path.join(releaseDir, at, 'index.html'), 'utf8');
    } catch {
      return null;
    }
  };
  return checks.every((c) => {
    const html = page(c.path);
    if (c.gone) return html === null;
    if (c.has !== undefined && c.or && !(html ?? '').includes(c.has))
      return c.or.some((at) => (page(at) ?? '\0').includes(c.has!));
    if (html === null) return false;
    if (c.has !== undefined && !html.includes(c.has)) return false;
    if (c.lacks !== undefined && html.includes(c.lacks)) return false;
    return true;
  });
}

/**
 * The edits a release makes live, of `pending` (in the order sent): those it shows, and every
 * earlier edit of a record it shows a later edit of (that one carries the earlier's change).
 */
export function liveWith<P extends { record: string }>(pending: readonly P[], shows: (p: P) => boolean): Set<P> {
  const live = new Set<P>();
  const carried = new Set<string>();
  for (let i = pending.length - 1; i >= 0; i--) {
    const p = pending[i]!;
    if (carried.has(p.record) || shows(p)) {
      live.add(p);
      carried.add(p.record);
    }
  }
  return live;
}

export interface Clock {
  now(): number;
  /** Resolves at `t` on the clock of `now` (at once if it is past). */
  sleepUntil(t: number): Promise<void>;
}
export const realClock: Clock = {
  now: () => performance.timeOrigin + performance.now(),
  sleepUntil(t) {
    const ms = t - this.now();
    return ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve();
  },
};

/**
 * Sends `items[i]` at `gapMs × i` after the first, whatever became of the ones before (the answer
 * of `send` is not waited for before the next is sent), and resolves with every answer.
 */
export async function sendApart<T, R>(
  items: readonly T[],
  gapMs: number,
  send: (item: T, i: number) => Promise<R>,
  clock: Clock = realClock,
): Promise<R[]> {
  const start = clock.now();
  const answers: Array<Promise<R>> = [];
  for (let i = 0; i < items.length; i++) {
    await clock.sleepUntil(start + i * gapMs);
    answers.push(send(items[i]!, i));
  }
  return Promise.all(answers);
}

export const median = (xs: readonly number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted.length
    ? sorted[Math.floor((sorted.length - 1) / 2)]! / 2 + sorted[Math.ceil((sorted.length - 1) / 2)]! / 2
    : NaN;
};
/** Nearest-rank percentile. */
export const pct = (xs: readonly number[], p: number): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
};

/**
 * The goal for an edit's p95, edit → live: 3 s at 20,000 pages, 5 s at 72,000. A site nearer the
 * first size (up to 40,000 pages: `--scale 1400` makes 20,000 to 24,000 as the routes stand) is
 * held to the first goal, a larger one to the second.
 */
export function goalFor(pages: number): { ms: number; pages: number } {
  return pages <= 40_000 ? { ms: 3000, pages: 20_000 } : { ms: 5000, pages: 72_000 };
}

export interface Timed {
  kind: string;
  /** Editor endpoint's answer → the first live release that shows the edit. */
  ms: number;
}
export interface KindFigures {
  kind: string;
  count: number;
  medianMs: number;
  p95Ms: number;
  worstMs: number;
  /** The p95 within the goal. */
  met: boolean;
}
export interface ModeFigures {
  count: number;
  medianMs: number;
  p95Ms: number;
  worstMs: number;
  goalMs: number;
  goalPages: number;
  met: boolean;
  /** Kinds whose own p95 is over the goal. */
  kindsMissed: string[];
  kinds: KindFigures[];
}

const figures = (ms: number[]) => ({
  count: ms.length,
  medianMs: Math.round(median(ms)),
  p95Ms: Math.round(pct(ms, 95)),
  worstMs: Math.round(Math.max(...ms)),
});

/** Median, p95 and worst per kind (in the order the kinds first come) and over all, against the goal. */
export function summarize(times: readonly Timed[], pages: number): ModeFigures {
  const goal = goalFor(pages);
  const byKind = new Map<string, number[]>();
  for (const t of times) {
    const list = byKind.get(t.kind) ?? [];
    list.push(t.ms);
    byKind.set(t.kind, list);
  }
  const kinds = [...byKind].map(([kind, ms]) => {
    const f = figures(ms);
    return { kind, ...f, met: f.p95Ms <= goal.ms };
  });
  const all = figures(times.map((t) => t.ms));
  return {
    ...all,
    goalMs: goal.ms,
    goalPages: goal.pages,
    met: all.count > 0 && all.p95Ms <= goal.ms,
    kindsMissed: kinds.filter((k) => !k.met).map((k) => k.kind),
    kinds,
  };
}

const sec = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : 'never');
/** "p95 1.61 s, goal 3 s: met" or "p95 4.86 s, goal 3 s: MISSED". */
export const againstGoal = (p95Ms: number, goalMs: number): string =>
  `p95 ${sec(p95Ms)}, goal ${goalMs / 1000} s: ${p95Ms <= goalMs ? 'met' : 'MISSED'}`;

/** One line per kind, then the mode's line: what `bench:publish` prints. */
export function reportLines(label: string, f: ModeFigures): string[] {
  const lines = f.kinds.map(
    (k) =>
      `  ${k.kind} (${k.count}): median ${sec(k.medianMs)}, worst ${sec(k.worstMs)}, ${againstGoal(k.p95Ms, f.goalMs)}`,
  );
  lines.push(
    `${label}: ${f.count} edits, median ${sec(f.medianMs)}, worst ${sec(f.worstMs)}, ${againstGoal(f.p95Ms, f.goalMs)}` +
      ` (the goal at ${f.goalPages.toLocaleString('en')} pages)` +
      (f.kindsMissed.length ? `; kinds over it: ${f.kindsMissed.join(', ')}` : ''),
  );
  return lines;
}
