declare namespace App {
  interface Locals {
    /** The page's language, from its URL (src/middleware.ts). */
    lang: import('./i18n/config').Lang;
    /** The page's translator for the `common` namespace; `ns:key` reaches the others. */
    t: ReturnType<typeof import('./i18n').getT>;
  }
}
