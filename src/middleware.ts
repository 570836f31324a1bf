/**
 * Sets the page's language and translator once per request (and once per page in a static
 * build): components read `Astro.locals.lang` and `Astro.locals.t` instead of receiving a
 * `lang` prop through every level. The language is the URL's: `/en/…` is English, the rest Thai.
 */
import { defineMiddleware } from 'astro:middleware';
import { getT, langFromPath } from './i18n';

export const onRequest = defineMiddleware((context, next) => {
  const lang = langFromPath(context.url.pathname);
  context.locals.lang = lang;
  context.locals.t = getT(lang);
  return next();
});
