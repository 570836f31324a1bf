import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loaderCodeVersion } from './index';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function tree(files: Record<string, string>) {
  dir = mkdtempSync(path.join(tmpdir(), 'loader-code-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
}

describe('loaderCodeVersion', () => {
  it('changes with a mapping or loader, not with a test or a component', () => {
    tree({ 'areas/laws/api.ts': 'export const a = 1;', 'collections/x.ts': 'x', 'areas/laws/api.test.ts': 't' });
    const first = loaderCodeVersion(dir);
    expect(first).toMatch(/^[0-9a-f]{16}$/);

    writeFileSync(path.join(dir, 'areas/laws/api.test.ts'), 'another test');
    writeFileSync(path.join(dir, 'areas/laws/LawItem.tsx'), 'a component');
    expect(loaderCodeVersion(dir)).toBe(first);

    writeFileSync(path.join(dir, 'areas/laws/api.ts'), 'export const a = 2;');
    expect(loaderCodeVersion(dir)).not.toBe(first);
  });
});
