/** The accessibility statement (/accessibility/): text from locales/, no collection. */
import { defineArea } from '../../collections/area-manifest.ts';

export default defineArea({
  name: 'accessibility',
});
