/**
 * Build-time translation for pages and components (spec point 2). One i18next instance
 * per language, created once when this module is first imported, with every namespace
 * from locales/. Pages call `getT(lang, ns)`; islands receive `resourcesFor(lang, nss)`
 * as a serialisable prop and read it with src/i18n/translator.ts (i18next's rules, without
 * i18next's 16 KB in the browser), so a page never ships the other language.
 */
import i18next, { type i18n, type TFunction } from 'i18next';
import { DEFAULT_LANG, LANGS, NAMESPACES, type Lang, type Namespace } from './config';
import { RESOURCES, type LangResources } from './resources';

export * from './config';
export * from './paths';
export type { LangResources, TranslationTree } from './resources';

function createInstance(lang: Lang): i18n {
  const instance = i18next.createInstance({
    lng: lang,
    fallbackLng: DEFAULT_LANG,
    supportedLngs: [...LANGS],
    ns: [...NAMESPACES],
    defaultNS: 'common',
    resources: {
      [lang]: RESOURCES[lang],
      ...(lang === DEFAULT_LANG ? {} : { [DEFAULT_LANG]: RESOURCES[DEFAULT_LANG] }),
    },
    interpolation: { escapeValue: false }, // Astro and React escape output themselves
    returnNull: false,
    initAsync: false, // resources are in memory: init synchronously
  });
  void instance.init();
  return instance;
}

const instances = new Map<Lang, i18n>(LANGS.map((lang) => [lang, createInstance(lang)]));

function getI18n(lang: Lang): i18n {
  return instances.get(lang)!;
}

const fixedTs = new Map<string, TFunction>();

/**
 * A `t` bound to a language and a namespace; other namespaces via 'ns:key'. One per language
 * and namespace for the whole build (the middleware asks for one on every page). A key asked
 * without options always gives the same text, so that answer is kept: the layout alone asks
 * for dozens of such keys on each of 20,000 pages, and i18next's lookup was 7.5% of a build.
 */
export function getT(lang: Lang, ns: Namespace = 'common'): TFunction {
  const id = `${lang}:${ns}`;
  let t = fixedTs.get(id);
  if (!t) {
    t = memoizePlainKeys(getI18n(lang).getFixedT(lang, ns));
    fixedTs.set(id, t);
  }
  return t;
}

function memoizePlainKeys(t: TFunction): TFunction {
  const plain = new Map<string, unknown>();
  const memo = (...args: unknown[]): unknown => {
    const [key] = args;
    if (args.length !== 1 || typeof key !== 'string') return (t as unknown as (...a: unknown[]) => unknown)(...args);
    if (!plain.has(key)) plain.set(key, (t as unknown as (k: string) => unknown)(key));
    return plain.get(key);
  };
  // Keeps what i18next puts on a fixed t (lng, ns, keyPrefix).
  return Object.assign(memo, t) as unknown as TFunction;
}

/** Only this language's resources for the given namespaces, as plain JSON for an island prop. */
export function resourcesFor(lang: Lang, namespaces: readonly Namespace[]): LangResources {
  const out: LangResources = {};
  for (const ns of namespaces) out[ns] = RESOURCES[lang][ns];
  return JSON.parse(JSON.stringify(out)) as LangResources;
}
