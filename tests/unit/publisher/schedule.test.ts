/**
 * What no webhook announces (scripts/publisher/schedule.ts), with a fake clock:
 * the boundaries found in the content store, a boundary publish at its moment (the collections
 * marked stale and the type queued like a webhook), one that passed while the publisher was down
 * published right after the next start (from PUBLISH_DIR/boundaries.json), and the scheduled
 * re-read counted by what it found. The pages themselves (a survey shown closed, an event gone
 * from the upcoming lists) are checked with the real render path in loop.test.ts.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPublisherMetrics } from '../../../scripts/publisher/metrics.ts';
import type { ContentEvent } from '../../../scripts/publisher/stages/types.ts';
import type { StoreEntry } from '../../../scripts/publisher/render-path.ts';
import {
  findBoundaries,
  rereadIntervalMs,
  Schedule,
  type SchedulePublisher,
} from '../../../scripts/publisher/schedule.ts';
import { fakeClock } from './fake-clock.ts';

const T0 = Date.parse('2026-06-01T00:00:00Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

const entry = (id: string, data: Record<string, unknown>): StoreEntry => ({ id, data });
const store = () =>
  new Map<string, Map<string, StoreEntry>>([
    [
      'surveyForms',
      new Map([
        ['th/1', entry('th/1', { id: '1', closesAt: at(60) })],
        ['th/2', entry('th/2', { id: '2', closesAt: at(-60) })], // already closed
        ['th/3', entry('th/3', { id: '3', closesAt: null })], // open-ended
      ]),
    ],
    ['surveys', new Map([['th/1', entry('th/1', { id: '1', closesAt: at(60) })]])],
    [
      'events',
      new Map([
        [
          'th/main',
          entry('th/main', {
            upcoming: [{ id: 'e1', endAt: at(30) }],
            // The calendar's own list is not a boundary: it shows every event whatever the date.
            events: [{ id: 'e9', endAt: at(10) }],
          }),
        ],
      ]),
    ],
    ['home', new Map([['th/events', entry('th/events', { kind: 'events', value: [{ id: 'e1', endAt: at(30) }] })]])],
    ['purchases', new Map([['th/p1', entry('th/p1', { kind: 'purchase', value: { closingAt: at(120) } })]])],
  ]);

function fakePublisher(found: Array<'changed' | 'unchanged' | 'failed'> = []) {
  const queued: ContentEvent[][] = [];
  const p: SchedulePublisher & { queued: ContentEvent[][]; catchUps: number } = {
    queued,
    catchUps: 0,
    stats: { total: 0, failed: 0 },
    enqueue: (events) => void queued.push([...events]),
    catchUp: async () => {
      p.catchUps++;
      const what = found.shift() ?? 'unchanged';
      p.stats.total++;
      if (what === 'failed') p.stats.failed++;
      return what === 'changed';
    },
  };
  return p;
}

describe('boundaries in the content store', () => {
  it('finds the closing times and the upcoming events’ ends still ahead, nearest first, with the collections that hold them', () => {
    expect(findBoundaries(store(), T0)).toEqual([
      { at: at(30), type: 'activity', collections: ['events', 'home'] },
      { at: at(60), type: 'survey', collections: ['surveyForms', 'surveys'] },
      { at: at(120), type: 'procurement', collections: ['purchases'] },
    ]);
    expect(findBoundaries(store(), T0 + 61 * 60_000).map((b) => b.type)).toEqual(['procurement']);
  });
});

describe('the schedule (fake clock)', () => {
  it('publishes at a record’s boundary with no edit made: its collections are read in full, its type queued', async () => {
    const clock = fakeClock(T0);
    const publisher = fakePublisher();
    const stale: string[] = [];
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'schedule-')), 'boundaries.json');
    const schedule = new Schedule({
      publisher,
      collections: async () => store(),
      markStale: (c) => stale.push(...c),
      file,
      intervalMs: 0,
      clock,
    });
    await schedule.start();
    expect(JSON.parse(readFileSync(file, 'utf8')).boundaries).toHaveLength(3);
    await clock.advance(29 * 60_000);
    expect(publisher.queued).toEqual([]); // nothing before the moment
    await clock.advance(60_000);
    expect(publisher.queued).toEqual([[{ type: 'activity', action: 'update', key: `boundary:${at(30)}` }]]);
    expect(stale).toEqual(['events', 'home']);
    await clock.advance(30 * 60_000);
    expect(publisher.queued[1]).toEqual([{ type: 'survey', action: 'update', key: `boundary:${at(60)}` }]);
    expect(stale.slice(2)).toEqual(['surveyForms', 'surveys']);
    // Only what is still ahead is kept.
    await new Promise((r) => setTimeout(r, 50)); // the file is written after the publish is queued
    expect(JSON.parse(readFileSync(file, 'utf8')).boundaries.map((b: { at: string }) => b.at)).toEqual([at(120)]);
    schedule.stop();
    expect(clock.pending()).toBe(0);
  });

  it('after a restart, publishes a boundary that passed while the publisher was down, and keeps the others', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'schedule-')), 'boundaries.json');
    const first = new Schedule({
      publisher: fakePublisher(),
      collections: async () => store(),
      markStale: () => {},
      file,
      intervalMs: 0,
      clock: fakeClock(T0),
    });
    await first.start();
    first.stop(); // the publisher goes down before any boundary
    // It comes back 90 minutes later, with a store that no longer names those boundaries (a base
    // release built before them, say): the file still does.
    const clock = fakeClock(T0 + 90 * 60_000);
    const publisher = fakePublisher();
    const stale: string[] = [];
    const again = new Schedule({
      publisher,
      collections: async () => new Map(),
      markStale: (c) => stale.push(...c),
      file,
      intervalMs: 0,
      clock,
    });
    await again.start();
    expect(publisher.queued).toEqual([
      [
        { type: 'activity', action: 'update', key: `boundary:${at(30)}` },
        { type: 'survey', action: 'update', key: `boundary:${at(30)}` },
      ],
    ]);
    expect(stale.sort()).toEqual(['events', 'home', 'surveyForms', 'surveys']);
    expect(again.counts.boundaries).toBe(2);
    again.stop();
  });

  it('re-reads on its interval and counts what each re-read found', async () => {
    const clock = fakeClock(T0);
    const publisher = fakePublisher(['changed', 'unchanged', 'failed']);
    const metrics = createPublisherMetrics({ defaults: false });
    const schedule = new Schedule({
      publisher,
      collections: async () => new Map(),
      markStale: () => {},
      file: path.join(mkdtempSync(path.join(tmpdir(), 'schedule-')), 'boundaries.json'),
      intervalMs: 300_000,
      clock,
      metrics,
    });
    await schedule.start();
    await clock.advance(299_000);
    expect(publisher.catchUps).toBe(0);
    await clock.advance(1_000);
    expect(publisher.catchUps).toBe(1);
    await clock.advance(600_000);
    expect(publisher.catchUps).toBe(3);
    expect(schedule.counts.rereads).toEqual({ changed: 1, unchanged: 1, failed: 1 });
    const text = await metrics.registry.metrics();
    expect(text).toContain('portal_publisher_scheduled_rereads_total{found="changed"} 1');
    expect(text).toContain('portal_publisher_scheduled_rereads_total{found="failed"} 1');
    schedule.stop();
  });

  it('reads REREAD_INTERVAL in seconds (default 300, 0 = off) and refuses anything else', () => {
    expect(rereadIntervalMs({})).toBe(300_000);
    expect(rereadIntervalMs({ REREAD_INTERVAL: '60' })).toBe(60_000);
    expect(rereadIntervalMs({ REREAD_INTERVAL: '0' })).toBe(0);
    expect(() => rereadIntervalMs({ REREAD_INTERVAL: 'soon' })).toThrow(/REREAD_INTERVAL must be seconds/);
    expect(() => rereadIntervalMs({ REREAD_INTERVAL: '-5' })).toThrow(/REREAD_INTERVAL/);
  });
});
