/**
 * The queue's journal ("nothing lost"): every accepted content event is written
 * to `PUBLISH_DIR/queue.sqlite` (node:sqlite, WAL, synchronous FULL) before the webhook is
 * answered 202, and forgotten once the publish that took it in is live. A process killed in
 * between (SIGKILL, power loss) finds the events on its next start and publishes them without
 * the CMS sending them again.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { ContentEvent, Queued } from './types.ts';

export class Journal {
  readonly #db: DatabaseSync;
  #seq: number;

  constructor(file: string) {
    mkdirSync(path.dirname(file), { recursive: true });
    this.#db = new DatabaseSync(file);
    this.#db.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;
      CREATE TABLE IF NOT EXISTS events (
        record TEXT PRIMARY KEY, type TEXT NOT NULL, action TEXT NOT NULL, key TEXT NOT NULL,
        at INTEGER NOT NULL, webhook_ids TEXT NOT NULL, seq INTEGER NOT NULL)`);
    const row = this.#db.prepare('SELECT MAX(seq) AS seq FROM events').get() as { seq: number | null };
    this.#seq = row.seq ?? 0;
  }

  /** Writes the events (durably, before returning); returns their sequence number. */
  add(events: readonly ContentEvent[], at: number, webhookId?: string): number {
    const seq = ++this.#seq;
    const upsert = this.#db.prepare(`INSERT INTO events (record, type, action, key, at, webhook_ids, seq)
      VALUES (?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT(record) DO UPDATE SET action = excluded.action, seq = excluded.seq,
        webhook_ids = json_insert(events.webhook_ids, '$[#]', ?)`);
    this.#db.exec('BEGIN');
    try {
      for (const e of events)
        upsert.run(
          `${e.type}:${e.key}`,
          e.type,
          e.action,
          e.key,
          at,
          JSON.stringify(webhookId ? [webhookId] : []),
          seq,
          webhookId ?? null,
        );
      this.#db.exec('COMMIT');
    } catch (error) {
      this.#db.exec('ROLLBACK');
      throw error;
    }
    return seq;
  }

  /** The batch is live: its events are forgotten (unless a newer event for the record came since). */
  done(batch: readonly Queued[]): void {
    const drop = this.#db.prepare('DELETE FROM events WHERE record = ? AND seq <= ?');
    for (const q of batch) if (q.seq) drop.run(`${q.event.type}:${q.event.key}`, q.seq);
  }

  /** The events accepted and not yet live, oldest first (after a restart). */
  pending(): Queued[] {
    const rows = this.#db.prepare('SELECT * FROM events ORDER BY at, seq').all() as Array<{
      type: string;
      action: ContentEvent['action'];
      key: string;
      at: number;
      webhook_ids: string;
      seq: number;
    }>;
    return rows.map((r) => ({
      event: { type: r.type, action: r.action, key: r.key },
      at: r.at,
      webhookIds: (JSON.parse(r.webhook_ids) as (string | null)[]).filter((x): x is string => !!x),
      seq: r.seq,
    }));
  }

  close(): void {
    this.#db.close();
  }
}
