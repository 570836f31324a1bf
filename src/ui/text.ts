/**
 * The translator a shared component takes: the page's i18next `t` (Astro.locals.t) when Astro
 * renders it statically, or the island's (src/ui/island/translation.tsx) when an island does.
 */
import type { TFunction } from 'i18next';
import type { Translate } from '../i18n/translator';

export type Text = Translate | TFunction;
