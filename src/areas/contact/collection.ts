/**
 * Contact pages (spec point 7 "Contact") as one list collection, `contact`, per language
 * (src/collections/area-collection.ts):
 *   order               department keys in the API's order (/contact/department)
 *   department:{id}     one office: address, phone, fax, email, hours, map, divisions
 *   covers              the contact page's cover images (/contact/covers)
 *   divisions           the division list with its cover and attachments
 *                       (/contact/division, /contact/division/cover, /contact/division/attachments)
 *   provinces           the 77 provincial offices and the regions (/contact/province)
 */
import { listArea, readListArea, type OrderRecord, type Stored } from '../../collections/area-collection';
import { recordOf } from '../../collections/area-records';
import {
  getContactCovers,
  getContactDepartment,
  getContactDivisionAttachments,
  getContactDivisionCover,
  getContactDivisions,
  getProvinceContacts,
  type ContactDepartment,
  type ContactDivision,
  type ProvinceContacts,
} from './api';
import type { Banner } from '../../shell/banners-api';
import type { Attachment, Image, Ref } from '../../api/shared';
import type { Lang } from '../../i18n/config';

export type StoredDepartment = Stored<'department', ContactDepartment>;
export type StoredCovers = Stored<'covers', { items: Banner[] }>;
export type StoredDivisions = Stored<
  'divisions',
  { cover: Image; attachments: Attachment[]; items: ContactDivision[] }
>;
export type StoredProvinces = Stored<'provinces', { regions: Ref[]; items: ProvinceContacts['provinces'] }>;
type ContactRecord = StoredDepartment | StoredCovers | StoredDivisions | StoredProvinces | OrderRecord;

export const collections = {
  contact: listArea({
    endpoint: '/contact/department',
    list: ({ lang, call }) => call('/contact/department', () => getContactDepartment(lang)),
    kind: 'department',
    key: (d) => d.id,
    extras: {
      covers: async ({ lang, call }) => ({ items: await call('/contact/covers', () => getContactCovers(lang)) }),
      divisions: async ({ lang, call }) => {
        const [items, cover, attachments] = await Promise.all([
          call('/contact/division', () => getContactDivisions(lang)),
          call('/contact/division/cover', () => getContactDivisionCover(lang)),
          call('/contact/division/attachments', () => getContactDivisionAttachments(lang)),
        ]);
        return { cover, attachments, items };
      },
      provinces: async ({ lang, call }) => {
        const { regions, provinces } = await call('/contact/province', () => getProvinceContacts({}, lang));
        return { regions, items: provinces };
      },
    },
  }),
};

export async function readContact(lang: Lang) {
  const { byKey, items } = await readListArea<ContactRecord, 'department'>('contact', lang, 'department');
  return {
    departments: items,
    covers: recordOf(byKey, 'covers', 'covers'),
    divisions: recordOf(byKey, 'divisions', 'divisions'),
    provinces: recordOf(byKey, 'provinces', 'provinces'),
  };
}

// The content config's types (src/content.config.ts): this area's collections.
type Collections = typeof collections;
declare module '../../collections/area-manifest' {
  interface AreaCollections extends Collections {}
}
