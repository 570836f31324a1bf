/**
 * csp-digests.ts: Astro's digest function, wrapped, gives the same hashes and computes each
 * text once; the wrap applies to the Astro installed here.
 */
import { describe, expect, it } from 'vitest';
import { astroInternalText, ENCRYPTION_FILE } from '../../collections/astro-internals';
import { memoizeCspDigest } from './csp-digests';

/** A module shaped like Astro's core/encryption.js, counting its digests. */
const MODULE = `let computed = 0;
async function generateCspDigest(data, algorithm) {
  computed++;
  const bytes = new TextEncoder().encode(data);
  const hash = Buffer.from(await crypto.subtle.digest(algorithm, bytes)).toString('base64');
  return 'sha256-' + hash;
}
export { generateCspDigest, computed };
export const count = () => computed;
`;

async function load(code: string) {
  return (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as {
    generateCspDigest(data: string, algorithm: string): Promise<string>;
    count(): number;
  };
}

describe('memoizeCspDigest', () => {
  it('applies to the Astro installed here', () => {
    const astro = astroInternalText(ENCRYPTION_FILE);
    expect(memoizeCspDigest(astro)).toContain('portalCspDigests');
  });

  it('gives the hashes Astro gives, each text hashed once', async () => {
    const plain = await load(MODULE);
    const memo = await load(memoizeCspDigest(MODULE)!);
    const texts = ['body{margin:0}', 'console.log("ไทย")', 'body{margin:0}', 'body{margin:0}'];
    for (const text of texts)
      expect(await memo.generateCspDigest(text, 'SHA-256')).toBe(await plain.generateCspDigest(text, 'SHA-256'));
    expect(plain.count()).toBe(4);
    expect(memo.count()).toBe(2);
    expect(await memo.generateCspDigest('body{margin:0}', 'SHA-512')).not.toBe(
      await memo.generateCspDigest('body{margin:0}', 'SHA-256'),
    );
  });

  it('leaves a module that reads otherwise as it is', () => {
    expect(memoizeCspDigest('export function generateCspDigest(data) { return data; }')).toBeUndefined();
  });
});
