/**
 * The house's layers (docs/architecture.md "Layers"), checked by `npm run lint` (and so by
 * `npm test`): dependencies point down. pages → areas → shell / ui / collections / api /
 * integrations → lib, i18n, stores. Shared code never names an area; areas do not import each
 * other in a circle; the reference API has no type cycle.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'shared-code-names-no-area',
      comment:
        'src/ui, src/collections, src/shell, src/api, src/lib, src/i18n, src/stores and src/integrations never import an area: an area hands them what they need (its manifest, a slot, a prop).',
      severity: 'error',
      from: { path: '^src/(ui|collections|shell|api|lib|i18n|stores|integrations)/' },
      to: { path: '^src/areas/' },
    },
    {
      name: 'list-filter-names-no-screen',
      comment:
        "The list filter's island is shared: it takes nothing from a screen (the web board's Pager lives in src/ui/island/).",
      severity: 'error',
      from: { path: '^src/ui/list-filter/' },
      to: { path: '^src/(areas|pages|shell)/' },
    },
    {
      name: 'nothing-imports-pages',
      severity: 'error',
      from: { pathNot: '^src/pages/' },
      to: { path: '^src/pages/' },
    },
    {
      name: 'no-circular',
      comment: 'No two modules import each other, directly or through others (areas, shared code, the reference API).',
      severity: 'error',
      from: { path: '^(src|scripts)/' },
      to: { circular: true },
    },
    {
      name: 'no-area-pair',
      comment: 'Two areas do not depend on each other both ways (folder level: account↔webboard, home↔services …).',
      severity: 'error',
      from: { path: '^src/areas/([^/]+)/' },
      to: { path: '^src/areas/([^/]+)/', pathNot: '^src/areas/$1/', circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.astro|\\.data)/|\\.test\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
    extraExtensionsToScan: ['.astro'],
  },
};
