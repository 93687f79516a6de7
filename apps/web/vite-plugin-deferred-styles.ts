import type { Plugin } from 'vite';

/** Marks the stylesheets the app applies itself once its script runs (src/lib/app-styles.ts). */
export const APP_STYLES_ATTRIBUTE = 'data-app-styles';

/**
 * The built page preloads its stylesheet instead of linking it: a linked stylesheet blocks the first paint
 * until it has arrived, while index.html's shell carries its own few rules and can paint from the HTML
 * alone (the first screen's largest text is the shell's). The script applies the stylesheet before its first
 * render, so nothing the app draws is ever unstyled.
 */
export function deferredStyles(): Plugin {
  return {
    name: 'paws-deferred-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(
          /<link rel="stylesheet"( crossorigin)? href="([^"]+\.css)">/g,
          (_link, crossorigin: string | undefined, href: string) =>
            `<link rel="preload" as="style"${crossorigin ?? ''} href="${href}" ${APP_STYLES_ATTRIBUTE}>`,
        ),
    },
  };
}
