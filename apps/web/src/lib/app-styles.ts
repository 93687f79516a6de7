/**
 * Applies the stylesheets the built index.html preloads (vite-plugin-deferred-styles.ts) and resolves once
 * they have loaded, failed or were there already: the shell in index.html paints without them, the app's
 * first render waits for them. In development Vite injects the styles itself and there is nothing to do.
 */
export function applyAppStyles(doc: Document = document): Promise<void> {
  const preloads = doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"][data-app-styles]');
  return Promise.all(
    [...preloads].map(
      (preload) =>
        new Promise<void>((resolve) => {
          const link = doc.createElement('link');
          link.rel = 'stylesheet';
          // The same request mode as the preload's, or the browser fetches it a second time.
          const crossOrigin = preload.getAttribute('crossorigin');
          if (crossOrigin !== null) link.setAttribute('crossorigin', crossOrigin);
          link.href = preload.href;
          // A stylesheet that fails to load must not keep the app from rendering.
          link.addEventListener('load', () => resolve(), { once: true });
          link.addEventListener('error', () => resolve(), { once: true });
          preload.replaceWith(link);
        }),
    ),
  ).then(() => undefined);
}
