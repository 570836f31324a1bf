/**
 * Every content-layer collection of the portal, one line per area. Each area module
 * builds its collections with `apiCollection` (src/content/api-collection.ts).
 */
import { shellCollections } from './content/shell';
import { booksCollections } from './content/books';
import { mediaCollections } from './content/media';
import { contactCollections } from './content/contact';
import { purchaseCollections } from './content/purchase';
import { procureCollections } from './content/procure';
import { manualsCollections } from './content/manuals';
import { servicesCollections } from './content/services';
import { onlineServicesCollections } from './content/online-services';
import { homeServicesCollections } from './content/home-services';
import { surveyFormCollections } from './content/survey-forms';

export const collections = {
  ...shellCollections,
  ...booksCollections,
  ...mediaCollections,
  ...contactCollections,
  ...purchaseCollections,
  ...procureCollections,
  ...manualsCollections,
  ...servicesCollections,
  ...onlineServicesCollections,
  ...homeServicesCollections,
  ...surveyFormCollections,
};
