import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sha256 } from '../../../../scripts/publisher/stages/files.ts';
import type { Files } from '../../../../scripts/publisher/stages/types.ts';

/** Pages with the given bytes in a folder of their own, each rendered with the cacheKey `key-<bytes>`. */
export function renderedPages(entries: Record<string, string>): Files {
  const dir = mkdtempSync(path.join(tmpdir(), 'pages-'));
  return new Map(
    Object.entries(entries).map(([p, text]) => {
      const source = path.join(dir, p.replaceAll('/', '_'));
      writeFileSync(source, text);
      return [p, { hash: sha256(Buffer.from(text)), source, page: true, cacheKey: `key-${text}` }];
    }),
  );
}
