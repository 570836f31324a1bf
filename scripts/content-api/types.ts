// Types shared by the reference API's modules.
import type { DatabaseSync, SQLOutputValue, StatementSync } from 'node:sqlite';
import type { createShapes } from './routes/shapes.ts';

export type Lang = 'th' | 'en';

/** A row as node:sqlite returns it: column name → value. */
export type Row = Record<string, SQLOutputValue>;

/** Cached prepared statements by SQL text (routes/support.ts). */
export type Query = (sql: string) => StatementSync;

/** What every route module is given. */
export interface Deps {
  db: DatabaseSync;
  q: Query;
  shapes: ReturnType<typeof createShapes>;
  /** JWT signing secret (kept in the database) */
  secret: string;
}
