/**
 * Record shapes shared by several API areas (docs/api-contract.md "Shared record
 * shapes"): their schemas, the portal's types and the mappings between them.
 */
import * as z from 'zod/mini';
import { getApiBaseUrl } from './client';

/** A record id as the API gives it: a number or a non-empty string. */
export const idSchema = z.union([z.number(), z.string().check(z.minLength(1))]);

/** Files live on the API's origin; the API sends paths, the portal needs addresses. */
export function resolveFileUrl(path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return getApiBaseUrl() + (path.startsWith('/') ? path : `/${path}`);
}

export const isoDate = z.string().check(z.refine((v) => !Number.isNaN(Date.parse(v)), 'is not a date'));

export const imageSchema = z.object({
  url: z.string().check(z.minLength(1)),
  width: z.number().check(z.int(), z.positive()),
  height: z.number().check(z.int(), z.positive()),
  alt: z._default(z.string(), ''),
});
export interface Image {
  url: string;
  width: number;
  height: number;
  alt: string;
}
export const mapImage = (raw: z.output<typeof imageSchema>): Image => ({ ...raw, url: resolveFileUrl(raw.url) });
export const mapOptionalImage = (raw: z.output<typeof imageSchema> | null | undefined): Image | null =>
  raw ? mapImage(raw) : null;

export const attachmentSchema = z.object({
  name: z.string().check(z.minLength(1)),
  url: z.string().check(z.minLength(1)),
  mime: z.string().check(z.minLength(1)),
  size_bytes: z.number().check(z.int(), z.nonnegative()),
});
export interface Attachment {
  name: string;
  url: string;
  mime: string;
  sizeBytes: number;
}
export const mapAttachment = (raw: z.output<typeof attachmentSchema>): Attachment => ({
  name: raw.name,
  url: resolveFileUrl(raw.url),
  mime: raw.mime,
  sizeBytes: raw.size_bytes,
});

export const categorySchema = z.object({
  id: z.union([z.number(), z.string()]),
  slug: z.string().check(z.minLength(1)),
  title: z.string().check(z.minLength(1)),
  count: z._default(z.number().check(z.int(), z.nonnegative()), 0),
});
export interface Category {
  id: string;
  slug: string;
  title: string;
  count: number;
}
export const mapCategory = (raw: z.output<typeof categorySchema>): Category => ({ ...raw, id: String(raw.id) });

export const departmentSchema = z.object({
  slug: z.string().check(z.minLength(1)),
  title: z.string().check(z.minLength(1)),
});
export type Department = z.output<typeof departmentSchema>;

/** `{ id, title }` references (groups, divisions, modules). */
export const refSchema = z.object({ id: z.union([z.number(), z.string()]), title: z.string().check(z.minLength(1)) });
export interface Ref {
  id: string;
  title: string;
}
export const mapRef = (raw: z.output<typeof refSchema>): Ref => ({ id: String(raw.id), title: raw.title });
