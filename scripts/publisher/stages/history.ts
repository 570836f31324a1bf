/**
 * Stage 6, the history: every publish, rollback included, recorded durably in
 * `PUBLISH_DIR/history.sqlite` (node:sqlite): the webhook ids and actions it took in, the records
 * re-read, pages rendered, removed and reused, the purge and its result, each stage's start and
 * duration (the purge starts after the switch: the order shows), the outcome and the error.
 * `GET /status/history` and `/admin/` read it, newest first.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { PublishKind } from './types.ts';

interface StageTime {
  /** ISO time the stage began. */
  at: string;
  durationMs: number;
}

export interface HistoryEntry {
  id: string;
  kind: PublishKind;
  startedAt: string;
  finishedAt: string | null;
  outcome: 'success' | 'noop' | 'failure';
  error: string | null;
  release: string | null;
  webhookIds: string[];
  /** `update article:my-slug`, … */
  actions: string[];
  /** Collections re-read, records found changed, API requests. */
  reread: { collections: string[]; changed: number; requests: number } | null;
  pages: { rendered: number; reused: number; removed: number };
  purge: { tags: number; paths: number; requests: number; error: string | null } | null;
  /** reread, render, release, switch, purge: when each began and how long it took. */
  stages: Record<string, StageTime>;
  durationMs: number;
}

export class History {
  readonly #db: DatabaseSync;

  constructor(file: string) {
    mkdirSync(path.dirname(file), { recursive: true });
    this.#db = new DatabaseSync(file);
    // WAL with synchronous NORMAL: a commit survives a killed process without an fsync of its own
    // (an fsync on a busy disk is on the event loop the next edit waits for); a power cut may
    // lose the last entries, never the site or an accepted webhook (journal.ts keeps FULL).
    this.#db.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;
      CREATE TABLE IF NOT EXISTS publishes (id TEXT PRIMARY KEY, started_at TEXT NOT NULL, entry TEXT NOT NULL);
      CREATE INDEX IF NOT EXISTS publishes_started ON publishes (started_at)`);
  }

  record(entry: HistoryEntry): void {
    this.#db
      .prepare('INSERT OR REPLACE INTO publishes (id, started_at, entry) VALUES (?, ?, ?)')
      .run(entry.id, entry.startedAt, JSON.stringify(entry));
  }

  /** Page `page` (from 1) of `limit` entries, newest first, and how many there are. */
  list(page = 1, limit = 20): { total: number; page: number; limit: number; items: HistoryEntry[] } {
    const p = Math.max(1, Math.floor(page) || 1);
    const l = Math.min(200, Math.max(1, Math.floor(limit) || 20));
    const { n } = this.#db.prepare('SELECT COUNT(*) AS n FROM publishes').get() as { n: number };
    const rows = this.#db
      .prepare('SELECT entry FROM publishes ORDER BY started_at DESC, id DESC LIMIT ? OFFSET ?')
      .all(l, (p - 1) * l) as Array<{ entry: string }>;
    return { total: n, page: p, limit: l, items: rows.map((r) => JSON.parse(r.entry) as HistoryEntry) };
  }

  close(): void {
    this.#db.close();
  }
}
