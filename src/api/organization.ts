/**
 * Organisation area (organisation chart): /organization and /organization/staff/{id}.
 * Spec point 7 "Other"; shapes in docs/api-contract.md. Module ids come from the menus.
 */
import { z } from 'zod';
import { api, type Lang } from './client';
import { parseData } from './boundary';
import { listQuery } from './load-rules';
import { imageSchema, mapOptionalImage, mapRef, refSchema, type Image, type Ref } from './shared';

const idSchema = z.union([z.number(), z.string().min(1)]);
/** Contact details a staff member may not publish: null or absent reads as "not shown" (''). */
const optionalText = z
  .string()
  .nullish()
  .transform((v) => v ?? '');

// ---- schemas (the API's shapes) ----

const staffSummarySchema = z.object({
  id: idSchema,
  name: z.string().min(1),
  position: z.string().default(''),
  photo: imageSchema.nullable(),
});

const divisionSchema = z.object({
  id: idSchema,
  title: z.string().min(1),
  // The top of the chart has no parent.
  parent_id: idSchema.nullable(),
  staff: z.array(staffSummarySchema).default([]),
});

const organizationSchema = z.object({ module: refSchema, divisions: z.array(divisionSchema) });

const staffDetailSchema = staffSummarySchema.extend({
  email: optionalText,
  phone: optionalText,
  biography_html: z.string().default(''),
  division: refSchema,
});

// ---- the portal's types ----

export interface StaffSummary {
  id: string;
  name: string;
  position: string;
  photo: Image | null;
}

export interface OrgDivision {
  id: string;
  title: string;
  parentId: string | null;
  staff: StaffSummary[];
}

export interface Organization {
  module: Ref;
  divisions: OrgDivision[];
}

export interface StaffDetail extends StaffSummary {
  /** '' when not published. */
  email: string;
  /** '' when not published. */
  phone: string;
  biographyHtml: string;
  division: Ref;
}

// ---- mappings ----

function mapStaffSummary(raw: z.output<typeof staffSummarySchema>): StaffSummary {
  return { id: String(raw.id), name: raw.name, position: raw.position, photo: mapOptionalImage(raw.photo) };
}

function mapOrganization(raw: z.output<typeof organizationSchema>): Organization {
  return {
    module: mapRef(raw.module),
    divisions: raw.divisions.map((d) => ({
      id: String(d.id),
      title: d.title,
      parentId: d.parent_id === null ? null : String(d.parent_id),
      staff: d.staff.map(mapStaffSummary),
    })),
  };
}

function mapStaffDetail(raw: z.output<typeof staffDetailSchema>): StaffDetail {
  return {
    ...mapStaffSummary(raw),
    email: raw.email,
    phone: raw.phone,
    biographyHtml: raw.biography_html,
    division: mapRef(raw.division),
  };
}

// ---- calls ----

/** GET /organization?module_id= — the chart's divisions with their staff. */
export async function getOrganization(moduleId: number | string, lang: Lang): Promise<Organization> {
  const endpoint = '/organization';
  const raw = await api.get(endpoint, { lang, query: listQuery({ module_id: moduleId }) });
  return parseData(endpoint, raw, organizationSchema, mapOrganization);
}

/** GET /organization/staff/{id}?module_id= */
export async function getStaff(id: number | string, moduleId: number | string, lang: Lang): Promise<StaffDetail> {
  const endpoint = `/organization/staff/${encodeURIComponent(String(id))}`;
  const raw = await api.get(endpoint, { lang, query: listQuery({ module_id: moduleId }) });
  return parseData(endpoint, raw, staffDetailSchema, mapStaffDetail);
}
