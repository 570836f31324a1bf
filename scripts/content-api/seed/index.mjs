// Seeds a fresh database with the bilingual demo content, deterministically.
// `scale` (the --scale flag / API_SCALE) sets the size of every large collection — articles,
// activities, purchases, manuals, laws, books and media — for benchmarks.
import { makeSeedContext } from './helpers.mjs';
import { seedTaxonomy } from './taxonomy.mjs';
import { seedArticles, DEFAULT_ARTICLES } from './articles.mjs';
import { seedActivities, seedEvents, DEFAULT_ACTIVITIES } from './activities.mjs';
import { seedBooks, seedMedia, DEFAULT_BOOKS, DEFAULT_MEDIA } from './library.mjs';
import { seedPurchases, seedProcure, DEFAULT_PURCHASES } from './procurement.mjs';
import { seedServices } from './services.mjs';
import { seedManuals, DEFAULT_MANUALS } from './manuals.mjs';
import { seedSurveys } from './surveys.mjs';
import { seedFaqs, seedLaws, seedDownloads, DEFAULT_LAWS } from './reference.mjs';
import { seedModules } from './modules.mjs';
import { seedSite } from './site.mjs';
import { seedAccounts } from './accounts.mjs';

/** @param {import('node:sqlite').DatabaseSync} db @param {{ scale?: number }} [opts] */
export function seedAll(db, { scale } = {}) {
  const s = makeSeedContext(db);
  const n = (def) => (scale && scale > 0 ? scale : def);
  seedTaxonomy(s);
  seedArticles(s, n(DEFAULT_ARTICLES));
  seedActivities(s, n(DEFAULT_ACTIVITIES));
  seedEvents(s);
  seedBooks(s, n(DEFAULT_BOOKS));
  seedMedia(s, n(DEFAULT_MEDIA));
  seedPurchases(s, n(DEFAULT_PURCHASES));
  seedProcure(s);
  seedServices(s);
  seedManuals(s, n(DEFAULT_MANUALS));
  seedSurveys(s);
  seedFaqs(s);
  seedLaws(s, n(DEFAULT_LAWS));
  seedDownloads(s);
  seedModules(s);
  seedSite(s);
  seedAccounts(s);
}
