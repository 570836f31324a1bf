/**
 * Every content-layer collection of the portal, one line per area. Each area module
 * builds its collections with `apiCollection` (src/collections/api-collection.ts).
 */
import { shellCollections } from './shell/collection';
import { homeCollections } from './areas/home/collection';
import { articlesCollections } from './areas/articles/collection';
import { activitiesCollections } from './areas/activities/collection';
import { newsCollections } from './areas/news/collection';
import { faqCollections } from './areas/faq/collection';
import { lawCollections } from './areas/laws/collection';
import { downloadCollections } from './areas/downloads/collection';
import { collapseCollections } from './areas/collapse/collection';
import { organizationCollections } from './areas/organization/collection';
import { commonArticleCollections } from './areas/common-article/collection';
import { surveyCollections } from './areas/surveys/collection';
import { booksCollections } from './areas/e-magazine/collection';
import { mediaCollections } from './areas/multimedia/collection';
import { contactCollections } from './areas/contact/collection';
import { purchaseCollections } from './areas/procurement/collection';
import { procureCollections } from './areas/procure/collection';
import { manualsCollections } from './areas/manuals/collection';
import { servicesCollections } from './areas/services/collection';
import { onlineServicesCollections } from './areas/online-services/collection';
import { homeServicesCollections } from './areas/home-services/collection';
import { surveyFormCollections } from './areas/surveys/form-collection';
import { eventsCollections } from './areas/calendar/collection';

export const collections = {
  ...shellCollections,
  ...homeCollections,
  ...articlesCollections,
  ...activitiesCollections,
  ...newsCollections,
  ...faqCollections,
  ...lawCollections,
  ...downloadCollections,
  ...collapseCollections,
  ...organizationCollections,
  ...commonArticleCollections,
  ...surveyCollections,
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
  ...eventsCollections,
};
