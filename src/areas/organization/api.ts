/**
 * Organisation area (organisation chart): /organization and /organization/staff/{id}.
 * Spec point 7 "Other"; shapes in docs/api-contract.md. Module ids come from the menus.
 */
import * as z from 'zod/mini';
import { api, type Lang } from '../../api/client';
import { parseData } from '../../api/boundary';
import { listQuery } from '../../api/load-rules';
import { imageSchema, mapOptionalImage, mapRef, refSchema, idSchema } from '../../api/shared';

/** Contact details a staff member may not publish: null or absent reads as "not shown" (''). */
const optionalText = z.pipe(
  z.nullish(z.string()),
  z.transform((v) => v ?? ''),
);

// ---- schemas (the API's shapes) ----

const staffSummarySchema = z.object({
  id: idSchema,
  name: z.string().check(z.minLength(1)),
  position: z._default(z.string(), ''),
  photo: z.nullable(imageSchema),
});

const divisionSchema = z.object({
  id: idSchema,
  title: z.string().check(z.minLength(1)),
  // The top of the chart has no parent.
  parent_id: z.nullable(idSchema),
  staff: z._default(z.array(staffSummarySchema), []),
});

const organizationSchema = z.object({ module: refSchema, divisions: z.array(divisionSchema) });

const staffDetailSchema = z.extend(staffSummarySchema, {
  email: optionalText,
  phone: optionalText,
  biography_html: z._default(z.string(), ''),
  division: refSchema,
});

// ---- the portal's types ----

export type Organization = ReturnType<typeof mapOrganization>;
export type StaffDetail = ReturnType<typeof mapStaffDetail>;
// ---- mappings ----

function mapStaffSummary(raw: z.output<typeof staffSummarySchema>) {
  return { id: String(raw.id), name: raw.name, position: raw.position, photo: mapOptionalImage(raw.photo) };
}

function mapOrganization(raw: z.output<typeof organizationSchema>) {
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

function mapStaffDetail(raw: z.output<typeof staffDetailSchema>) {
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
