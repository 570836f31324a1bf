import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
);
