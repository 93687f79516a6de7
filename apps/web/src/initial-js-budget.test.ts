// The build's budget for the home page's initial JavaScript (vite-plugin-initial-js.ts): over it, the build fails.
import { randomBytes } from 'node:crypto';
import { expect, it, vi } from 'vitest';
import { initialJsReport } from '../vite-plugin-initial-js';

/** A built output whose entry imports a vendor chunk of `vendorBytes` of incompressible code. */
function bundleWith(vendorBytes: number) {
  const chunk = (fileName: string, code: string, imports: string[], facadeModuleId: string | null) => ({
    type: 'chunk',
    fileName,
    code,
    imports,
    isEntry: fileName.startsWith('assets/index'),
    facadeModuleId,
  });
  return {
    'assets/index-a.js': chunk('assets/index-a.js', 'import "./vendor-a.js";', ['assets/vendor-a.js'], null),
    'assets/vendor-a.js': chunk('assets/vendor-a.js', randomBytes(vendorBytes).toString('base64'), [], null),
    'assets/home-page-a.js': chunk('assets/home-page-a.js', 'export {};', [], '/src/home-page.tsx'),
  };
}

function generate(bundle: ReturnType<typeof bundleWith>) {
  const plugin = initialJsReport('home-page.tsx');
  const context = {
    error: (message: string) => {
      throw new Error(message);
    },
  };
  (plugin.generateBundle as (...args: unknown[]) => void).call(context, {}, bundle);
}

it('fails the build when the home page loads more than 120 kB of gzipped JavaScript', () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  expect(() => generate(bundleWith(200_000))).toThrow(/OVER the budget/);
  expect(() => generate(bundleWith(60_000))).not.toThrow();
});
