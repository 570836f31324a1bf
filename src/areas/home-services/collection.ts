/**
 * Home services (spec point 7 "Other": /home-service/*) as one list collection,
 * `homeServices` (src/collections/area-collection.ts):
 *   order             the service keys in the API's order (/home-service/home)
 *   service:{id}      one service with body and attachments (/home-service/detail/{id})
 */
import { listArea, readListArea, type OrderRecord, type Stored } from '../../collections/area-collection';
import { getHomeService, getHomeServices, type HomeServiceDetail } from './api';
import type { Lang } from '../../i18n/config';

export type StoredHomeService = Stored<'service', HomeServiceDetail>;

export const collections = {
  homeServices: listArea({
    endpoint: '/home-service/home',
    list: (ctx) => ctx.call('/home-service/home', () => getHomeServices(ctx.lang)),
    kind: 'service',
    key: (s) => s.id,
    detail: { endpoint: (s) => `/home-service/detail/${s.id}`, load: (s, lang) => getHomeService(s.id, lang) },
  }),
};

export async function readHomeServices(lang: Lang) {
  return (await readListArea<StoredHomeService | OrderRecord, 'service'>('homeServices', lang, 'service')).items;
}

// The content config's types (src/content.config.ts): this area's collections.
type Collections = typeof collections;
declare module '../../collections/area-manifest' {
  interface AreaCollections extends Collections {}
}
