/**
 * How `npm run bench:publish` times edits (scripts/bench/edit-timing.ts): back to back, the edits
 * go out a fixed gap apart without waiting for one another; a release counts as showing an edit
 * only when every page it names shows it; the figures per kind and per pace are held to the goal.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  againstGoal,
  goalFor,
  liveWith,
  releaseShows,
  reportLines,
  sendApart,
  summarize,
  type Clock,
} from '../../../scripts/bench/edit-timing.ts';

/** A clock that only moves when told to: `sleepUntil` waits for `advance`. */
function fakeClock() {
  let t = 1_000;
  const sleepers: Array<{ at: number; wake: () => void }> = [];
  const clock: Clock = {
    now: () => t,
    sleepUntil: (at) => (at <= t ? Promise.resolve() : new Promise<void>((wake) => sleepers.push({ at, wake }))),
  };
  const settle = () => new Promise((r) => setImmediate(r));
  return {
    clock,
    async advance(ms: number) {
      t += ms;
      for (const s of sleepers.splice(0)) {
        if (s.at <= t) s.wake();
        else sleepers.push(s);
      }
      await settle();
    },
    settle,
  };
}

describe('sendApart (back to back)', () => {
  it('sends each edit a gap after the one before, none waiting for an earlier answer', async () => {
    const { clock, advance, settle } = fakeClock();
    const sentAt: number[] = [];
    const answer: Array<(v: string) => void> = [];
    const all = sendApart(
      ['a', 'b', 'c', 'd'],
      1000,
      (item) => {
        sentAt.push(clock.now());
        return new Promise<string>((r) => answer.push(() => r(item)));
      },
      clock,
    );
    await settle();
    expect(sentAt).toEqual([1_000]);
    await advance(999);
    expect(sentAt).toHaveLength(1);
    await advance(1);
    expect(sentAt).toEqual([1_000, 2_000]);
    await advance(1000);
    await advance(1000);
    // No answer has come, yet all four are out, 1 s apart.
    expect(sentAt).toEqual([1_000, 2_000, 3_000, 4_000]);
    let done = false;
    void all.then(() => (done = true));
    for (const a of answer.slice(0, 3)) a('');
    await settle();
    expect(done).toBe(false);
    answer[3]!('');
    expect(await all).toEqual(['a', 'b', 'c', 'd']);
  });

  it('keeps to the schedule when an answer is slower than the gap', async () => {
    const { clock, advance, settle } = fakeClock();
    const sentAt: number[] = [];
    const all = sendApart(
      [1, 2, 3],
      1000,
      async () => {
        sentAt.push(clock.now());
        await clock.sleepUntil(clock.now() + 5000); // an answer 5 s later
      },
      clock,
    );
    await settle();
    await advance(1000);
    await advance(1000);
    expect(sentAt).toEqual([1_000, 2_000, 3_000]);
    await advance(5000);
    await all;
  });

  it('sends at once with no gap (spaced: one edit at a time)', async () => {
    const sentAt: number[] = [];
    await sendApart([1], 0, async () => void sentAt.push(Date.now()));
    expect(sentAt).toHaveLength(1);
  });
});

describe('releaseShows', () => {
  const release = (files: Record<string, string>) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bench-release-'));
    for (const [at, html] of Object.entries(files)) {
      mkdirSync(path.join(dir, at), { recursive: true });
      writeFileSync(path.join(dir, at, 'index.html'), html);
    }
    return dir;
  };

  it('needs every page: both language versions and both first list pages', () => {
    const pages = [
      { path: '/article/x/', has: 'New title' },
      { path: '/en/article/x/', has: 'New title' },
      { path: '/articles/', has: 'New title' },
      { path: '/en/articles/', has: 'New title' },
    ];
    const partly = release({
      '/article/x/': '<h1>New title</h1>',
      '/en/article/x/': '<h1>New title</h1>',
      '/articles/': '<a>New title</a>',
      '/en/articles/': '<a>Old title</a>', // the English list not yet
    });
    expect(releaseShows(partly, pages)).toBe(false);
    const all = release({
      '/article/x/': '<h1>New title</h1>',
      '/en/article/x/': '<h1>New title</h1>',
      '/articles/': '<a>New title</a>',
      '/en/articles/': '<a>New title</a>',
    });
    expect(releaseShows(all, pages)).toBe(true);
  });

  it('a deletion: the pages gone and the lists without the link', () => {
    const pages = [
      { path: '/article/x/', gone: true },
      { path: '/en/article/x/', gone: true },
      { path: '/en/articles/', lacks: 'href="/en/article/x/"' },
    ];
    const stillListed = release({ '/en/articles/': '<a href="/en/article/x/">x</a>' });
    expect(releaseShows(stillListed, pages)).toBe(false);
    const pageLeft = release({ '/en/article/x/': 'x', '/en/articles/': '<a href="/en/article/y/">y</a>' });
    expect(releaseShows(pageLeft, pages)).toBe(false);
    const gone = release({ '/en/articles/': '<a href="/en/article/y/">y</a>' });
    expect(releaseShows(gone, pages)).toBe(true);
  });

  it('a list check passes on the next page when later records pushed the record there, not on another', () => {
    const check = [{ path: '/en/articles/', has: 'New title', or: ['/en/articles/page/2/'] }];
    const pushed = release({ '/en/articles/': '<a>Newer</a>', '/en/articles/page/2/': '<a>New title</a>' });
    expect(releaseShows(pushed, check)).toBe(true);
    const stale = release({ '/en/articles/': '<a>Newer</a>', '/en/articles/page/2/': '<a>Old title</a>' });
    expect(releaseShows(stale, check)).toBe(false);
    const elsewhere = release({ '/en/articles/': '<a>Newer</a>', '/en/articles/page/3/': '<a>New title</a>' });
    expect(releaseShows(elsewhere, check)).toBe(false);
  });

  it('a pruned release shows nothing, not even a deletion', () => {
    const dir = release({});
    rmSync(dir, { recursive: true });
    expect(releaseShows(dir, [{ path: '/en/article/x/', gone: true }])).toBe(false);
  });
});

