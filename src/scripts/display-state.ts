/**
 * The dark-mode flag (`dark-mode`, absent = follow the system) and how display settings
 * land on <html>. Kept here until src/stores/display.ts provides the shared stores.
 */
import { persistentAtom } from '@nanostores/persistent';
import { computed, atom } from 'nanostores';
import type { GeneralSlice } from '../stores/persisted-roots';

export const DARK_MODE_KEY = 'dark-mode';

/** 'true' | 'false' when the visitor chose; undefined follows the system. */
const $stored = persistentAtom<string | undefined>(DARK_MODE_KEY, undefined);

const query = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;
const $systemDark = atom(query?.matches ?? false);
query?.addEventListener('change', (e) => $systemDark.set(e.matches));

export const $darkMode = computed([$stored, $systemDark], (stored, system) => {
  const value = stored?.replace(/"/g, '');
  if (value === 'true' || value === 'dark') return true;
  if (value === 'false' || value === 'light') return false;
  return system;
});

export function setDarkMode(dark: boolean): void {
  $stored.set(String(dark));
}

export function applyDisplaySettings(general: GeneralSlice, dark: boolean, root: HTMLElement = document.documentElement): void {
  if (general.display === 'highcontrast') root.setAttribute('data-display', 'highcontrast');
  else root.removeAttribute('data-display');
  if (general.fontsize === 'fontNormal') root.removeAttribute('data-fontsize');
  else root.setAttribute('data-fontsize', general.fontsize);
  const explicit = $stored.get() !== undefined;
  if (explicit) root.setAttribute('data-theme', dark ? 'dark' : 'light');
  else root.removeAttribute('data-theme');
}
