/**
 * Every content-layer collection of the portal, one line per area. Each area module
 * builds its collections with `apiCollection` (src/content/api-collection.ts).
 */
import { shellCollections } from './content/shell';

export const collections = {
  ...shellCollections,
};
