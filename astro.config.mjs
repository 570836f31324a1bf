// @ts-check
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import UnoCSS from '@unocss/astro';
import sitemap from '@astrojs/sitemap';
import { sitemapOptions } from './src/areas/sitemap/options.mjs';
import hydrateOnInteraction from './src/integrations/hydrate-on-interaction/index.ts';
import renderPath from './src/integrations/render-path/index.ts';
import loaderCode from './src/integrations/loader-code/index.ts';

/**
 * The browser's bundles take src/api/zod-lite.js for `zod/mini`: the same schemas, a fraction
 * of the bytes on every island page. Rendering, the loaders and the tests keep zod.
 * @returns {import('vite').Plugin}
 */
function browserZod() {
  const lite = fileURLToPath(new URL('./src/api/zod-lite.js', import.meta.url));
  return {
    name: 'portal:browser-zod',
    enforce: 'pre',
    resolveId(source, _importer, options) {
      const browser = this.environment ? this.environment.name === 'client' : !options?.ssr;
      return source === 'zod/mini' && browser ? lite : null;
    },
  };
}

// The API's origin: pages load its images and files, islands call it. The Content Security
// Policy allows exactly this origin besides the site's own (connect-src, img-src, media-src).
const apiOrigin = new URL(process.env.PUBLIC_API_BASE_URL || 'http://127.0.0.1:8787').origin;

// Keep this file stable: Astro wipes the content-layer cache (node_modules/.astro)
// whenever the config changes, which would defeat incremental rebuilds.
export default defineConfig({
  site: process.env.SITE_URL || 'http://127.0.0.1:4321',
  output: 'static',
  trailingSlash: 'always',
  // concurrency: pages in flight at once, so a page's file write overlaps the next render.
  build: { format: 'directory', concurrency: 8 },
  // The pop-up's image size is probed with astro:assets' inferRemoteSize (src/areas/home/popup/
  // PopupSlot.astro), which asks for the hosts it may read: the CMS's images, wherever they are.
  image: { remotePatterns: [{ protocol: 'https' }, { protocol: 'http' }] },
  i18n: {
    defaultLocale: 'th',
    locales: ['th', 'en'],
    routing: { prefixDefaultLocale: false, redirectToDefaultLocale: false },
  },
  integrations: [
    loaderCode(),
    react(),
    hydrateOnInteraction(),
    UnoCSS({ injectReset: true }),
    sitemap(sitemapOptions),
    renderPath(),
  ],
  // A strict Content Security Policy in every page's <meta>: Astro hashes every script and style
  // it emits; the few inline ones of ours add their hashes through Astro.csp (src/ui/InlineScript.astro, InlineStyle.astro).
  // No 'unsafe-inline'. frame-ancestors cannot be set by <meta>: the server sends it as a header.
  security: {
    csp: {
      algorithm: 'SHA-256',
      directives: [
        "default-src 'self'",
        `connect-src 'self' ${apiOrigin}`,
        `img-src 'self' data: ${apiOrigin}`,
        `media-src 'self' ${apiOrigin}`,
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        `form-action 'self'`,
      ],
    },
  },
  // No Markdown pages; Shiki's highlighting would need inline styles the policy forbids.
  markdown: { syntaxHighlight: false },
  // No experimental.incrementalBuild: it writes every page twice (dist/ and its cache), 9 s of a
  // 42 s build at 20,000 pages, and a build after an edit was no faster than a full one; editors'
  // edits go through the publisher (README, "Decisions").
  vite: {
    plugins: [browserZod()],
    build: {
      rollupOptions: {
        output: {
          // The shell's small shared modules (stores, client and its request library, i18n
          // paths, nanostores) and the shell's own scripts in one file instead of ~25: every
          // page loads them all anyway, and each separate file costs gzip overhead that counts
          // against the JavaScript budgets.
          codeSplitting: {
            groups: [
              {
                name: 'shell-runtime',
                test: /node_modules[\\/](nanostores|@nanostores[\\/]persistent|wretch)[\\/]|src[\\/](stores[\\/]persisted-roots|shell[\\/]((locale|display)-store|webboard-member|consent(-choice)?|nav-disclosure|display-controls|language-switch|tracking(-api)?|banner-clicks)|lib[\\/](logger|token)|api[\\/](client|config|errors)|i18n[\\/](config|paths))\.ts/,
              },
              {
                // What every island builds on (React and React DOM, its root, error boundary and
                // loading state; the API boundary and the shared record shapes) in one file
                // rather than six, compressed as one.
                name: 'island-runtime',
                test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|src[\\/](ui[\\/]island[\\/](IslandRoot|IslandErrorBoundary|Loading)\.tsx|ui[\\/]island[\\/]index\.ts|api[\\/](boundary|shared|load-rules)\.ts)/,
              },
              {
                // The members' islands' (account and web board) request state, token expiry, client-only
                // values and account API: one file rather than five on each of their pages.
                name: 'member-runtime',
                test: /src[\\/](stores[\\/](request|expiry)|ui[\\/]island[\\/](use-client-value|use-load-state)|areas[\\/]account[\\/]api)\.ts/,
              },
              {
                // Dates and the pager, which the list islands and the web board's share.
                name: 'list-parts',
                test: /src[\\/](lib[\\/]dates\.ts|ui[\\/]island[\\/]Pager\.tsx)/,
              },
              {
                // The API boundary's validator (src/api/zod-lite.js in the browser), used by every
                // island that calls the API, in a chunk of its own name, so bench:build can tell
                // a library from an island's own code (at most 15 KB per island).
                name: 'zod',
                test: /node_modules[\\/]zod[\\/]|src[\\/]api[\\/]zod-lite\.js/,
              },
            ],
          },
        },
      },
    },
  },
});
