/**
 * The build's renderer takes the collections the sync recorded (./synced-store.ts) in place of
 * the store file, so every collection must record itself: each one in the content config is
 * made by apiCollection, whose loader records its store before anything else.
 */
import { describe, expect, it, vi } from 'vitest';

vi.mock('astro:content', () => ({ defineCollection: (c: unknown) => c }));

describe('the synced store', () => {
  it('covers every collection of the content config: each is loaded by the API loader', async () => {
    const { collections } = await import('../content.config');
    const names = Object.keys(collections);
    expect(names.length).toBeGreaterThan(20);
    for (const name of names) {
      const loader = (collections as unknown as Record<string, { loader?: { name?: string } }>)[name]?.loader;
      expect(loader?.name, `collection ${name}`).toMatch(/^api:/);
    }
  });
});
