import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { freshDocumentForTheFile } from '../../scripts/dom-test-worker.ts';

// Test files share a worker and its jsdom window (vite.config.ts): each starts as in a worker of its own.
freshDocumentForTheFile();

// Lazy routes render in a few hundred milliseconds, but a loaded 2-core machine can take longer than
// findBy*’s default second (CI has seen over five with the suite beside a typecheck): wait up to ten.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no scrolling; the router's ScrollRestoration and anchor scrolling call these.
window.scrollTo = () => {};
Element.prototype.scrollIntoView = () => {};

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
