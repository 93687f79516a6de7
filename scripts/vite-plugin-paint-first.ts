/**
 * The built page paints its shell (index.html's own markup and <style>) before it asks for its scripts and
 * stylesheets. Vite links the entry script, its modulepreloads and the stylesheets in <head>; on a fast
 * connection they arrive and run before the browser's first paint, so the shell is never seen on its own
 * and the first paint waits for the scripts' work (a phone's longest wait). This plugin removes those tags and writes one inline
 * module script instead: once the browser reports the shell's first contentful paint (a second at most;
 * one frame where paints are not reported), it asks for the stylesheets and the scripts together, and runs
 * the entry once the stylesheets have loaded (or failed), so nothing the app draws is ever unstyled. The
 * entry's imports are run first, one chunk a task (the libraries, then the app): evaluated with the entry
 * they made one task of 40 ms on this machine, 160 on Lighthouse's phone, the page's longest. A hidden page
 * (a background tab) paints nothing: it starts at once.
 *
 * The server admits the inline script by its hash (apps/server/src/plugins/content-security.ts), as it
 * does the shell's <style>. Used by the web app and the back office.
 */
export function paintFirst() {
  return {
    name: 'paws-paint-first',
    apply: 'build' as const,
    // Typed by shape: this file sits outside the apps, where the vite package is not resolved.
    transformIndexHtml: { order: 'post' as const, handler: (html: string) => paintFirstHtml(html) },
  };
}

const ENTRY = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
const STYLESHEET = /\s*<link rel="stylesheet" crossorigin href="([^"]+)">/g;

/**
 * The loader, as the page runs it (plain JavaScript: it is written into the page as it stands here). ENTRY,
 * SCRIPTS and STYLES become the built files' addresses. The modulepreloads ask for the entry and its
 * imports at once, with the same request mode as the entry's import (otherwise the browser fetches a
 * module twice).
 */
const LOADER = `(() => {
  const add = (rel, href) => {
    const link = document.createElement('link');
    link.rel = rel;
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
    return link;
  };
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const styles = STYLES.map((href) => new Promise((done) => {
      const link = add('stylesheet', href);
      link.onload = done;
      link.onerror = done;
    }));
    for (const href of SCRIPTS) add('modulepreload', href);
    const task = () => new Promise((next) => setTimeout(next));
    Promise.all(styles).then(async () => {
      for (const href of SCRIPTS.slice(1)) {
        await import(href);
        await task();
      }
      await import(ENTRY);
    });
  };
  if (document.visibilityState === 'hidden') start();
  else if (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length) start();
    }).observe({ type: 'paint', buffered: true });
    setTimeout(start, 1000);
  } else requestAnimationFrame(() => setTimeout(start));
})()`;

/** index.html as built, with its entry, modulepreloads and stylesheets started by the loader instead. */
export function paintFirstHtml(html: string): string {
  const entries = [...html.matchAll(ENTRY)].map((match) => match[1] as string);
  if (entries.length !== 1)
    throw new Error(`paint-first: expected one entry script, found ${entries.length}`);
  const [entry] = entries as [string];
  const scripts = [entry, ...[...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] as string)];
  const styles = [...html.matchAll(STYLESHEET)].map((match) => match[1] as string);
  const call = LOADER.replaceAll('ENTRY', () => JSON.stringify(entry))
    .replaceAll('SCRIPTS', () => JSON.stringify(scripts))
    .replaceAll('STYLES', () => JSON.stringify(styles))
    .replace(/\n\s*/g, ' ');
  return html
    .replace(ENTRY, '')
    .replace(MODULE_PRELOAD, '')
    .replace(STYLESHEET, '')
    .replace(/\s*<\/head>/, `\n    <script type="module">${call}</script>\n  </head>`);
}
