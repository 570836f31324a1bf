/**
 * Contact pages (spec point 7 "Contact") as one collection, `contact`, per language:
 *   order               department keys in the API's order (/contact/department)
 *   department:{id}     one office: address, phone, fax, email, hours, map, divisions
 *   covers              the contact page's cover images (/contact/covers)
 *   divisions           the division list with its cover and attachments
 *                       (/contact/division, /contact/division/cover, /contact/division/attachments)
 *   provinces           the 77 provincial offices and the regions (/contact/province)
 */
import { z } from 'zod';
import { apiCollection } from '../../collections/api-collection';
import {
  attachmentShape,
  imageShape,
  ofKind,
  orderKeys,
  orderShape,
  pick,
  readArea,
  recordOf,
  refShape,
} from '../../collections/area-records';
import {
  getContactCovers,
  getContactDepartment,
  getContactDivisionAttachments,
  getContactDivisionCover,
  getContactDivisions,
  getProvinceContacts,
} from './api';
import type { Lang } from '../../i18n/config';

const departmentShape = z.object({
  kind: z.literal('department'),
  id: z.string().min(1),
  slug: z.string().min(1),
  name: z.string().min(1),
  address: z.string(),
  phone: z.string(),
  fax: z.string(),
  email: z.string(),
  hours: z.string(),
  mapImage: imageShape.nullable(),
  divisions: z.array(z.object({ id: z.string(), name: z.string().min(1), phone: z.string(), email: z.string() })),
});

const coversShape = z.object({
  kind: z.literal('covers'),
  items: z.array(
    z.object({ uuid: z.string().min(1), title: z.string().min(1), image: imageShape, link: z.string().nullable() }),
  ),
});

const divisionsShape = z.object({
  kind: z.literal('divisions'),
  cover: imageShape.nullable(),
  attachments: z.array(attachmentShape),
  items: z.array(
    z.object({
      id: z.string().min(1),
      name: z.string().min(1),
      head: z.string(),
      phone: z.string(),
      email: z.string(),
      departmentId: z.string(),
    }),
  ),
});

const provincesShape = z.object({
  kind: z.literal('provinces'),
  regions: z.array(refShape),
  items: z.array(
    z.object({
      id: z.string().min(1),
      province: z.string().min(1),
      region: refShape,
      office: z.string().min(1),
      address: z.string(),
      phone: z.string(),
      email: z.string(),
    }),
  ),
});

const contactRecordSchema = z.discriminatedUnion('kind', [
  departmentShape,
  coversShape,
  divisionsShape,
  provincesShape,
  orderShape,
]);
export type ContactRecord = z.output<typeof contactRecordSchema>;
export type StoredDepartment = z.output<typeof departmentShape>;
export type StoredDivisions = z.output<typeof divisionsShape>;
export type StoredProvinces = z.output<typeof provincesShape>;
export type StoredCovers = z.output<typeof coversShape>;

const departmentKey = (id: string) => `department:${id}`;

export const contactCollections = {
  contact: apiCollection({
    endpoint: '/contact/department',
    schema: contactRecordSchema,
    fetch: async ({ lang, call }) => {
      const [departments, covers, divisions, cover, attachments, provinces] = await Promise.all([
        call('/contact/department', () => getContactDepartment(lang)),
        call('/contact/covers', () => getContactCovers(lang)),
        call('/contact/division', () => getContactDivisions(lang)),
        call('/contact/division/cover', () => getContactDivisionCover(lang)),
        call('/contact/division/attachments', () => getContactDivisionAttachments(lang)),
        call('/contact/province', () => getProvinceContacts({}, lang)),
      ]);
      return [
        { key: 'order', data: { kind: 'order' as const, keys: departments.map((d) => departmentKey(d.id)) } },
        ...departments.map((d) => ({ key: departmentKey(d.id), data: { kind: 'department' as const, ...d } })),
        { key: 'covers', data: { kind: 'covers' as const, items: covers } },
        { key: 'divisions', data: { kind: 'divisions' as const, cover, attachments, items: divisions } },
        {
          key: 'provinces',
          data: { kind: 'provinces' as const, regions: provinces.regions, items: provinces.provinces },
        },
      ];
    },
  }),
};

export async function readContact(lang: Lang) {
  const byKey = await readArea<ContactRecord>('contact', lang);
  return {
    departments: ofKind(pick(byKey, orderKeys(byKey)), 'department'),
    covers: recordOf(byKey, 'covers', 'covers'),
    divisions: recordOf(byKey, 'divisions', 'divisions'),
    provinces: recordOf(byKey, 'provinces', 'provinces'),
  };
}
