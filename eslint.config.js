import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** The seam with Astro's internals and its contract test: the only files that may name astro/dist. */
const SEAM = ['src/collections/astro-internals.ts', 'src/collections/astro-internals.test.ts'];
/** The bridge between the site and the publisher: the only file that may spell a global slot's key. */
const BRIDGE = ['src/lib/bridge.ts'];
const INTERNALS = /astro\/(dist|runtime)\b|node_modules\/astro\b/.source;
const INTERNALS_MESSAGE =
  "Astro's internals are reached through src/collections/astro-internals.ts only (with a contract test there).";
const SLOT_KEY = /^portal\.[a-z]|Symbol\.for\(['"`]portal\./.source;
const SLOT_MESSAGE = "A global slot's key is declared in src/lib/bridge.ts only: use its accessor.";

/**
 * Two boundaries, in every file ESLint reads (tests included). Astro's private files are named
 * (imported, read, or spelled in a path) in the seam only; a `portal.` key of a global slot
 * (`Symbol.for('portal.…')`) is spelled in the bridge only. The contexts name every string and
 * template, so a path built by hand or code generated into the bundle is caught too.
 */
function boundaries() {
  const internals = [
    { selector: `Literal[value=/${INTERNALS}/]`, message: INTERNALS_MESSAGE },
    { selector: `TemplateElement[value.raw=/${INTERNALS}/]`, message: INTERNALS_MESSAGE },
  ];
  const slots = [
    { selector: `Literal[value=/${SLOT_KEY}/]`, message: SLOT_MESSAGE },
    { selector: `TemplateElement[value.raw=/${SLOT_KEY}/]`, message: SLOT_MESSAGE },
  ];
  const files = ['**/*.{js,mjs,cjs,ts,tsx,astro}'];
  return [
    { files, ignores: [...SEAM, ...BRIDGE], rules: { 'no-restricted-syntax': ['error', ...internals, ...slots] } },
    { files: SEAM, rules: { 'no-restricted-syntax': ['error', ...slots] } },
    { files: BRIDGE, rules: { 'no-restricted-syntax': ['error', ...internals] } },
  ];
}

export default tseslint.config(
  {
    ignores: [
      'dist/',
      '.data/',
      '.astro/',
      'node_modules/',
      'public/',
      'test-results/',
      'bench-results/',
      'playwright-report/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  ...astro.configs['jsx-a11y-strict'],
  {
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.strict,
  },
  {
    files: ['**/*.tsx', '**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      // An area's collection.ts adds its types to AreaCollections with `interface … extends … {}`.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  {
    // Inline scripts (src/ui/InlineScript.astro): they run before anything else, ship in every
    // page's HTML and are kept small and old-fashioned on purpose (var, swallowed storage errors).
    files: ['**/*.inline.js'],
    languageOptions: { sourceType: 'script', globals: globals.browser },
    rules: {
      'no-var': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
      '@typescript-eslint/no-unused-vars': ['error', { caughtErrors: 'none' }],
    },
  },
  {
    // Tests read arbitrary JSON answers of the reference API; typing every shape there would
    // restate the schemas the tests are checking.
    files: ['tests/**/*.ts', '**/*.test.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  ...boundaries(),
  {
    // The site logs through src/lib/logger.ts only (spec: console logging is disabled).
    files: ['src/**'],
    rules: { 'no-console': 'error' },
  },
  {
    // The layers in .astro files too (dependency-cruiser, run by scripts/site/lint.ts, reads
    // .ts and .tsx only): shared code never imports an area (docs/architecture.md "Layers").
    files: ['src/{ui,collections,shell,api,lib,i18n,stores,integrations}/**/*.{astro,ts,tsx}'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/areas/**'], message: 'Shared code names no area: let the area hand it over.' }] },
      ],
    },
  },
  {
    // The publisher stays readable in parts: no file over 600 lines, no function over 80
    // (docs/publisher.md "Where things are decided").
    files: ['scripts/publisher/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'max-lines': ['error', { max: 600 }],
      'max-lines-per-function': ['error', { max: 80 }],
    },
  },
);