describe('liveWith', () => {
  it('an earlier edit of a record is live with a later one the release shows, not before', () => {
    const typo = { record: 'article/x', title: 'Tpyo' };
    const fixed = { record: 'article/x', title: 'Typo' };
    const other = { record: 'article/y', title: 'Other' };
    const neither = liveWith([typo, other, fixed], () => false);
    expect(neither.size).toBe(0);
    // The release shows the fixed title only: the first edit never showed, yet it is live now.
    const live = liveWith([typo, other, fixed], (p) => p === fixed);
    expect([...live].sort((a, b) => a.title.localeCompare(b.title))).toEqual([typo, fixed]);
    // A later edit's release says nothing of an edit sent after it.
    expect(liveWith([fixed, typo], (p) => p === fixed)).toEqual(new Set([fixed]));
  });
});

describe('summarize and the goal', () => {
  const times = [
    ...[900, 1000, 1100, 1200, 1300, 1400, 1500, 1600, 1610, 1200].map((ms) => ({ kind: 'article-create', ms })),
    ...[4050, 4610, 4200, 4300, 4100].map((ms) => ({ kind: 'article-delete', ms })),
  ];

  it('the goal is 3 s at 20,000 pages and 5 s at 72,000', () => {
    expect(goalFor(4_400).ms).toBe(3000);
    expect(goalFor(20_475)).toEqual({ ms: 3000, pages: 20_000 });
    expect(goalFor(23_533)).toEqual({ ms: 3000, pages: 20_000 });
    expect(goalFor(72_000)).toEqual({ ms: 5000, pages: 72_000 });
    expect(goalFor(60_000).ms).toBe(5000);
  });

  it('computes median, p95 and worst per kind, and marks the kind over the goal', () => {
    const f = summarize(times, 20_475);
    expect(f.kinds.map((k) => k.kind)).toEqual(['article-create', 'article-delete']);
    const [create, del] = f.kinds;
    expect(create).toEqual({
      kind: 'article-create',
      count: 10,
      medianMs: 1250,
      p95Ms: 1610,
      worstMs: 1610,
      met: true,
    });
    expect(del).toEqual({ kind: 'article-delete', count: 5, medianMs: 4200, p95Ms: 4610, worstMs: 4610, met: false });
    expect(f.kindsMissed).toEqual(['article-delete']);
    // Over all 15 edits: the 15th of 15 by nearest rank.
    expect(f).toMatchObject({ count: 15, p95Ms: 4610, worstMs: 4610, goalMs: 3000, met: false });
  });

  it('the same times meet the 5 s goal at 72,000 pages', () => {
    const f = summarize(times, 72_000);
    expect(f.met).toBe(true);
    expect(f.kindsMissed).toEqual([]);
  });

  it('prints goals as goals: the figure, the goal, met or missed', () => {
    expect(againstGoal(1610, 3000)).toBe('p95 1.61 s, goal 3 s: met');
    expect(againstGoal(4860, 3000)).toBe('p95 4.86 s, goal 3 s: MISSED');
    const lines = reportLines('back to back, 1 s apart, load on', summarize(times, 20_475));
    expect(lines).toEqual([
      '  article-create (10): median 1.25 s, worst 1.61 s, p95 1.61 s, goal 3 s: met',
      '  article-delete (5): median 4.20 s, worst 4.61 s, p95 4.61 s, goal 3 s: MISSED',
      'back to back, 1 s apart, load on: 15 edits, median 1.50 s, worst 4.61 s, p95 4.61 s, goal 3 s: MISSED' +
        ' (the goal at 20,000 pages); kinds over it: article-delete',
    ]);
    // Nothing in the output names another document's gate or how the bench came to be.
    expect(lines.join('\n')).not.toMatch(/\b(issue|session|gate|helper)s?\b/i);
  });
});
