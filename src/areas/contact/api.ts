/**
 * Contact area: /contact/* (department, covers, divisions, departments, provinces).
 * Spec point 7 "Contact"; shapes in docs/api-contract.md.
 */
import * as z from 'zod/mini';
import { api, type Lang } from '../../api/client';
import { parseData, parseDataList, parseEach, parseOrThrow } from '../../api/boundary';
import { bannerSchema, mapBanner, type Banner } from '../../shell/banners-api';
import { listQuery } from '../../api/load-rules';
import {
  attachmentSchema,
  imageSchema,
  mapAttachment,
  mapImage,
  mapOptionalImage,
  mapRef,
  refSchema,
  type Attachment,
  type Image,
  type Ref,
  idSchema,
} from '../../api/shared';

/** Contact details an office may not have (no fax, no e-mail): null or absent reads as "not shown" (''). */
const optionalText = z.pipe(
  z.nullish(z.string()),
  z.transform((v) => v ?? ''),
);

// ---- schemas (the API's shapes) ----

const contactDepartmentSchema = z.object({
  id: idSchema,
  slug: z.string().check(z.minLength(1)),
  name: z.string().check(z.minLength(1)),
  address: optionalText,
  phone: optionalText,
  fax: optionalText,
  email: optionalText,
  hours: optionalText,
  map_image: z.nullable(imageSchema),
  divisions: z._default(
    z.array(
      z.object({ id: idSchema, name: z.string().check(z.minLength(1)), phone: optionalText, email: optionalText }),
    ),
    [],
  ),
});

const contactDivisionSchema = z.object({
  id: idSchema,
  name: z.string().check(z.minLength(1)),
  head: optionalText,
  phone: optionalText,
  email: optionalText,
  department_id: idSchema,
});

const provinceContactSchema = z.object({
  id: idSchema,
  province: z.string().check(z.minLength(1)),
  region: refSchema,
  office: z.string().check(z.minLength(1)),
  address: optionalText,
  phone: optionalText,
  email: optionalText,
});

// The province list is the one envelope with a sibling of `data`: `{ data, regions }`.
const provinceEnvelope = z.object({ data: z.array(z.unknown()), regions: z.array(z.unknown()) });

// ---- the portal's types ----

export type ContactDepartment = ReturnType<typeof mapContactDepartment>;
export type ContactDivision = ReturnType<typeof mapContactDivision>;

export type ProvinceContact = ReturnType<typeof mapProvinceContact>;
export interface ProvinceContacts {
  provinces: ProvinceContact[];
  regions: Ref[];
}

// ---- mappings ----

function mapContactDepartment(raw: z.output<typeof contactDepartmentSchema>) {
  return {
    id: String(raw.id),
    slug: raw.slug,
    name: raw.name,
    address: raw.address,
    phone: raw.phone,
    fax: raw.fax,
    email: raw.email,
    hours: raw.hours,
    mapImage: mapOptionalImage(raw.map_image),
    divisions: raw.divisions.map((d) => ({ id: String(d.id), name: d.name, phone: d.phone, email: d.email })),
  };
}

function mapContactDivision(raw: z.output<typeof contactDivisionSchema>) {
  return {
    id: String(raw.id),
    name: raw.name,
    head: raw.head,
    phone: raw.phone,
    email: raw.email,
    departmentId: String(raw.department_id),
  };
}

function mapProvinceContact(raw: z.output<typeof provinceContactSchema>) {
  return {
    id: String(raw.id),
    province: raw.province,
    region: mapRef(raw.region),
    office: raw.office,
    address: raw.address,
    phone: raw.phone,
    email: raw.email,
  };
}

// ---- calls ----

/** GET /contact/department — the offices with their address, hours and divisions. */
export async function getContactDepartment(lang: Lang): Promise<ContactDepartment[]> {
  const endpoint = '/contact/department';
  return parseDataList(endpoint, await api.get(endpoint, { lang }), contactDepartmentSchema, mapContactDepartment);
}

/** GET /contact/covers — cover images of the contact page (Banner shape). */
export async function getContactCovers(lang: Lang): Promise<Banner[]> {
  const endpoint = '/contact/covers';
  return parseDataList(endpoint, await api.get(endpoint, { lang }), bannerSchema, mapBanner);
}

/** GET /contact/division */
export async function getContactDivisions(lang: Lang): Promise<ContactDivision[]> {
  const endpoint = '/contact/division';
  return parseDataList(endpoint, await api.get(endpoint, { lang }), contactDivisionSchema, mapContactDivision);
}

/** GET /contact/division/cover — spec point 3 "Contact division: coverPath". */
export async function getContactDivisionCover(lang: Lang): Promise<Image> {
  const endpoint = '/contact/division/cover';
  return parseData(endpoint, await api.get(endpoint, { lang }), imageSchema, mapImage);
}

/** GET /contact/division/attachments — spec point 3 "Contact division: files". */
export async function getContactDivisionAttachments(lang: Lang): Promise<Attachment[]> {
  const endpoint = '/contact/division/attachments';
  return parseDataList(endpoint, await api.get(endpoint, { lang }), attachmentSchema, mapAttachment);
}

export interface ProvinceFilter {
  keyword?: string;
  /** A region id; the Thai 'ทุกภาค' (all regions) is not sent (spec point 5). */
  region?: string;
}

/** GET /contact/province (keyword, region) — the province offices and the regions to filter by. */
export async function getProvinceContacts(filter: ProvinceFilter, lang: Lang): Promise<ProvinceContacts> {
  const endpoint = '/contact/province';
  const raw = await api.get(endpoint, { lang, query: listQuery({ keyword: filter.keyword, region: filter.region }) });
  const env = parseOrThrow(endpoint, provinceEnvelope, raw);
  return {
    provinces: parseEach(endpoint, provinceContactSchema, env.data, mapProvinceContact),
    regions: parseEach(endpoint, refSchema, env.regions, mapRef),
  };
}
