/** The web board (/webboard/): live in the browser, no collection. */
import { defineArea } from '../../collections/area-manifest.ts';

export default defineArea({
  name: 'webboard',
});
