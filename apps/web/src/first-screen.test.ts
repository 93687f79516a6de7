// Builds the app and follows the first screen's static imports: what it must not load (zod, and the libraries and
// screens that only forms, modals and signed-in players use: they come with the lazy chunks that need them), and
// a page that paints its shell from the HTML alone, without waiting for a stylesheet.
import { resolve } from 'node:path';
import { build } from 'vite';
import { beforeAll, expect, it } from 'vitest';
import {
  type Asset,
  builtOutput,
  type Chunk,
  loadedModules,
  pageStart,
  zodAmong,
} from '../../../scripts/first-screen-chunks.ts';

let chunks: Map<string, Chunk>;
let assets: Map<string, Asset>;
let firstScreen: string[];

beforeAll(async () => {
  ({ chunks, assets } = await builtOutput(build, resolve(import.meta.dirname, '../vite.config.ts'), {
    write: true,
  }));
  const entry = [...chunks.values()].filter((chunk) => chunk.isEntry && chunk.name === 'index');
  const home = [...chunks.values()].filter((chunk) =>
    chunk.facadeModuleId?.endsWith('features/home/components/home-page.tsx'),
  );
  expect(entry).toHaveLength(1);
  expect(home).toHaveLength(1);
  firstScreen = loadedModules([...entry, ...home], chunks);
}, 180_000);

it('the home page loads no zod', () => {
  expect(firstScreen.length).toBeGreaterThan(0);
  expect(zodAmong(firstScreen)).toEqual([]);
});

/** Libraries and app modules only a click, a form or a signed-in player needs. */
const offTheFirstScreen = [
  /[\\/]node_modules[\\/]socket\.io-client[\\/]/,
  /[\\/]node_modules[\\/]engine\.io-client[\\/]/,
  /[\\/]node_modules[\\/]react-hook-form[\\/]/,
  /[\\/]node_modules[\\/]@simplewebauthn[\\/]/,
  /[\\/]node_modules[\\/]qrcode[\\/]/,
  /[\\/]node_modules[\\/]react-markdown[\\/]/,
  // react-i18next's <Trans> parses HTML: two lazy screens use it.
  /[\\/]node_modules[\\/]html-parse-stringify[\\/]/,
  // The other languages load on a switch.
  /src[\\/]lib[\\/]i18n[\\/]locales[\\/](es|fr|it)\.ts$/,
  // Every notification's texts in four languages, the player's header menus, the onboarding tour, the socket.
  /contracts[\\/]src[\\/]notifications-texts\.ts$/,
  /src[\\/]components[\\/]layout[\\/](balance-button|user-menu|notification-bell)\.tsx$/,
  /src[\\/]features[\\/]onboarding[\\/]components[\\/]onboarding-(overlay|tour)\.tsx$/,
  /src[\\/]features[\\/]notifications[\\/]realtime[\\/](live-notifications|channel|announce)\.ts$/,
];

it('the home page loads none of what only forms, modals and signed-in players use', () => {
  // Each pattern names something the build has: a renamed file cannot make the check pass by itself.
  const everything = [...chunks.values()].flatMap((chunk) => Object.keys(chunk.modules));
  for (const pattern of offTheFirstScreen)
    expect(
      everything.some((id) => pattern.test(id)),
      `${pattern}`,
    ).toBe(true);
  expect(firstScreen.filter((id) => offTheFirstScreen.some((pattern) => pattern.test(id)))).toEqual([]);
});

it('the page paints its shell before it asks for a script or a stylesheet', () => {
  const html = String(assets.get('index.html')?.source ?? '');
  expect(html).toContain('<div class="shell"');
  const start = pageStart(html);
  expect(start.linked).toEqual([]);
  expect(start.entry).toMatch(/^\/assets\/index-[^"]+\.js$/);
  expect(start.styles).toEqual([expect.stringMatching(/^\/assets\/index-[^"]+\.css$/)]);
});
