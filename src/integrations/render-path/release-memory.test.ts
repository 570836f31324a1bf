import { describe, expect, it } from 'vitest';
import { releaseMemory } from './release-memory';

const rssMb = () => process.memoryUsage().rss / 1024 ** 2;

describe('releaseMemory', () => {
  it('hands garbage and the pages V8 pooled back to the system, without --expose-gc', () => {
    expect(globalThis.gc).toBeUndefined();
    // A peak of short-lived objects, as the content sync leaves behind: garbage once it returns.
    const atPeak = (() => {
      const peak: Array<{ n: number; s: string; a: number[] }> = [];
      for (let i = 0; i < 2_000_000; i++) peak.push({ n: i, s: `record ${i}`, a: [i] });
      return rssMb();
    })();
    releaseMemory();
    expect(atPeak - rssMb()).toBeGreaterThan(150);
    // The flag is not left on for code that runs later.
    expect(globalThis.gc).toBeUndefined();
  });
});
