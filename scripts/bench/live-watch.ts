/**
 * The live release's watcher for `npm run bench:publish`, in a thread of its own: the publisher
 * works on the bench's main thread, and would delay both the edits sent and the look at a release.
 *
 * - Every switch of `live` (read every 5 ms) is posted with its time: `{ switch: { id, at } }`.
 * - `{ send: { gapMs, edits } }`: the edits go to the editor endpoint `gapMs` apart, none waiting
 *   for the answer to the one before (edit-timing.ts `sendApart`); `{ sent }` when one is answered.
 *   From its sending on, each switch is looked at as soon as it is seen (the publisher prunes old
 *   releases) until one shows all of the edit's pages: `{ shown }`. An edit of the same record
 *   sent later and live first carries the earlier one's too (its title replaced, say): the earlier
 *   one is live with it.
 *
 * workerData: the `live` link's path. Times are `performance.timeOrigin + performance.now()`.
 */
import { readlinkSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { liveWith, releaseShows, sendApart, type PageCheck } from './edit-timing.ts';

export interface EditToSend {
  id: number;
  url: string;
  method: 'POST' | 'DELETE';
  headers: Record<string, string>;
  body?: string;
  /** The record edited (`type/key`). */
  record: string;
  pages: PageCheck[];
}
export type WatchMessage =
  | { switch: { id: string | null; at: number } }
  | { sent: { id: number; sentAt: number; answeredAt: number; error?: string } }
  | { shown: { id: number; at: number; release: string } };

const live = workerData as string;
const now = () => performance.timeOrigin + performance.now();
const post = (m: WatchMessage) => parentPort!.postMessage(m);

interface Probe {
  id: number;
  record: string;
  pages: PageCheck[];
}
let probes: Probe[] = [];
let last: string | null | undefined;

setInterval(() => {
  let target: string | null;
  try {
    target = readlinkSync(live);
  } catch {
    target = null;
  }
  if (target === last) return;
  last = target;
  const at = now();
  const id = target && path.basename(target);
  post({ switch: { id, at } });
  if (!target) return;
  const dir = path.resolve(path.dirname(live), target);
  const done = liveWith(probes, (p) => releaseShows(dir, p.pages));
  for (const p of done) post({ shown: { id: p.id, at, release: id! } });
  probes = probes.filter((p) => !done.has(p));
}, 5);

parentPort!.on('message', (m: { send: { gapMs: number; edits: EditToSend[] } }) => {
  void sendApart(m.send.edits, m.send.gapMs, async (e) => {
    const sentAt = now();
    probes.push({ id: e.id, record: e.record, pages: e.pages });
    let error: string | undefined;
    try {
      const res = await fetch(e.url, { method: e.method, headers: e.headers, body: e.body });
      const text = await res.text();
      if (!res.ok) error = `${res.status} ${text}`;
    } catch (err) {
      error = (err as Error).message;
    }
    post({ sent: { id: e.id, sentAt, answeredAt: now(), ...(error ? { error } : {}) } });
  });
});
