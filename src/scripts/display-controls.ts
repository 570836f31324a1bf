/**
 * Wires the header's display controls to the display stores: text size, high contrast
 * (persisted in `persist:roots` → general) and dark mode (`dark-mode`). The pre-paint
 * script already applied the stored values; this keeps <html> attributes, the buttons'
 * aria-pressed and the stores in step after every change (also from another tab).
 */
import { $generalSlice, setGeneralSlice, type FontSize } from '../stores/persisted-roots';
import { $darkMode, applyDisplaySettings, setDarkMode } from './display-state';

const controls = document.querySelector<HTMLElement>('[data-display-controls]');

function render(): void {
  const general = $generalSlice.get();
  const dark = $darkMode.get();
  applyDisplaySettings(general, dark);
  if (!controls) return;
  for (const button of controls.querySelectorAll<HTMLButtonElement>('[data-fontsize-option]')) {
    button.setAttribute('aria-pressed', String(button.dataset.fontsizeOption === general.fontsize));
  }
  controls.querySelector('[data-toggle-contrast]')?.setAttribute('aria-pressed', String(general.display === 'highcontrast'));
  controls.querySelector('[data-toggle-dark]')?.setAttribute('aria-pressed', String(dark));
}

if (controls) {
  controls.hidden = false;
  controls.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('button');
    if (!button) return;
    if (button.dataset.fontsizeOption) {
      setGeneralSlice({ fontsize: button.dataset.fontsizeOption as FontSize });
    } else if (button.hasAttribute('data-toggle-contrast')) {
      setGeneralSlice({ display: $generalSlice.get().display === 'highcontrast' ? 'normalmode' : 'highcontrast' });
    } else if (button.hasAttribute('data-toggle-dark')) {
      setDarkMode(!$darkMode.get());
    }
  });
}

$generalSlice.subscribe(render);
$darkMode.subscribe(render);
