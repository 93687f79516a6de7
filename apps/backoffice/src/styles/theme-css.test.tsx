import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, it } from 'vitest';
import { theme } from './theme';

// Vitest runs from the app's folder (its vite.config.ts).
const file = resolve(process.cwd(), 'src/styles/mantine-theme.css');

/** The <style> blocks MantineProvider would inject at run time for this theme: its variables and classes. */
function generated() {
  const html = renderToStaticMarkup(<MantineProvider theme={theme} forceColorScheme="light" />);
  const blocks = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]);
  return `/* Generated from styles/theme.ts by styles/theme-css.test.tsx (UPDATE_THEME_CSS=1 rewrites it). */\n${blocks.join('\n')}\n`;
}

// The back office's Content-Security-Policy allows no injected <style> blocks, so the provider injects none
// (main.tsx) and the same rules ship as this static file: it must say what the theme says.
it("the static theme CSS is what Mantine would inject for the back office's theme", () => {
  const css = generated();
  if (process.env.UPDATE_THEME_CSS) writeFileSync(file, css);
  // Compared without whitespace: the formatter lays the file out its own way.
  const squeeze = (text: string) => text.replace(/\s+/g, '');
  expect(squeeze(readFileSync(file, 'utf8'))).toBe(squeeze(css));
});
