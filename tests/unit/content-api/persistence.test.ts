// The database outlives the process: two starts on the same API_DB keep what was written.
// Seeding is deterministic, and `npm run api` starts quickly and stops cleanly.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestApi, tempDir } from './harness';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('two starts on the same database', () => {
  it('keep survey responses, view counts, banner clicks and page views', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const first = await startTestApi({ dir });
    const survey = (await first.call('/survey/3')).body.data;
    const sections = survey.sections.map((s: any) => ({
      id: s.id,
      answers: s.questions.map((q: any) => ({
        question_id: q.id,
        value:
          q.type === 'single'
            ? q.options[1].value
            : q.type === 'multiple'
              ? [q.options[2].value]
              : q.type === 'rating'
                ? 7
                : 'ข้อความ',
      })),
    }));
    const saved = await first.call('/survey/3', { method: 'PUT', json: { sections } });
    expect(saved.status).toBe(200);
    const book = (await first.call('/book/category/all')).body.result[0];
    const viewed = (await first.call(`/book/update-view/${book.id}`)).body.data.views;
    expect(viewed).toBe(book.views + 1);
    const lawViews = (await first.call('/law/1/view', { method: 'PUT' })).body.data.views;
    const banner = (await first.call('/home/banner/main')).body.data[0];
    const clicks = (await first.call(`/banner/statistic/${banner.uuid}`, { method: 'POST' })).body.data.clicks;
    const before = (await first.call('/tracking/visitors')).body.data;
    await first.call('/tracking', { json: { url: '/articles/' } });
    await first.call('/tracking', { json: { url: '/en/faq/' } });
    await first.close();

    const second = await startTestApi({ dir });
    try {
      const db = await import('node:sqlite');
      const conn = new db.DatabaseSync(second.dbPath, { readOnly: true });
      const row = conn.prepare('SELECT answers FROM survey_responses WHERE id = ?').get(saved.body.data.response_id) as
        { answers: string } | undefined;
      conn.close();
      expect(row && JSON.parse(row.answers).length).toBe(sections.flatMap((s: any) => s.answers).length);
      expect((await second.call(`/book/page/${book.slug}`)).body.data.views).toBe(viewed);
      expect((await second.call('/law/1/view', { method: 'PUT' })).body.data.views).toBe(lawViews + 1);
      expect((await second.call(`/banner/statistic/${banner.uuid}`, { method: 'POST' })).body.data.clicks).toBe(
        clicks + 1,
      );
      const after = (await second.call('/tracking/visitors')).body.data;
      expect(after.total).toBe(before.total + 2);
      expect(after.today).toBe(before.today + 2);
      // A token issued by the first start is still valid (the signing secret lives in the database).
      const token = (await second.call('/auth/login', { json: { username: 'member', password: 'member1234' } })).body
        .data.token.accessToken;
      expect((await second.call('/auth/me', { method: 'POST', token })).status).toBe(200);
    } finally {
      await second.dispose();
    }
  });
});

describe('seeding', () => {
  it('is deterministic: two fresh databases hold the same content', async () => {
    const a = await startTestApi();
    const b = await startTestApi();
    try {
      for (const path of [
        '/content/category/all?limit=100',
        '/activity/category/all?limit=100',
        '/purchase/all?limit=100',
        '/menu',
        '/common/events',
        '/manual/search?limit=100',
      ]) {
        const [x, y] = [await a.call(path, { lang: 'en' }), await b.call(path, { lang: 'en' })];
        expect(y.body).toEqual(x.body);
      }
    } finally {
      await a.dispose();
      await b.dispose();
    }
  });

  it('--scale seeds N items in each large collection', async () => {
    const api = await startTestApi({ scale: 5000 });
    try {
      const totals = {
        articles: (await api.call('/content/category/all')).body.total,
        activities: (await api.call('/activity/category/all')).body.total,
        purchases: (await api.call('/purchase/all')).body.total,
        manuals: (await api.call('/manual/search')).body.total,
        laws: (await api.call('/law')).body.total,
        books: (await api.call('/book/category/all')).body.total,
        media: (await api.call('/media/category/all')).body.total,
      };
      // Articles also hold the hostile-HTML notice (the "about" page is not listed).
      expect(totals).toEqual({
        articles: 5001,
        activities: 5000,
        purchases: 5000,
        manuals: 5000,
        laws: 5000,
        books: 5000,
        media: 5000,
      });
      const found = (await api.call(`/search?keyword=${encodeURIComponent('ส่งออก')}`)).body;
      expect(found.total).toBeGreaterThan(100);
    } finally {
      await api.dispose();
    }
  }, 60_000);
});

describe('npm run api (scripts/content-api/main.ts)', () => {
  it('starts on a fresh database, prints its address and stops on SIGTERM', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const child = spawn(process.execPath, ['scripts/content-api/main.ts'], {
      env: { ...process.env, API_HOST: '127.0.0.1', API_PORT: '0', API_DB: join(dir, 'fresh.sqlite'), API_SCALE: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const line = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (c) => {
        out += c;
        const m = /content-api listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (m) resolve(m[1]);
      });
      child.on('exit', (code) => reject(new Error(`exited ${code}`)));
      setTimeout(() => reject(new Error('no listening line within 10 s')), 10_000);
    });
    const res = await fetch(`${line}/api/frontend/menu`);
    expect(res.status).toBe(200);
    const code = await new Promise<number | null>((resolve) => {
      child.on('exit', resolve);
      child.kill('SIGTERM');
    });
    expect(code).toBe(0);
  }, 20_000);
});

describe('a database seeded by an older version of the demo content', () => {
  it('still opens, keeps its records, and warns how to get the current content', async () => {
    const { openDatabase, SEED_VERSION } = await import('../../../scripts/content-api/db.ts');
    const dir = tempDir();
    dirs.push(dir);
    const dbPath = join(dir, 'old.sqlite');
    openDatabase(dbPath).close();
    const { DatabaseSync } = await import('node:sqlite');
    const conn = new DatabaseSync(dbPath);
    conn.prepare("UPDATE meta SET value = '1' WHERE key = 'seed_version'").run();
    conn.close();

    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (message: string) => warnings.push(message);
    try {
      openDatabase(dbPath).close();
    } finally {
      console.warn = warn;
    }
    expect(warnings).toEqual([
      expect.stringContaining(`seed version 1; this code seeds version ${SEED_VERSION}. Delete the file`),
    ]);
    // A current database opens without a word.
    const fresh = join(dir, 'fresh.sqlite');
    openDatabase(fresh).close();
    console.warn = (message: string) => warnings.push(message);
    try {
      openDatabase(fresh).close();
    } finally {
      console.warn = warn;
    }
    expect(warnings).toHaveLength(1);
  });
});
