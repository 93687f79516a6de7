import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { staticallyLoaded } from '../../scripts/first-screen-chunks.ts';

interface Chunk {
  type: 'chunk';
  fileName: string;
  code: string;
  imports: string[];
  isEntry: boolean;
  facadeModuleId: string | null;
}

/** Issue budget: the home page's initial JavaScript, gzipped. */
const BUDGET_KB = 120;

/**
 * Prints the JavaScript a visitor's browser runs for the home page: the entry chunk, the home screen's
 * lazy chunk and every chunk they import statically, gzipped, against the budget.
 */
export function initialJsReport(homeModule = 'features/home/components/home-page.tsx'): Plugin {
  return {
    name: 'paws-initial-js',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk') as unknown as Chunk[];
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const entry = chunks.find((chunk) => chunk.isEntry && chunk.fileName.startsWith('assets/index'));
      const home = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(homeModule));
      if (!entry || !home) return;
      const sizes = staticallyLoaded([entry, home], byName).map((name) => ({
        name,
        kb: gzipSync((byName.get(name) as Chunk).code).length / 1000,
      }));
      const total = sizes.reduce((sum, item) => sum + item.kb, 0);
      const parts = sizes
        .sort((a, b) => b.kb - a.kb)
        .map((item) => `${item.name.replace('assets/', '')} ${item.kb.toFixed(1)}`)
        .join(', ');
      const report = `home page initial JS: ${total.toFixed(1)} kB gzipped (budget ${BUDGET_KB} kB): ${parts}`;
      // Over the budget the build fails: a library added to the first screen is a decision, not a drift.
      if (total > BUDGET_KB) this.error(`${report}, OVER the budget`);
      console.log(`\n${report}`);
    },
  };
}
