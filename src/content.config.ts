/**
 * Every content-layer collection of the portal, derived from the areas' manifests
 * (src/areas/registry.ts): each area defines its collections in its own `collection.ts`
 * (`export const collections`, built with src/collections/api-collection.ts) and names them in
 * its manifest; a collection no manifest names, or a name no file defines, stops the build.
 */
import { contentCollections } from './areas/registry';
import type { AreaCollections } from './collections/area-manifest';

type Collections = Record<string, unknown>;
const modules = import.meta.glob<Collections>(['./areas/*/collection.ts', './shell/collection.ts'], {
  eager: true,
  import: 'collections',
});

export const collections = contentCollections(modules) as unknown as AreaCollections;
