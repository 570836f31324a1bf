// Types shared by the reference API's modules.
import type { SQLOutputValue, StatementSync } from 'node:sqlite';

export type Lang = 'th' | 'en';

/** A row as node:sqlite returns it: column name → value. */
export type Row = Record<string, SQLOutputValue>;

/** Cached prepared statements by SQL text (routes/support.ts). */
export type Query = (sql: string) => StatementSync;
