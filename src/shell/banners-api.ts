/**
 * Banners area: main, link and learning banners, exchange links, click statistics.
 * Spec point 7 "Banners"; shapes in docs/api-contract.md. The Banner shape is also
 * used by /contact/covers, hence the exported schema and mapping.
 */
import * as z from 'zod/mini';
import { api, type Lang } from '../api/client';
import { parseDataList } from '../api/boundary';
import { imageSchema, mapImage } from '../api/shared';

// ---- schemas (the API's shapes) ----

export const bannerSchema = z.object({
  uuid: z.string().check(z.minLength(1)),
  title: z.string().check(z.minLength(1)),
  image: imageSchema,
  link: z.nullable(z.string().check(z.minLength(1))),
});

// ---- the portal's types ----

export type Banner = ReturnType<typeof mapBanner>;

// ---- mappings ----

export function mapBanner(raw: z.output<typeof bannerSchema>) {
  return { uuid: raw.uuid, title: raw.title, image: mapImage(raw.image), link: raw.link };
}

// ---- calls ----

async function getBannerList(endpoint: string, lang: Lang): Promise<Banner[]> {
  return parseDataList(endpoint, await api.get(endpoint, { lang }), bannerSchema, mapBanner);
}

/** GET /home/banner/main — the home page's main banners. */
export function getMainBanners(lang: Lang): Promise<Banner[]> {
  return getBannerList('/home/banner/main', lang);
}

/** GET /banner/link — small link banners in the footer area. */
export function getLinkBanners(lang: Lang): Promise<Banner[]> {
  return getBannerList('/banner/link', lang);
}

/** GET /banner/learning */
export function getLearningBanners(lang: Lang): Promise<Banner[]> {
  return getBannerList('/banner/learning', lang);
}

/** GET /home/banner/exchange-link — the exchange links (spec point 3 Banner.exchangeList). */
export function getExchangeLinks(lang: Lang): Promise<Banner[]> {
  return getBannerList('/home/banner/exchange-link', lang);
}
