// Opening, migrating and (on first start) seeding the SQLite database.
import { DatabaseSync } from 'node:sqlite';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { randomBytes } from 'node:crypto';
import { seedAll } from './seed/index.ts';

const SCHEMA_VERSION = '1';
/**
 * The demo content's version: raise it when the seed writes different records (e.g. '2' gave
 * Thai records their Thai images). A database seeded by another version still opens, with a
 * warning that says how to get the current content, since it may hold what was written to it.
 */
export const SEED_VERSION = '3';

/**
 * Opens (creating the folder and file if needed) and migrates the database, then seeds it
 * once. The seed scale is remembered in `meta`; an existing database is never re-seeded, so what
 * was written (survey responses, view counts) survives restarts.
 * `dbPath`: a file path or ':memory:'.
 */
export function openDatabase(dbPath: string, { scale }: { scale?: number } = {}): DatabaseSync {
  if (dbPath !== ':memory:') mkdirSync(dirname(dbPath), { recursive: true });
  const db = new DatabaseSync(dbPath);
  db.exec(
    'PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;',
  );
  db.exec(readFileSync(new URL('./schema.sql', import.meta.url), 'utf8'));
  const getMeta = db.prepare('SELECT value FROM meta WHERE key = ?');
  const setMeta = db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)');
  const seeded = getMeta.get('seeded_at');
  if (seeded && scale && Number(getMeta.get('scale')?.value) !== scale) {
    console.warn(
      `content-api: ${dbPath} was seeded at another scale; --scale applies to a new database only (delete the file to reseed)`,
    );
  }
  const seedVersion = getMeta.get('seed_version')?.value ?? '1';
  if (seeded && seedVersion !== SEED_VERSION) {
    console.warn(
      `content-api: ${dbPath} holds demo content of seed version ${seedVersion}; this code seeds version ${SEED_VERSION}. Delete the file to get the current demo content (it is recreated on the next start).`,
    );
  }
  if (!seeded) {
    db.exec('BEGIN');
    try {
      seedAll(db, { scale });
      setMeta.run('schema_version', SCHEMA_VERSION);
      setMeta.run('seed_version', SEED_VERSION);
      setMeta.run('scale', String(scale ?? 0));
      // The JWT secret is per database, so tokens stay valid across restarts of the same API_DB.
      setMeta.run('jwt_secret', randomBytes(32).toString('hex'));
      setMeta.run('seeded_at', '2026-11-22T00:00:00+07:00');
      db.exec('COMMIT');
    } catch (e) {
      db.exec('ROLLBACK');
      db.close();
      throw e;
    }
  }
  return db;
}

export function meta(db: DatabaseSync, key: string): string | null {
  const value = db.prepare('SELECT value FROM meta WHERE key = ?').get(key)?.value;
  return value == null ? null : String(value);
}
