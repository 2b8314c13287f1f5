// Module boundaries and import cycles (docs/CONVENTIONS.md "Modules"). Run by `npm run lint:deps`
// (part of `npm run lint`, so CI fails on a violation).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import cycles make load order fragile and modules impossible to reason about one at a time.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'module-public-surface',
      severity: 'error',
      comment:
        "A server module is used by others only through its index.ts (services, types) and its <module>.schema.ts (tables, for joins); everything else is the module's own.",
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/(index|[^/]+[.]schema)[.]ts$'],
      },
    },
    {
      name: 'platform-below-modules',
      severity: 'error',
      comment: 'platform/ is the toolkit every module uses; it never reaches up into a domain module.',
      from: { path: '^apps/server/src/platform/' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'shared-stands-alone',
      severity: 'error',
      comment: 'packages/shared is imported by server and web, and imports neither.',
      from: { path: '^packages/shared/' },
      to: { path: '^apps/' },
    },
    {
      name: 'no-test-code-in-app',
      severity: 'error',
      comment: 'Application code never imports tests or test fixtures.',
      from: { path: '^apps/[^/]+/src/', pathNot: '[.]test[.]tsx?$' },
      to: { path: '([.]test[.]tsx?$|^apps/server/test/)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
