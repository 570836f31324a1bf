/**
 * The islands' translator must say exactly what i18next says, for every key of every namespace
 * in both languages, with every placeholder filled and with the plural counts that pick each
 * form. If a locale starts using an i18next feature the translator lacks ($t nesting, formats,
 * context), this is where it shows.
 */
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { LANGS, NAMESPACES, type Lang } from './config';
import { RESOURCES, type TranslationTree } from './resources';
import { createTranslator } from './translator';

function flatten(tree: TranslationTree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[prefix + k, v] as [string, string]] : flatten(v, `${prefix}${k}.`),
  );
}

function reference(lang: Lang) {
  const instance = i18next.createInstance({
    lng: lang,
    fallbackLng: false,
    ns: [...NAMESPACES],
    defaultNS: 'common',
    resources: { [lang]: RESOURCES[lang] },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  void instance.init();
  return instance;
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

describe.each(LANGS)('translator in %s', (lang) => {
  const i18n = reference(lang);
  for (const ns of NAMESPACES) {
    it(`matches i18next for every key of ${ns}`, () => {
      const t = createTranslator(lang, RESOURCES[lang], ns);
      const iT = i18n.getFixedT(lang, ns);
      const entries = flatten(RESOURCES[lang][ns]);
      expect(entries.length).toBeGreaterThan(0);
      const keys = new Set(entries.map(([k]) => k.replace(PLURAL_SUFFIX, '')));
      for (const key of keys) {
        const texts = entries
          .filter(([k]) => k === key || k.replace(PLURAL_SUFFIX, '') === key)
          .map(([, v]) => v)
          .join(' ');
        const names = [...texts.matchAll(/\{\{\s*([^{}\s,]+)\s*\}\}/g)].map((m) => m[1]!);
        const vars = Object.fromEntries(names.map((n) => [n, `«${n}»`]));
        expect(t(key, vars), key).toBe(iT(key, vars));
        for (const count of [0, 1, 2, 5, 21])
          expect(t(key, { ...vars, count }), `${key} count=${count}`).toBe(iT(key, { ...vars, count }));
      }
    });
  }

  it('reads another namespace with ns:key, and gives a missing key back as the key', () => {
    const t = createTranslator(lang, RESOURCES[lang], 'common');
    const iT = i18n.getFixedT(lang, 'common');
    expect(t('webboard:login.submit')).toBe(iT('webboard:login.submit'));
    expect(t('webboard:login.submit')).not.toBe('login.submit');
    expect(t('no.such.key')).toBe('no.such.key');
    expect(t('webboard:no.such.key')).toBe(iT('webboard:no.such.key'));
  });

  it('picks the plural form from the count', () => {
    const t = createTranslator(lang, RESOURCES[lang], 'contact');
    expect(t('regionProvinces', { count: 1 })).toContain('1');
    expect(t('regionProvinces', { count: 7 })).toContain('7');
    if (lang === 'en') {
      expect(t('regionProvinces', { count: 1 })).toBe('1 province');
      expect(t('regionProvinces', { count: 7 })).toBe('7 provinces');
    }
  });
});
