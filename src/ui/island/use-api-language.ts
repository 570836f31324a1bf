/**
 * Points the shared API client at the page's language (Accept-Language) before the island's
 * first request. Runs during render, not in an effect, so a request started by a child's
 * effect already goes out in the right language.
 */
import { setApiLanguage } from '../../api/client';
import type { Lang } from '../../i18n/config';

export function useApiLanguage(lang: Lang): void {
  setApiLanguage(lang);
}
