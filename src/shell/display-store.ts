/**
 * Display settings (spec points 2 and 4): the general slice of `persist:roots`
 * (`display`: normalmode | highcontrast, `fontsize`: fontNormal | fontLarge | fontLarger) and the
 * light/dark flag under its own localStorage key `dark-mode` ('true' / 'false'; absent means
 * follow the system preference).
 *
 * How they land on <html> (the contract with uno.config.ts and the pre-paint script in
 * src/shell/PrePaint.astro — keep the three in step):
 *   data-display="highcontrast"          only in high contrast (absent = normalmode)
 *   data-fontsize="fontLarge|fontLarger" only when larger than normal (absent = fontNormal)
 *   data-theme="dark|light"              only when the visitor chose; absent = the CSS follows
 *                                        prefers-color-scheme by itself
 */
import { persistentAtom } from '@nanostores/persistent';
import { atom, computed, onMount } from 'nanostores';
import {
  $generalSlice,
  setGeneralSlice,
  type DisplayMode,
  type FontSize,
  type GeneralSlice,
} from '../stores/persisted-roots';
import { registerPersisted } from '../stores/rehydration';

export type { DisplayMode, FontSize };

export const DARK_MODE_KEY = 'dark-mode';
export const DISPLAY_ATTR = 'data-display';
export const FONTSIZE_ATTR = 'data-fontsize';
export const THEME_ATTR = 'data-theme';
const DISPLAY_MODES: readonly DisplayMode[] = ['normalmode', 'highcontrast'];
const FONT_SIZES: readonly FontSize[] = ['fontNormal', 'fontLarge', 'fontLarger'];

/**
 * The stored flag as a preference: true dark, false light, null follow the system.
 * Also reads "dark"/"light" and JSON-quoted values, which older code may have written.
 */
export function parseDarkMode(raw: string | null | undefined): boolean | null {
  const value = raw?.replace(/"/g, '').trim();
  if (value === 'true' || value === 'dark') return true;
  if (value === 'false' || value === 'light') return false;
  return null;
}

export const $darkModePreference = persistentAtom<boolean | null>(DARK_MODE_KEY, null, {
  encode: (pref) => (pref === null ? undefined : String(pref)), // undefined removes the key
  decode: parseDarkMode,
});

registerPersisted($darkModePreference);

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The system's colour-scheme preference, followed live while anything listens. */
export const $systemPrefersDark = atom(false);
onMount($systemPrefersDark, () => {
  if (typeof matchMedia !== 'function') return;
  const query = matchMedia(DARK_QUERY);
  $systemPrefersDark.set(query.matches);
  const onChange = (e: MediaQueryListEvent) => $systemPrefersDark.set(e.matches);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
});

/** Whether the page is dark right now: the visitor's choice, else the system's. */
export const $darkMode = computed([$darkModePreference, $systemPrefersDark], (pref, system) => pref ?? system);
export const $display = computed($generalSlice, (general) => general.display);
export const $fontsize = computed($generalSlice, (general) => general.fontsize);

export function setDisplay(display: DisplayMode): void {
  if (DISPLAY_MODES.includes(display)) setGeneralSlice({ display });
}

export function toggleHighContrast(): void {
  setDisplay($generalSlice.get().display === 'highcontrast' ? 'normalmode' : 'highcontrast');
}

export function setFontsize(fontsize: FontSize): void {
  if (FONT_SIZES.includes(fontsize)) setGeneralSlice({ fontsize });
}

/** true dark, false light, null back to following the system (removes the key). */
export function setDarkMode(pref: boolean | null): void {
  $darkModePreference.set(pref);
}

export interface DisplaySettings extends GeneralSlice {
  /** The stored choice; null follows the system. */
  darkPreference: boolean | null;
}

function currentDisplaySettings(): DisplaySettings {
  return { ...$generalSlice.get(), darkPreference: $darkModePreference.get() };
}

/** Puts the settings on <html> as the attributes described at the top of this module. */
export function applyDisplaySettings(
  doc: Pick<Document, 'documentElement'> = document,
  settings: DisplaySettings = currentDisplaySettings(),
): void {
  const root = doc.documentElement;
  if (settings.display === 'highcontrast') root.setAttribute(DISPLAY_ATTR, 'highcontrast');
  else root.removeAttribute(DISPLAY_ATTR);
  if (settings.fontsize === 'fontNormal') root.removeAttribute(FONTSIZE_ATTR);
  else root.setAttribute(FONTSIZE_ATTR, settings.fontsize);
  if (settings.darkPreference === null) root.removeAttribute(THEME_ATTR);
  else root.setAttribute(THEME_ATTR, settings.darkPreference ? 'dark' : 'light');
}

/** Keeps <html> in step with the stores (also changes from another tab); returns the unbinding. */
export function watchDisplaySettings(doc: Pick<Document, 'documentElement'> = document): () => void {
  const apply = () => applyDisplaySettings(doc);
  const unbindGeneral = $generalSlice.subscribe(apply);
  const unbindDark = $darkModePreference.listen(apply);
  return () => {
    unbindGeneral();
    unbindDark();
  };
}
