import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { dataStoreFile, STORE_FILE } from './data-store-file';

const STORE = JSON.stringify([['Map', 1], 'articles']);

function transform(code: string, id: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'data-store-file-'));
  writeFileSync(path.join(dir, STORE_FILE), STORE);
  const emitted: Array<{ fileName?: string; source?: unknown }> = [];
  const plugin = dataStoreFile(() => pathToFileURL(`${dir}/`));
  const hook = plugin.transform as (this: unknown, code: string, id: string) => { code: string } | undefined;
  const result = hook.call({ emitFile: (f: { fileName?: string; source?: unknown }) => emitted.push(f) }, code, id);
  return { result, emitted };
}

describe('dataStoreFile', () => {
  it('replaces the store module by a read of the same bytes, emitted next to the bundle', () => {
    const { result, emitted } = transform(
      `export default JSON.parse(${JSON.stringify(STORE)})`,
      '\0astro:data-layer-content',
    );
    expect(result?.code).toContain(`readFileSync(file, 'utf8')`);
    expect(result?.code).not.toContain('articles');
    expect(emitted).toHaveLength(1);
    expect(emitted[0]?.fileName).toBe(STORE_FILE);
    expect(String(emitted[0]?.source)).toBe(STORE);
  });

  it('leaves other modules, and a store in another shape (chunked), as they are', () => {
    expect(transform('export default 1', '/src/pages/index.astro').result).toBeUndefined();
    const chunked = transform('export default{"articles":[(await import("x"))]}', '\0astro:data-layer-content');
    expect(chunked.result).toBeUndefined();
    expect(chunked.emitted).toEqual([]);
  });
});
