import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PublishQueue } from '../../../../scripts/publisher/stages/queue.ts';
import type { Queued } from '../../../../scripts/publisher/stages/types.ts';
import type { ContentEvent } from '../../../../scripts/publisher/stages/types.ts';

const ev = (key: string, action: ContentEvent['action'] = 'update'): ContentEvent => ({ type: 'article', action, key });
const opts = { debounceMs: 100, maxWaitMs: 1000, retryMs: 1000, maxRetryMs: 4000 };

describe('publish queue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('coalesces events for one record into one batch after the debounce, the newest event winning', async () => {
    const batches: Queued[][] = [];
    const q = new PublishQueue(async (b) => void batches.push([...b]), opts);
    void q.enqueue([ev('a')]);
    await vi.advanceTimersByTimeAsync(50);
    void q.enqueue([ev('a', 'delete'), ev('b')]);
    expect(q.dirty).toEqual(['article:a', 'article:b']);
    await vi.advanceTimersByTimeAsync(99);
    expect(batches).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches.map((b) => b.map((x) => `${x.event.action} ${x.event.key}`))).toEqual([['delete a', 'update b']]);
    await q.idle();
    expect(q.depth).toBe(0);
  });

  it('publishes at the latest maxWaitMs after the first event, however often events keep coming', async () => {
    const batches: number[] = [];
    const q = new PublishQueue(async (b) => void batches.push(b.length), opts);
    for (let i = 0; i < 15; i++) {
      void q.enqueue([ev(`k${i}`)]);
      await vi.advanceTimersByTimeAsync(80);
    }
    // 15 × 80 ms = 1.2 s of events 80 ms apart: the first batch went at 1 s, the rest followed.
    expect(batches[0]).toBeGreaterThanOrEqual(12);
    expect(batches[0]).toBeLessThan(15);
  });

  it('runs one publish at a time: events during a publish join the next batch', async () => {
    const batches: string[][] = [];
    let release!: () => void;
    const q = new PublishQueue(async (b) => {
      batches.push(b.map((x) => x.event.key));
      if (batches.length === 1) await new Promise<void>((r) => (release = r));
    }, opts);
    void q.enqueue([ev('a')]);
    await vi.advanceTimersByTimeAsync(100);
    expect(q.running).toBe(true);
    void q.enqueue([ev('b')]);
    void q.enqueue([ev('c')]);
    await vi.advanceTimersByTimeAsync(500);
    expect(batches).toEqual([['a']]);
    release();
    await vi.advanceTimersByTimeAsync(200);
    expect(batches).toEqual([['a'], ['b', 'c']]);
  });

  it('keeps a failed batch, retries it with doubling back-off, and resolves the waiter once it is published', async () => {
    const tries: number[] = [];
    let fail = 3;
    const q = new PublishQueue(async (b) => {
      tries.push(Date.now());
      if (fail-- > 0) throw new Error('API down');
      return b.length;
    }, opts);
    const start = Date.now();
    const published = q.enqueue([ev('a')]);
    let result: number[] | undefined;
    void published.then((r) => (result = r));
    await vi.advanceTimersByTimeAsync(100 + 1000 + 2000 + 4000 + 10);
    expect(tries.map((t) => t - start)).toEqual([100, 1100, 3100, 7100]);
    expect(q.failures).toBe(0);
    expect(result).toEqual([1]);
  });

  it('reports the age of the oldest event not yet live, the running batch included', async () => {
    let release!: () => void;
    const q = new PublishQueue(() => new Promise<void>((r) => (release = r)), opts);
    expect(q.oldestDirtyAt).toBeNull();
    const t0 = Date.now();
    void q.enqueue([ev('a')]);
    await vi.advanceTimersByTimeAsync(150);
    void q.enqueue([ev('b')]);
    expect(q.oldestDirtyAt).toBe(t0);
    release();
    await vi.advanceTimersByTimeAsync(1);
    expect(q.oldestDirtyAt).toBe(t0 + 150);
  });

  it('runs an exclusive task after the running publish and before the batches waiting', async () => {
    const order: string[] = [];
    let release!: () => void;
    const q = new PublishQueue(async (b) => {
      order.push(`batch ${b.map((x) => x.event.key).join(',')}`);
      if (order.length === 1) await new Promise<void>((r) => (release = r));
    }, opts);
    void q.enqueue([ev('a')]);
    await vi.advanceTimersByTimeAsync(100);
    const full = q.exclusive(async () => void order.push('full'));
    void q.enqueue([ev('b')]);
    release();
    await full;
    await vi.advanceTimersByTimeAsync(200);
    expect(order).toEqual(['batch a', 'full', 'batch b']);
  });

  it('publishes edits before a whole re-read, each in its own batch, and runs one that stepped aside again without back-off', async () => {
    const batches: string[][] = [];
    let reading: (() => void) | null = null;
    const q: PublishQueue<void> = new PublishQueue(async (b) => {
      batches.push(b.map((x) => `${x.event.type}:${x.event.key}`));
      if (!b.some((x) => x.event.type === '*')) return;
      await new Promise<void>((r) => (reading = r)); // the re-read, until the test lets it on
      // As stages/reread.ts does between its steps: an edit waits, so it steps aside.
      if (q.editsWaiting) throw Object.assign(new Error('stepped aside'), { name: 'Yielded' });
    }, opts);
    const whole = q.enqueue([{ type: '*', action: 'update', key: 'catch_up' }]);
    void q.enqueue([ev('a')]);
    await vi.advanceTimersByTimeAsync(110);
    // The edit first, alone; then the re-read at once (no event since: the debounce is over).
    expect(batches).toEqual([['article:a'], ['*:catch_up']]);
    void q.enqueue([ev('b')]); // while the re-read runs
    await vi.advanceTimersByTimeAsync(150);
    reading!();
    // It stepped aside; the edit, quiet for 150 ms already, goes at once (not a debounce later).
    await vi.advanceTimersByTimeAsync(10);
    expect(batches).toEqual([['article:a'], ['*:catch_up'], ['article:b'], ['*:catch_up']]);
    expect(q.failures).toBe(0); // no back-off: stepping aside is not a failure
    reading!();
    await whole;
    expect(q.editsWaiting).toBe(false);
  });
});
