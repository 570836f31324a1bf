/**
 * A publisher for the HTTP server's tests: it records what the server queued and what it rolled
 * back to, and answers the status fields with an idle publisher's values. Nothing else of the
 * publisher is needed there.
 */
import type { Publisher } from '../../../scripts/publisher/publisher.ts';
import type { ContentEvent } from '../../../scripts/publisher/stages/types.ts';

interface Release {
  id: string;
  publishedAt: string;
}

export function fakePublisher(
  o: {
    live?: Release;
    kept?: Release[];
    rollbackTo?: Release;
    /** When the queued events are on disk (the journal's sync): at once unless given. */
    onDisk?: () => Promise<void>;
  } = {},
) {
  const queued: ContentEvent[][] = [];
  const rollbacks: string[] = [];
  const rollbackTo = o.rollbackTo ?? { id: 'r0', publishedAt: '' };
  const fake = {
    enqueue: (events: ContentEvent[]) => {
      queued.push(events);
      return o.onDisk?.() ?? Promise.resolve();
    },
    queue: { dirty: [], running: false },
    purge: { last: null, retries: null },
    stats: { total: 0, failed: 0, queue: 0 },
    last: null,
    history: { list: () => ({ items: [], total: 0, page: 1, limit: 20 }) },
    store: { live: async () => o.live ?? { id: 'r1', publishedAt: '' }, list: async () => o.kept ?? [] },
    rollback: async () => {
      rollbacks.push(rollbackTo.id);
      return rollbackTo;
    },
  };
  return { queued, rollbacks, publisher: fake as unknown as Publisher };
}
