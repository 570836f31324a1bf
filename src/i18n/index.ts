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
 * for dozens of such keys on every page, and i18next's lookup is costly at that rate.
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

/** Answers kept for keys asked with options (counts, names); emptied when it grows past this. */
const MAX_WITH_OPTIONS = 20_000;

function memoizePlainKeys(t: TFunction): TFunction {
  const plain = new Map<string, unknown>();
  const withOptions = new Map<string, string>();
  const call = t as unknown as (...a: unknown[]) => unknown;
  const memo = (...args: unknown[]): unknown => {
    const [key, options] = args;
    if (typeof key !== 'string') return call(...args);
    if (args.length === 1) {
      if (!plain.has(key)) plain.set(key, call(key));
      return plain.get(key);
    }
    // Options of plain values only ({ count }, { department }): the same options give the same
    // text ("1,234 views" and the like on every detail page).
    const id = args.length === 2 ? optionsId(options) : undefined;
    if (id === undefined) return call(...args);
    const memoKey = `${key}\u0000${id}`;
    let text = withOptions.get(memoKey);
    if (text === undefined) {
      const answer = call(key, options);
      if (typeof answer !== 'string') return answer;
      if (withOptions.size >= MAX_WITH_OPTIONS) withOptions.clear();
      withOptions.set(memoKey, (text = answer));
    }
    return text;
  };
  // Keeps what i18next puts on a fixed t (lng, ns, keyPrefix).
  return Object.assign(memo, t) as unknown as TFunction;
}

/** A key for options made only of strings, numbers and booleans; undefined for any other. */
function optionsId(options: unknown): string | undefined {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) return undefined;
  let id = '';
  for (const [name, value] of Object.entries(options)) {
    const type = typeof value;
    if (type !== 'string' && type !== 'number' && type !== 'boolean') return undefined;
    id += `${name}\u0001${type[0]}${String(value)}\u0002`;
  }
  return id;
}

const resourceCopies = new Map<string, LangResources>();

/**
 * Only this language's resources for the given namespaces, as plain JSON for an island prop.
 * Copied once per language and set of namespaces for the whole build, then shared: every list
 * page's filter island asks for them, and an island prop is only read (serialised).
 */
export function resourcesFor(lang: Lang, namespaces: readonly Namespace[]): LangResources {
  const id = `${lang}:${namespaces.join(',')}`;
  let copy = resourceCopies.get(id);
  if (!copy) {
    const out: LangResources = {};
    for (const ns of namespaces) out[ns] = RESOURCES[lang][ns];
    copy = JSON.parse(JSON.stringify(out)) as LangResources;
    resourceCopies.set(id, copy);
  }
  return copy;
}
