/** How a procurement notice's budget and status read in the page's language. */
import { formatNumber } from '../../lib/dates';
import type { Lang } from '../../i18n/config';
import type { Text } from '../../ui/text';

/** "4,000,000 baht" / "4,000,000 บาท" (Intl grouping in the page's language); "Not stated" when null. */
export function formatBudget(budget: number | null, lang: Lang, t: Text): string {
  if (budget === null) return t('procurementPage.noBudget');
  return t('procurementPage.budgetAmount', { amount: formatNumber(budget, lang, { maximumFractionDigits: 2 }) });
}

const STATUS_KEYS = {
  open: 'content.statusOpen',
  closed: 'content.statusClosed',
  awarded: 'content.statusAwarded',
} as const;

export function statusLabel(status: keyof typeof STATUS_KEYS, t: Text): string {
  return t(STATUS_KEYS[status]);
}
