/** The site search (/search/): live in the browser, no collection. */
import { defineArea } from '../../collections/area-manifest.ts';

export default defineArea({
  name: 'search',
});
