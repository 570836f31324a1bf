// Seeds a fresh database with the bilingual demo content, deterministically.
// `scale` (the --scale flag / API_SCALE) sets the size of every large collection — articles,
// activities, purchases, manuals, laws, books and media — for benchmarks.
import type { DatabaseSync } from 'node:sqlite';
import { makeSeedContext } from './helpers.ts';
import { seedTaxonomy } from './taxonomy.ts';
import { seedArticles, DEFAULT_ARTICLES } from './articles.ts';
import { seedActivities, seedEvents, DEFAULT_ACTIVITIES } from './activities.ts';
import { seedBooks, seedMedia, DEFAULT_BOOKS, DEFAULT_MEDIA } from './library.ts';
import { seedPurchases, seedProcure, DEFAULT_PURCHASES } from './procurement.ts';
import { seedServices } from './services.ts';
import { seedManuals, DEFAULT_MANUALS } from './manuals.ts';
import { seedSurveys } from './surveys.ts';
import { seedFaqs, seedLaws, seedDownloads, DEFAULT_LAWS } from './reference.ts';
import { seedModules } from './modules.ts';
import { seedSite } from './site.ts';
import { seedAccounts } from './accounts.ts';

export function seedAll(db: DatabaseSync, { scale }: { scale?: number } = {}) {
  const s = makeSeedContext(db);
  const n = (def: number) => (scale && scale > 0 ? scale : def);
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
