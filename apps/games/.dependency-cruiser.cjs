// Module walls of the game pages, checked by `npm test` (step "walls-games"). See docs/decisions.md.
// Run from the repository root: npx depcruise apps/games/src --config apps/games/.dependency-cruiser.cjs
const src = '^apps/games/src/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'games-stand-alone',
      severity: 'error',
      comment:
        'Each game (src/games/<name>/) is its own page and bundle: it never imports another game. What two ' +
        'games share (cards, chips, money, the shell) lives in src/shared.',
      from: { path: `${src}games/([^/]+)/` },
      to: { path: `${src}games/`, pathNot: `${src}games/$1/` },
    },
    {
      name: 'shared-below-games',
      severity: 'error',
      comment: 'src/shared serves every game and page and knows none of them.',
      from: { path: `${src}shared/` },
      to: { path: `${src}(games|pages)/` },
    },
    {
      name: 'games-below-pages',
      severity: 'error',
      comment:
        'The stand-alone pages (lobby, verify) may show a game’s pieces; a game never reaches into a page.',
      from: { path: `${src}games/` },
      to: { path: `${src}pages/` },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle makes load order matter and keeps the two files from being understood apart.',
      from: { path: src },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: src,
    // Type-only imports count: a cycle through a type is still two files that cannot be read apart.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
