// @ts-check
// The yardstick of `npm run bench:build`: a bare Astro site with one layout and one
// article page, no data loader, no integrations. It builds BARE_PAGES pages; the bench sets
// the count to the portal's page count of the same run and compares the two speeds.
import { defineConfig } from 'astro/config';

export default defineConfig({
  site: 'http://127.0.0.1:4321',
  output: 'static',
  trailingSlash: 'always',
  build: { format: 'directory' },
});
