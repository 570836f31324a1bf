/**
 * Navigation and site chrome: main menu, top-bar menu, quick menu, footer, consent.
 * Spec point 7 "Other"; shapes in docs/api-contract.md. Menu `path`s are language-neutral
 * portal paths (`/articles/`) or external `http(s)://` addresses; the layout adds `/en`.
 */
import * as z from 'zod/mini';
import { api, type Lang } from '../api/client';
import { parseData, parseDataList, parseEach } from '../api/boundary';
import { imageSchema, mapOptionalImage, idSchema } from '../api/shared';

// ---- schemas (the API's shapes) ----

interface RawMenuItem {
  id: string | number;
  title: string;
  path: string;
  children: RawMenuItem[];
}

// Menus nest; a malformed child makes its whole top-level entry skipped (with a warning),
// because half a sub-menu would send people to the wrong places.
const menuItemSchema: z.ZodMiniType<RawMenuItem> = z.lazy(() =>
  z.object({
    id: idSchema,
    title: z.string().check(z.minLength(1)),
    path: z.string().check(z.minLength(1)),
    children: z._default(z.array(menuItemSchema), []),
  }),
) as z.ZodMiniType<RawMenuItem>;

const quickMenuItemSchema = z.object({
  id: idSchema,
  title: z.string().check(z.minLength(1)),
  path: z.string().check(z.minLength(1)),
  icon: z.nullable(imageSchema),
});

const footerLinkSchema = z.object({ title: z.string().check(z.minLength(1)), path: z.string().check(z.minLength(1)) });

const footerSchema = z.object({
  agency_name: z.string().check(z.minLength(1)),
  address: z.string(),
  phone: z.string(),
  fax: z._default(z.string(), ''),
  email: z.string(),
  hours: z._default(z.string(), ''),
  columns: z.array(z.object({ title: z.string().check(z.minLength(1)), links: z.array(z.unknown()) })),
  copyright: z.string(),
});

const consentSchema = z.object({
  version: z.union([z.string().check(z.minLength(1)), z.number()]),
  title: z.string().check(z.minLength(1)),
  body_html: z.string(),
  accept_label: z.string().check(z.minLength(1)),
  decline_label: z.string().check(z.minLength(1)),
  /** The privacy policy page the notice links to (a portal path or an address); ours, optional. */
  policy_path: z._default(z.nullable(z.string()), null),
});

// ---- the portal's types ----

export interface MenuItem {
  id: string;
  title: string;
  path: string;
  children: MenuItem[];
}

export type QuickMenuItem = ReturnType<typeof mapQuickMenuItem>;
interface FooterLink {
  title: string;
  path: string;
}

export interface Footer {
  agencyName: string;
  address: string;
  phone: string;
  fax: string;
  email: string;
  hours: string;
  columns: { title: string; links: FooterLink[] }[];
  copyright: string;
}

export type Consent = ReturnType<typeof mapConsent>;
// ---- mappings ----

function mapMenuItem(raw: RawMenuItem): MenuItem {
  return { id: String(raw.id), title: raw.title, path: raw.path, children: raw.children.map(mapMenuItem) };
}

function mapQuickMenuItem(raw: z.output<typeof quickMenuItemSchema>) {
  return { id: String(raw.id), title: raw.title, path: raw.path, icon: mapOptionalImage(raw.icon) };
}

function mapConsent(raw: z.output<typeof consentSchema>) {
  return {
    version: String(raw.version),
    title: raw.title,
    bodyHtml: raw.body_html,
    acceptLabel: raw.accept_label,
    declineLabel: raw.decline_label,
    policyPath: raw.policy_path?.trim() || null,
  };
}

// ---- calls ----

/** GET /menu — the main navigation. */
export async function getMenu(lang: Lang): Promise<MenuItem[]> {
  const endpoint = '/menu';
  return parseDataList(endpoint, await api.get(endpoint, { lang }), menuItemSchema, mapMenuItem);
}

/** GET /new-menu — the secondary (top bar) menu. */
export async function getNewMenu(lang: Lang): Promise<MenuItem[]> {
  const endpoint = '/new-menu';
  return parseDataList(endpoint, await api.get(endpoint, { lang }), menuItemSchema, mapMenuItem);
}

/** GET /master/quick-menu */
export async function getQuickMenu(lang: Lang): Promise<QuickMenuItem[]> {
  const endpoint = '/master/quick-menu';
  return parseDataList(endpoint, await api.get(endpoint, { lang }), quickMenuItemSchema, mapQuickMenuItem);
}

/** GET /footer */
export async function getFooter(lang: Lang): Promise<Footer> {
  const endpoint = '/footer';
  return parseData(endpoint, await api.get(endpoint, { lang }), footerSchema, (v) => ({
    agencyName: v.agency_name,
    address: v.address,
    phone: v.phone,
    fax: v.fax,
    email: v.email,
    hours: v.hours,
    columns: v.columns.map((c) => ({
      title: c.title,
      links: parseEach(endpoint, footerLinkSchema, c.links, (l) => l),
    })),
    copyright: v.copyright,
  }));
}

/** GET /consent — the cookie consent text. */
export async function getConsent(lang: Lang): Promise<Consent> {
  const endpoint = '/consent';
  return parseData(endpoint, await api.get(endpoint, { lang }), consentSchema, mapConsent);
}
