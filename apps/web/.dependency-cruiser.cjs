// Module walls of the player site, checked by `npm test` (step "walls-web"). See docs/decisions.md.
// Run from the repository root: npx depcruise apps/web/src --config apps/web/.dependency-cruiser.cjs
const path = require('node:path');

const src = '^apps/web/src/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'features-stand-alone',
      severity: 'error',
      comment:
        'A feature (src/features/<name>/) never imports another: what two features need is shared code ' +
        '(src/lib, src/components), and src/app composes features (slots, callbacks, providers).',
      from: { path: `${src}features/([^/]+)/` },
      to: { path: `${src}features/`, pathNot: `${src}features/$1/` },
    },
    {
      name: 'shared-below-features',
      severity: 'error',
      comment:
        'Shared code (components, config, lib, styles) serves every feature and knows none of them, nor the ' +
        'app that composes them.',
      from: { path: `${src}(components|config|hooks|lib|styles|types|utils)/` },
      to: { path: `${src}(features|app)/` },
    },
    {
      name: 'features-below-app',
      severity: 'error',
      comment:
        'The app (routes, layout, providers) composes features; a feature never reaches back up into it.',
      from: { path: `${src}features/` },
      to: { path: `${src}app/` },
    },
    {
      name: 'test-helpers-know-no-feature',
      severity: 'error',
      comment:
        'src/testing serves every feature’s tests: it may render the whole app (renderRoute), never one ' +
        'feature’s insides.',
      from: { path: `${src}testing/` },
      to: { path: `${src}features/` },
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
    // Type-only imports count: a type from another feature couples the two as much as a value does.
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
