/**
 * Spike: one article title edit at scale through the warm render path.
 *   npx node scripts/publisher/spike/edit.ts RENDER_PATH_DIR API_DB
 * Changes one article's Thai title in the API's SQLite file, re-reads the articles area
 * (plus home and news) through the site's loaders, and renders the pages whose cacheKey changed.
 */
import { DatabaseSync } from 'node:sqlite';
import path from 'node:path';
import { loadRenderPath } from '../render-path.ts';
import { reloadCollections } from '../content-store.ts';

const rp = await loadRenderPath(path.resolve(process.argv[2]!));
const db = new DatabaseSync(path.resolve(process.argv[3]!));
let t = performance.now();
const before = await rp.paths();
console.log(`paths ${before.length} in ${(performance.now() - t).toFixed(0)} ms`);
const keys = new Map(before.map((p) => [p.file, p.cacheKey]));
// First reload settles the loader's meta (a fresh process has none).
t = performance.now();
await reloadCollections(rp, ['articles', 'home', 'news']);
console.log(`first re-read ${(performance.now() - t).toFixed(0)} ms`);
const row = db.prepare('SELECT slug, title_th FROM articles ORDER BY rowid LIMIT 1 OFFSET 37').get() as { slug: string; title_th: string };
db.prepare('UPDATE articles SET title_th = ? WHERE slug = ?').run(`${row.title_th} (แก้ไข ${Date.now()})`, row.slug);
t = performance.now();
const r = await reloadCollections(rp, ['articles', 'home', 'news']);
const fetchMs = performance.now() - t;
t = performance.now();
const after = await rp.paths();
const pathsMs = performance.now() - t;
const changed = after.filter((p) => p.cacheKey === undefined || keys.get(p.file) !== p.cacheKey);
t = performance.now();
for (const p of changed) await rp.render(p);
const renderMs = performance.now() - t;
console.log(`edit ${row.slug}: re-read ${fetchMs.toFixed(0)} ms (${r.changed.length} entries changed), paths ${pathsMs.toFixed(0)} ms, ` +
  `${changed.length} pages to render (${changed.filter((p) => p.cacheKey === undefined).length} without cacheKey) in ${renderMs.toFixed(0)} ms; rss ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`);
console.log(changed.map((p) => p.file).join(' '));
