// pagedQuery with a join made after the page is chosen: the same rows, order and total as
// joining first, whatever order the rows were inserted in.
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { pagedQuery, statementCache } from '../../../scripts/content-api/routes/support.ts';

function notices() {
  const db = new DatabaseSync(':memory:');
  db.exec(`
    CREATE TABLE groups (id INTEGER PRIMARY KEY, title TEXT NOT NULL);
    CREATE TABLE notices (uuid TEXT PRIMARY KEY, seq INTEGER NOT NULL, kind TEXT NOT NULL,
      group_id INTEGER NOT NULL REFERENCES groups(id), announced_at TEXT NOT NULL);
  `);
  db.prepare('INSERT INTO groups VALUES (?, ?)').run(1, 'Bids');
  db.prepare('INSERT INTO groups VALUES (?, ?)').run(2, 'Results');
  const add = db.prepare('INSERT INTO notices VALUES (?, ?, ?, ?, ?)');
  // Inserted in an order unrelated to the list's (rowid order is not date order), two on one date.
  for (let i = 0; i < 23; i++) {
    const day = (i * 7) % 23;
    add.run(`n-${i}`, i, i % 3 === 0 ? 'a' : 'b', 1 + (i % 2), `2026-01-${String(1 + (day % 20)).padStart(2, '0')}`);
  }
  return statementCache(db);
}

const list = (q: ReturnType<typeof notices>, page: number, limit: number, joinLater: boolean, where: string[] = []) =>
  pagedQuery(q, {
    select: 'n.uuid, n.announced_at, g.title AS group_title',
    from: joinLater ? 'notices n' : 'notices n JOIN groups g ON g.id = n.group_id',
    join: joinLater ? 'JOIN groups g ON g.id = n.group_id' : undefined,
    where,
    args: [],
    order: 'n.announced_at DESC, n.seq DESC',
    page,
    limit,
    offset: (page - 1) * limit,
    map: (r) => `${r.uuid} ${r.announced_at} ${r.group_title}`,
  });

describe('pagedQuery with a join', () => {
  it('answers every page as joining first does', () => {
    const q = notices();
    for (const where of [[], ["n.kind = 'a'"]]) {
      for (let page = 1; page <= 5; page++) {
        const later = list(q, page, 5, true, where);
        expect(later).toEqual(list(q, page, 5, false, where));
      }
      expect(list(q, 1, 5, true, where).result).toHaveLength(5);
    }
    expect(list(q, 1, 100, true).total).toBe(23);
    expect(list(q, 5, 5, true).result).toHaveLength(3);
  });

  it('needs a "table alias" to join to', () => {
    const q = notices();
    expect(() =>
      pagedQuery(q, {
        from: 'notices',
        join: 'JOIN groups g ON g.id = notices.group_id',
        where: [],
        args: [],
        order: 'seq',
        page: 1,
        limit: 5,
        offset: 0,
        map: (r) => r,
      }),
    ).toThrow(/table alias/);
  });
});
