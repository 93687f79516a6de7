import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Alias } from 'vite';

// The app is written against React's API and rendered by Preact through preact/compat (docs/decisions.md,
// "Preact renders the web app"): React DOM alone was 67 of the 120 kB the home page may load.
const require = createRequire(import.meta.url);
const routerFolder = dirname(require.resolve('react-router/package.json'));
const testingLibraryFolder = dirname(require.resolve('@testing-library/react/package.json'));

/** Every way the app and its libraries reach React, sent to Preact's compatibility layer. */
export const preactAliases: Alias[] = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
];

/**
 * React Router's package exports pick its development files for every bundler; the build takes the production
 * ones (no dev warnings), the tests the development ES files (so that they meet the aliases above when inlined).
 */
export function routerAliases(mode: 'production' | 'development'): Alias[] {
  return [
    { find: /^react-router$/, replacement: join(routerFolder, `dist/${mode}/index.mjs`) },
    { find: /^react-router\/dom$/, replacement: join(routerFolder, `dist/${mode}/dom-export.mjs`) },
  ];
}

/** Testing Library's ES build, which the test runner inlines so that it renders through Preact too. */
export const testingLibraryAlias: Alias = {
  find: /^@testing-library\/react$/,
  replacement: join(testingLibraryFolder, 'dist/@testing-library/react.esm.js'),
};
