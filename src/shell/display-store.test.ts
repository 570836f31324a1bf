import { cleanTestStorage, getTestStorage, setTestStorageKey } from '../../tests/support/memory-storage';
import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  $darkMode,
  $darkModePreference,
  $display,
  $fontsize,
  $systemPrefersDark,
  applyDisplaySettings,
  DARK_MODE_KEY,
  DISPLAY_ATTR,
  FONTSIZE_ATTR,
  parseDarkMode,
  setDarkMode,
  setDisplay,
  setFontsize,
  THEME_ATTR,
  toggleHighContrast,
  watchDisplaySettings,
} from './display-store';
import { $roots, initialRoots, PERSIST_KEY } from '../stores/persisted-roots';
import { $locale, LOCALE_KEY, pageLang, setLocale } from './locale-store';

/** Just enough of <html> to see what applyDisplaySettings writes. */
function fakeDocument() {
  const attrs = new Map<string, string>();
  const documentElement = {
    setAttribute: (k: string, v: string) => void attrs.set(k, v),
    removeAttribute: (k: string) => void attrs.delete(k),
    lang: 'en',
  } as unknown as HTMLElement;
  return { doc: { documentElement }, attrs };
}

beforeEach(() => {
  cleanTestStorage();
  $roots.set(initialRoots);
  $darkModePreference.set(null);
});
afterEach(() => vi.unstubAllGlobals());

describe('display settings', () => {
  it('defaults to normalmode and fontNormal, and persists changes in the general slice', () => {
    expect($display.get()).toBe('normalmode');
    expect($fontsize.get()).toBe('fontNormal');
    setFontsize('fontLarger');
    toggleHighContrast();
    expect($display.get()).toBe('highcontrast');
    expect(JSON.parse(getTestStorage()[PERSIST_KEY]!).general).toEqual({
      display: 'highcontrast',
      fontsize: 'fontLarger',
    });
    toggleHighContrast();
    expect($display.get()).toBe('normalmode');
  });

  it('ignores values outside the allowed sets', () => {
    setDisplay('sepia' as never);
    setFontsize('huge' as never);
    expect($roots.get().general).toEqual(initialRoots.general);
  });
});

describe('dark mode flag', () => {
  it("stores 'true'/'false' under dark-mode and removes the key to follow the system", () => {
    setDarkMode(true);
    expect(getTestStorage()[DARK_MODE_KEY]).toBe('true');
    setDarkMode(false);
    expect(getTestStorage()[DARK_MODE_KEY]).toBe('false');
    setDarkMode(null);
    expect(DARK_MODE_KEY in getTestStorage()).toBe(false);
  });

  it('follows the system preference when nothing is stored, and the choice otherwise', () => {
    $systemPrefersDark.set(true);
    expect($darkMode.get()).toBe(true);
    setDarkMode(false);
    expect($darkMode.get()).toBe(false);
    $systemPrefersDark.set(false);
    setDarkMode(null);
    expect($darkMode.get()).toBe(false);
  });

  it('reads what another tab wrote', () => {
    const unbind = $darkModePreference.listen(() => {});
    setTestStorageKey(DARK_MODE_KEY, 'true');
    expect($darkModePreference.get()).toBe(true);
    setTestStorageKey(DARK_MODE_KEY, undefined);
    expect($darkModePreference.get()).toBeNull();
    unbind();
  });

  it('parses stored values tolerantly', () => {
    expect(parseDarkMode('true')).toBe(true);
    expect(parseDarkMode('"dark"')).toBe(true);
    expect(parseDarkMode('false')).toBe(false);
    expect(parseDarkMode('light')).toBe(false);
    expect(parseDarkMode('maybe')).toBeNull();
    expect(parseDarkMode(null)).toBeNull();
  });

  it('tracks matchMedia while subscribed', () => {
    let listener: ((e: { matches: boolean }) => void) | undefined;
    vi.stubGlobal('matchMedia', () => ({
      matches: true,
      addEventListener: (_: string, l: typeof listener) => (listener = l),
      removeEventListener: () => (listener = undefined),
    }));
    cleanStores($systemPrefersDark, $darkMode); // unmount what earlier tests' get() left mounted
    const seen: boolean[] = [];
    const unbind = $darkMode.subscribe((v) => seen.push(v));
    expect($darkMode.get()).toBe(true);
    listener!({ matches: false });
    expect(seen.at(-1)).toBe(false);
    unbind();
  });
});

describe('applyDisplaySettings', () => {
  it('writes the attributes the CSS and pre-paint script expect, removing defaults', () => {
    const { doc, attrs } = fakeDocument();
    applyDisplaySettings(doc, { display: 'highcontrast', fontsize: 'fontLarge', darkPreference: true });
    expect(Object.fromEntries(attrs)).toEqual({
      [DISPLAY_ATTR]: 'highcontrast',
      [FONTSIZE_ATTR]: 'fontLarge',
      [THEME_ATTR]: 'dark',
    });
    applyDisplaySettings(doc, { display: 'normalmode', fontsize: 'fontNormal', darkPreference: false });
    expect(Object.fromEntries(attrs)).toEqual({ [THEME_ATTR]: 'light' });
    applyDisplaySettings(doc, { display: 'normalmode', fontsize: 'fontNormal', darkPreference: null });
    expect(attrs.size).toBe(0);
  });

  it('keeps <html> in step with the stores once watched', () => {
    const { doc, attrs } = fakeDocument();
    const unbind = watchDisplaySettings(doc);
    setFontsize('fontLarger');
    expect(attrs.get(FONTSIZE_ATTR)).toBe('fontLarger');
    setDarkMode(true);
    expect(attrs.get(THEME_ATTR)).toBe('dark');
    unbind();
    setFontsize('fontNormal');
    expect(attrs.get(FONTSIZE_ATTR)).toBe('fontLarger');
  });
});

describe('locale', () => {
  it("stores 'th' or 'en' under locale and falls back to Thai on garbage", () => {
    expect($locale.get()).toBe('th');
    setLocale('en');
    expect(getTestStorage()[LOCALE_KEY]).toBe('en');
    const unbind = $locale.listen(() => {});
    setTestStorageKey(LOCALE_KEY, 'fr');
    expect($locale.get()).toBe('th');
    unbind();
  });

  it('reads the page language from <html lang>', () => {
    expect(pageLang({ documentElement: { lang: 'en' } } as Document)).toBe('en');
    expect(pageLang({ documentElement: { lang: 'th-TH' } } as Document)).toBe('th');
    expect(pageLang({ documentElement: { lang: '' } } as Document)).toBe('th');
    expect(pageLang(undefined)).toBe('th');
  });
});
