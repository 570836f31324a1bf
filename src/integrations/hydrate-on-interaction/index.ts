/**
 * Registers the `client:interaction` directive (./directive.ts): hydrate an island on the
 * visitor's first interaction with it. Used by the home popup and the list filters, whose
 * server-rendered HTML works before React arrives.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

export default function hydrateOnInteraction(): AstroIntegration {
  return {
    name: 'hydrate-on-interaction',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'interaction',
          // A path, not a file: URL (Astro bundles the directive with esbuild, which wants a path).
          entrypoint: fileURLToPath(new URL('./directive.ts', import.meta.url)),
        });
      },
    },
  };
}
