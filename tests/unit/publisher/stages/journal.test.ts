import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Journal } from '../../../../scripts/publisher/stages/journal.ts';
import { PublishQueue } from '../../../../scripts/publisher/stages/queue.ts';
import type { Queued } from '../../../../scripts/publisher/stages/types.ts';
import type { ContentEvent } from '../../../../scripts/publisher/stages/types.ts';

const opts = { debounceMs: 20, maxWaitMs: 100, retryMs: 10, maxRetryMs: 50 };
const ev = (key: string, action: ContentEvent['action'] = 'update'): ContentEvent => ({ type: 'article', action, key });

describe('the queue journal', () => {
  it('keeps an accepted event across a kill before its publish, and forgets it once it is live', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'journal-')), 'queue.sqlite');
    // The first process accepts two deliveries and is killed before the debounce ends.
    const first = new Journal(file);
    const published1: Queued[][] = [];
    const slow = { ...opts, debounceMs: 60_000, maxWaitMs: 60_000 };
    const q1 = new PublishQueue<void>(async (b) => void published1.push([...b]), slow, first);
    // The server answers 202 right after enqueue: the events are on disk by then.
    void q1.enqueue([ev('a')], { webhookId: 'msg_1' });
    void q1.enqueue([ev('a', 'delete'), ev('b')], { webhookId: 'msg_2' });
    q1.stop(); // SIGKILL: no timer fires, nothing is published, no clean close
    expect(published1).toEqual([]);

    // The next process reads them back and publishes them without the CMS sending anything.
    const second = new Journal(file);
    const pending = second.pending();
    expect(pending.map((p) => `${p.event.action} ${p.event.key}`)).toEqual(['delete a', 'update b']);
    expect(pending[0]!.webhookIds).toEqual(['msg_1', 'msg_2']);
    const published2: Queued[][] = [];
    const q2 = new PublishQueue<void>(async (b) => void published2.push([...b]), opts, second);
    expect(q2.restore()).toBe(2);
    await q2.idle();
    expect(
      published2
        .flat()
        .map((p) => p.event.key)
        .sort(),
    ).toEqual(['a', 'b']);
    expect(second.pending()).toEqual([]);
    second.close();
    expect(new Journal(file).pending()).toEqual([]);
  });

  it('keeps a newer event for a record that came in while the older one was being published', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'journal-')), 'queue.sqlite');
    const j = new Journal(file);
    const seq1 = j.add([ev('a')], 1, 'm1');
    const seq2 = j.add([ev('a', 'delete')], 2, 'm2');
    j.done([{ event: ev('a'), at: 1, webhookIds: ['m1'], seq: seq1 }]);
    expect(j.pending().map((p) => p.event.action)).toEqual(['delete']);
    j.done([{ event: ev('a', 'delete'), at: 1, webhookIds: ['m2'], seq: seq2 }]);
    expect(j.pending()).toEqual([]);
  });
});
