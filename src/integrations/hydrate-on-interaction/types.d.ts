/** Lets `client:interaction` type-check in .astro files (see ./directive.ts). */
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first pointerdown, keydown or input event inside the island; a value of
     *  space-separated query parameters hydrates at once when the address has any of them. */
    'client:interaction'?: boolean | string;
  }
}
