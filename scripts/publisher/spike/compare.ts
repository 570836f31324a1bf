/** Spike: render every page through the kept render path and compare with dist/. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadRenderPath } from '../render-path.ts';

const dir = path.resolve(process.argv[2] ?? '.data/render-path/base');
const dist = path.resolve(process.argv[3] ?? 'dist');
let t = performance.now();
const rp = await loadRenderPath(dir);
console.log(`load ${(performance.now() - t).toFixed(0)} ms`);
t = performance.now();
const paths = await rp.paths();
console.log(`paths ${paths.length} in ${(performance.now() - t).toFixed(0)} ms`);
t = performance.now();
let same = 0;
const diff: string[] = [];
for (const p of paths) {
  const body = await rp.render(p);
  const built = await readFile(path.join(dist, p.file)).catch(() => null);
  if (body && built && body.equals(built)) same++;
  else diff.push(p.file);
}
const ms = performance.now() - t;
console.log(`rendered ${paths.length} in ${ms.toFixed(0)} ms (${(paths.length / (ms / 1000)).toFixed(0)} pages/s); identical ${same}, different ${diff.length}: ${diff.slice(0, 10).join(' ')}`);
console.log(`rss ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`);
