/**
 * Every content-layer collection of the portal, one line per area. Each area module
 * builds its collections with `apiCollection` (src/content/api-collection.ts).
 */
import { shellCollections } from './content/shell';
import { homeCollections } from './content/home';
import { articlesCollections } from './content/articles';
import { activitiesCollections } from './content/activities';
import { newsCollections } from './content/news';
import { faqCollections } from './content/faq';
import { lawCollections } from './content/laws';
import { downloadCollections } from './content/downloads';
import { collapseCollections } from './content/collapse';
import { organizationCollections } from './content/organization';
import { commonArticleCollections } from './content/common-article';
import { surveyCollections } from './content/surveys';
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
import { eventsCollections } from './content/events';

export const collections = {
  ...shellCollections,
  ...homeCollections, ...articlesCollections, ...activitiesCollections, ...newsCollections,
  ...faqCollections, ...lawCollections, ...downloadCollections, ...collapseCollections,
  ...organizationCollections, ...commonArticleCollections, ...surveyCollections,
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
