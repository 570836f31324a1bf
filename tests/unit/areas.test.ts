// The area registry (src/areas/registry.ts): every collection, webhook type and list filter has
// exactly one owner, and what the build and the publisher know of the areas comes from it.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startContentApi } from '../../scripts/content-api/server.ts';
import { collectionsFor } from '../../scripts/publisher/content-store.ts';
import {
  AREAS,
  collectionsOfType,
  contentCollections,
  detailEndpoints,
  linkTypes,
  ownerOf,
  recordTypes,
} from '../../src/areas/registry.ts';
import { defineArea } from '../../src/collections/area-manifest.ts';
import { tempDir } from './content-api/harness';

vi.mock('astro:content', () => ({ defineCollection: (c: unknown) => c }));

const AREAS_DIR = join(import.meta.dirname, '../../src/areas');
const areaFolders = readdirSync(AREAS_DIR, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** Every collection the content config defines (src/content.config.ts, through Vite's glob). */
const configured = async () => Object.keys((await import('../../src/content.config')).collections);

/** The editor endpoint's webhook types, as its answer to an unknown type lists them. */
let editorTypes: string[] = [];
let api: Awaited<ReturnType<typeof startContentApi>> | undefined;
beforeAll(async () => {
  api = await startContentApi({
    host: '127.0.0.1',
    port: 0,
    dbPath: join(tempDir(), 'api.sqlite'),
    editor: {
      token: 'areas-test',
      webhookUrl: 'http://127.0.0.1:9/none',
      webhookSecret: 'whsec_YXJlYXM=',
      log: () => {},
    },
  });
  const res = await fetch(`${api.url}/api/editor/no-such-type/1`, {
    method: 'POST',
    headers: { authorization: 'Bearer areas-test', 'content-type': 'application/json' },
    body: '{}',
  });
  const text = JSON.stringify(await res.json());
  editorTypes = /unknown type \\"no-such-type\\" \(([^)]+)\)/.exec(text)?.[1]?.split(', ') ?? [];
  if (!editorTypes.length) throw new Error(`the editor's answer names no types: ${text}`);
}, 60_000);
afterAll(async () => {
  await api?.close();
});

describe('the area registry', () => {
  it('lists one manifest per folder of src/areas, named as the folder', () => {
    const names = AREAS.filter((a) => a.name !== 'shell').map((a) => a.name);
    expect(names.sort()).toEqual([...areaFolders].sort());
  });

  it('gives every collection of the content config exactly one owner', async () => {
    const names = await configured();
    expect(names.length).toBeGreaterThan(20);
    for (const name of names) expect(ownerOf(name)?.name, `collection ${name}`).toBeDefined();
    const declared = AREAS.flatMap((a) => Object.keys(a.collections ?? {}));
    expect(new Set(declared).size, 'a collection declared twice').toBe(declared.length);
    expect(declared.sort()).toEqual(names.sort());
  });

  it('stops the content config on a collection no manifest declares, or one declared but not defined', () => {
    const laws = AREAS.find((a) => a.name === 'laws')!;
    const loader = { loader: { name: 'api:x' } };
    expect(() =>
      contentCollections({ './areas/laws/collection.ts': { laws: loader, lawTaxonomy: loader, lawDrafts: loader } }, [
        laws,
      ]),
    ).toThrow(/defines "lawDrafts", which no manifest declares/);
    expect(() => contentCollections({ './areas/laws/collection.ts': { laws: loader } }, [laws])).toThrow(
      /laws declares "lawTaxonomy" but .* does not define it/,
    );
    expect(() => contentCollections({ './areas/gadgets/collection.ts': { gadgets: loader } }, [])).toThrow(
      /gadgets\/collection.ts belongs to no area/,
    );
  });

  it('gives every webhook type of the editor endpoint exactly one owning area', () => {
    expect(editorTypes.length).toBeGreaterThan(5);
    const owned = recordTypes();
    expect(new Set(owned).size, 'a type owned twice').toBe(owned.length);
    expect([...owned].sort()).toEqual([...editorTypes].sort());
    // Each type makes some collection stale, and no manifest names a type the editor does not send.
    const plan = collectionsOfType();
    for (const type of editorTypes) expect(plan[type]?.length, `collections of ${type}`).toBeGreaterThan(0);
    for (const type of Object.keys(plan)) expect(editorTypes).toContain(type);
    for (const type of Object.keys(detailEndpoints())) expect(owned).toContain(type);
  });

  it('gives every list filter an owner: the manifest of the folder that holds it', () => {
    const kinds: string[] = [];
    for (const folder of areaFolders) {
      const files = readdirSync(join(AREAS_DIR, folder));
      const manifest = AREAS.find((a) => a.name === folder)!;
      const hasFilter = files.includes('filter.tsx');
      const islands = files.filter((f) => /^[A-Z]\w*Filter\.tsx$/.test(f) && f !== 'CategoryFilter.tsx');
      if (!manifest.filter) {
        expect(hasFilter, `${folder}/filter.tsx without a filter in its manifest`).toBe(false);
        continue;
      }
      expect(hasFilter, `${folder} declares a filter but has no filter.tsx`).toBe(true);
      expect(islands, `${folder}'s island entry`).toHaveLength(1);
      kinds.push(manifest.filter.kind);
    }
    expect(kinds.length).toBe(9);
    expect(new Set(kinds).size, 'a filter kind declared twice').toBe(kinds.length);
  });

  it("derives the publisher's re-read plan: an edit re-reads the collections that show its records", async () => {
    const all = await configured();
    expect(collectionsFor(['law'], all).sort()).toEqual(['lawTaxonomy', 'laws']);
    expect(collectionsFor(['activity'], all).sort()).toEqual(['activities', 'events', 'home', 'news']);
    expect(collectionsFor(['menu'], all).sort()).toEqual(['articles', 'footer', 'menu', 'newMenu', 'quickMenu']);
    // A type no area owns re-reads everything.
    expect(collectionsFor(['unknown'], all).sort()).toEqual([...all].sort());
    expect(detailEndpoints().manual?.exec('/manual/view/abc-1')?.[1]).toBe('abc-1');
    // A menu edit re-reads the articles for the pages its links name, with their lists kept.
    expect([...linkTypes()]).toEqual(['menu']);
  });

  it('takes a new area with one folder and one line: a throwaway area', async () => {
    const throwaway = defineArea({
      name: 'gadgets',
      records: ['gadget'],
      collections: { gadgets: ['gadget'], gadgetKinds: ['gadget', 'menu'] },
      details: { gadget: /^\/gadget\/view\/([^/?]+)$/ },
      filter: { kind: 'gadgets', params: 'q cat', grid: true },
    });
    const areas = [...AREAS, throwaway];
    // Its collection.ts, as the content config's glob would find it.
    const real = (await import('../../src/content.config')).collections as unknown as Record<string, unknown>;
    const modules: Record<string, Record<string, unknown>> = {};
    for (const [name, c] of Object.entries(real)) {
      const file = `./${ownerOf(name)!.name === 'shell' ? 'shell' : `areas/${ownerOf(name)!.name}`}/collection.ts`;
      (modules[file] ??= {})[name] = c;
    }
    modules['./areas/gadgets/collection.ts'] = { gadgets: {}, gadgetKinds: {} };
    const collections = contentCollections(modules, areas);
    expect(Object.keys(collections)).toEqual(expect.arrayContaining(['gadgets', 'gadgetKinds', 'laws']));
    expect(ownerOf('gadgets', areas)?.name).toBe('gadgets');
    expect(collectionsOfType(areas).gadget).toEqual(['gadgets', 'gadgetKinds']);
    expect(collectionsOfType(areas).menu).toContain('gadgetKinds');
    // Its kinds read the menus without saying they only link: a menu edit re-reads its lists.
    expect(linkTypes(areas).has('menu')).toBe(false);
    expect(linkTypes([...areas.slice(0, -1), { ...throwaway, linkedBy: ['menu'] }]).has('menu')).toBe(true);
    expect(detailEndpoints(areas).gadget?.exec('/gadget/view/g1')?.[1]).toBe('g1');
    expect(recordTypes(areas)).toContain('gadget');
  });
});
