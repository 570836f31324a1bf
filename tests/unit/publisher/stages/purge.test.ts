import { describe, expect, it } from 'vitest';
import { PurgeStage, purgeRequest } from '../../../../scripts/publisher/stages/purge.ts';
import type { Files } from '../../../../scripts/publisher/stages/types.ts';

const files = (entries: Record<string, string>): Files =>
  new Map(Object.entries(entries).map(([p, hash]) => [p, { hash, source: '', page: p.endsWith('.html') }]));

describe('purge stage', () => {
  const before = files({
    'index.html': 'h1',
    'en/news/index.html': 'n1',
    'old/index.html': 'o1',
    '_astro/app.abc123.js': 'a1',
  });
  const after = files({ 'index.html': 'h2', 'en/news/index.html': 'n1', '_astro/app.def456.js': 'a2' });

  it('names the changed records by tag and the changed or removed pages by public path, never hashed assets', () => {
    const request = purgeRequest(['articles/th/article:x', 'articles/en/article:x'], before, after);
    expect(request.tags).toEqual(['articles:article:x']);
    expect([...request.paths].sort()).toEqual(['/', '/old/']);
  });

  it('keeps what a failed purge named for the next one, and purges nothing when nothing was live', async () => {
    const sent: unknown[] = [];
    let fail = true;
    const stage = new PurgeStage({
      name: 'test',
      purge: async (r) => {
        sent.push(r);
        if (fail) throw new Error('CDN down');
        return { adapter: 'test', tags: r.tags.length, urls: r.paths.length, requests: 1, tagsSkipped: 0 };
      },
    });
    expect(await stage.afterSwitch('r0', ['articles/th/article:x'], new Map(), after)).toBeNull();
    const failed = await stage.afterSwitch('r1', ['articles/th/article:x'], before, after);
    expect(failed?.error).toBe('CDN down');
    fail = false;
    const next = await stage.afterSwitch('r2', ['laws/th/law:y'], after, after);
    expect(next?.error).toBeNull();
    expect(next?.tags).toBe(2); // the carried tag and the new one
    expect(stage.last?.release).toBe('r2');
    expect(sent).toHaveLength(2);
  });
});
