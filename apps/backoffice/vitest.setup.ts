import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { freshDocumentForTheFile } from '../../scripts/dom-test-worker.ts';

// Test files share a worker and its jsdom window (vite.config.ts): each starts as in a worker of its own.
freshDocumentForTheFile();

// Mantine reads media queries (colour scheme, breakpoints) and watches sizes; jsdom has neither.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// Testing Library unmounts after each test by itself only in the first file of a worker (it registers
// that when it loads, once per worker now): every file asks for it here.
afterEach(() => {
  cleanup();
});
