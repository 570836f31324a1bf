/** The accessibility statement (/accessibility/): text from the locales, no collection. */
import { defineArea } from '../../collections/area-manifest.ts';

export default defineArea({
  name: 'accessibility',
});
