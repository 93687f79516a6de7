// Module boundaries of the server, checked by `npm test` (step "boundaries"). See docs/decisions.md.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'module-internals',
      severity: 'error',
      comment:
        'A module uses another only through its public surface (modules/<name>/index.ts): never its tables, ' +
        'repositories or internals. Its tables are its own; other modules call its service or hear its events.',
      from: { path: '^apps/server/src/modules/([^/]+)/', pathNot: '/schema\\.ts$' },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'schemas-name-only-schemas',
      severity: 'error',
      comment: "A module's tables may reference another module's table (a foreign key), nothing else of it.",
      from: { path: '^apps/server/src/modules/([^/]+)/schema\\.ts$' },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/schema\\.ts$'],
      },
    },
    {
      name: 'foreign-keys-only-between-schemas',
      severity: 'error',
      comment:
        "A module's public surface exports no table: only a schema file may name another module's table, " +
        'for a foreign key.',
      from: { path: '^apps/server/src/modules/([^/]+)/', pathNot: '/schema\\.ts$' },
      to: { path: '^apps/server/src/modules/[^/]+/schema\\.ts$', pathNot: '^apps/server/src/modules/$1/' },
    },
    {
      name: 'backbone-below-modules',
      severity: 'error',
      comment:
        'The backbone (events, jobs) and the shared plugins stand below the modules: they know only the manifest.',
      from: { path: '^apps/server/src/(core|plugins|lib)/' },
      to: {
        path: '^apps/server/src/modules/',
        pathNot: ['^apps/server/src/modules/manifest\\.ts$', '^apps/server/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: { path: '^apps/server/src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^apps/server/src/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
