/**
 * Wires the header's display controls to the display stores (src/shell/display-store.ts):
 * text size, high contrast and dark mode. The pre-paint script already applied the
 * stored values; this keeps <html> attributes, the buttons' aria-pressed and the stores
 * in step after every change (also from another tab), and reveals the controls, which
 * do nothing without script.
 */
import {
  $darkMode,
  $display,
  $fontsize,
  setDarkMode,
  setFontsize,
  toggleHighContrast,
  watchDisplaySettings,
  type FontSize,
} from './display-store';

const controls = document.querySelector<HTMLElement>('[data-display-controls]');

watchDisplaySettings();

if (controls) {
  const sizeButtons = controls.querySelectorAll<HTMLButtonElement>('[data-fontsize-option]');
  const contrast = controls.querySelector('[data-toggle-contrast]');
  const dark = controls.querySelector('[data-toggle-dark]');

  $fontsize.subscribe((size) => {
    for (const b of sizeButtons) b.setAttribute('aria-pressed', String(b.dataset.fontsizeOption === size));
  });
  $display.subscribe((mode) => contrast?.setAttribute('aria-pressed', String(mode === 'highcontrast')));
  $darkMode.subscribe((isDark) => dark?.setAttribute('aria-pressed', String(isDark)));

  controls.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('button');
    if (!button) return;
    if (button.dataset.fontsizeOption) setFontsize(button.dataset.fontsizeOption as FontSize);
    else if (button.hasAttribute('data-toggle-contrast')) toggleHighContrast();
    else if (button.hasAttribute('data-toggle-dark')) setDarkMode(!$darkMode.get());
  });
  controls.hidden = false;
}
