/** Human file sizes and types for attachment links ("PDF, 1.2 MB"). */
import { formatNumber } from '../lib/dates';
import type { Lang } from '../i18n/config';
import type { Text } from './text';

export function formatFileSize(bytes: number, lang: Lang, t: Text): string {
  if (bytes < 1024) return t('units.bytes', { value: formatNumber(bytes, lang) });
  if (bytes < 1024 * 1024)
    return t('units.kb', { value: formatNumber(bytes / 1024, lang, { maximumFractionDigits: 0 }) });
  return t('units.mb', { value: formatNumber(bytes / (1024 * 1024), lang, { maximumFractionDigits: 1 }) });
}

const TYPES: Record<string, string> = {
  'application/pdf': 'PDF',
  'application/msword': 'DOC',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
  'application/vnd.ms-excel': 'XLS',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'XLSX',
  'application/zip': 'ZIP',
  'image/svg+xml': 'SVG',
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'text/plain': 'TXT',
  'text/csv': 'CSV',
};

export function fileTypeLabel(mime: string, name: string): string {
  return TYPES[mime] ?? (name.includes('.') ? name.split('.').pop()!.toUpperCase() : mime);
}
