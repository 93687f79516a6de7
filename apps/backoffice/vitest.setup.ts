import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// Test files share a worker and its jsdom window (vite.config.ts). This file runs before each of them: it
// gives the file what a worker of its own would, the app's modules evaluated afresh and a blank document.
vi.resetModules();
for (const element of [document.documentElement, document.body]) {
  for (const name of element.getAttributeNames()) element.removeAttribute(name);
}
document.head.replaceChildren();
document.body.replaceChildren();
for (const cookie of document.cookie.split(';')) {
  const name = cookie.split('=')[0]?.trim();
  // biome-ignore lint/suspicious/noDocumentCookie: clearing jsdom's cookie jar between test files.
  if (name) document.cookie = `${name}=; max-age=0; path=/`;
}
localStorage.clear();
sessionStorage.clear();
window.history.replaceState(null, '', '/');

// The DOM's prototypes as the worker's window had them: a file's polyfill (HTMLDialogElement's showModal) goes
// with the file.
type Descriptors = Map<PropertyKey, PropertyDescriptor | undefined>;
const worker = globalThis as { domPrototypes?: Map<object, Descriptors> };
worker.domPrototypes ??= new Map(
  [Node.prototype, Element.prototype, HTMLElement.prototype, HTMLDialogElement.prototype].map((prototype) => [
    prototype,
    new Map(Reflect.ownKeys(prototype).map((key) => [key, Object.getOwnPropertyDescriptor(prototype, key)])),
  ]),
);
for (const [prototype, descriptors] of worker.domPrototypes) {
  for (const key of Reflect.ownKeys(prototype))
    if (!descriptors.has(key)) Reflect.deleteProperty(prototype, key);
  for (const [key, descriptor] of descriptors) {
    const now = Object.getOwnPropertyDescriptor(prototype, key);
    if (
      descriptor &&
      (now?.value !== descriptor.value || now?.get !== descriptor.get || now?.set !== descriptor.set)
    ) {
      Object.defineProperty(prototype, key, descriptor);
    }
  }
}

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

// What a file changed in the shared worker's globals goes with it.
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
