// Module walls of the back office, checked by `npm test` (step "walls-backoffice"). See docs/decisions.md.
// Run from the repository root: npx depcruise apps/backoffice/src --config apps/backoffice/.dependency-cruiser.cjs
const path = require('node:path');

const src = '^apps/backoffice/src/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'features-stand-alone',
      severity: 'error',
      comment:
        'A feature (src/features/<area>/) never imports another: what two areas need is shared code ' +
        '(src/components, src/lib), and a link to another area is its address, not its module.',
      from: { path: `${src}features/([^/]+)/` },
      to: { path: `${src}features/`, pathNot: `${src}features/$1/` },
    },
    {
      name: 'shared-below-features',
      severity: 'error',
      comment:
        'Shared code (components, lib, styles, the test helpers) serves every area and knows none of them, ' +
        'nor the app that gathers them.',
      from: { path: `${src}(components|lib|styles|testing)/` },
      to: { path: `${src}(features|app)/` },
    },
    {
      name: 'features-below-app',
      severity: 'error',
      comment:
        'The app (router, layout) gathers the areas’ routes and links; an area never reaches back up into it.',
      from: { path: `${src}features/` },
      to: { path: `${src}app/` },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle makes load order matter and keeps the two files from being understood apart.',
      from: { path: src },
      to: { circular: true },
    },
    {
      name: 'every-alias-resolves',
      severity: 'error',
      comment:
        'An @/ import the cruiser cannot resolve is invisible to every rule above: fail rather than pass blind.',
      from: { path: src },
      to: { path: '^@/', couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // '^@/' keeps an unresolved alias in the graph, for the rule above.
    includeOnly: [src, '^@/'],
    // Type-only imports count: a cycle through a type is still two files that cannot be read apart.
    tsPreCompilationDeps: true,
    // The tsconfig's `paths` would be read against the working directory (dependency-cruiser hands its
    // paths plugin baseUrl './'), so '@/' is given here as a webpack alias, read from this same file.
    webpackConfig: { fileName: __filename },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};

// Not enumerable: dependency-cruiser's schema checks this object's own keys, and `resolve` is no rule key.
Object.defineProperty(module.exports, 'resolve', {
  value: { alias: { '@': path.join(__dirname, 'src') } },
});
