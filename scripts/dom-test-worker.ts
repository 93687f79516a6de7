import { afterAll, vi } from 'vitest';

/**
 * For a jsdom app's vitest.setup.ts, where test files share a worker and its window (isolate: false): gives the
 * file what a worker of its own would, the app's modules evaluated afresh, a blank document, empty storage and
 * cookies, the DOM's prototypes as the window first had them (a file's polyfill, such as HTMLDialogElement's
 * showModal, goes with the file), and after the file real timers and no stubbed globals or envs. A function,
 * called by the setup file, because this module itself is evaluated once per worker.
 */
export function freshDocumentForTheFile(): void {
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
  restoreDomPrototypes();

  afterAll(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
  });
}

type Descriptors = Map<PropertyKey, PropertyDescriptor | undefined>;

function restoreDomPrototypes(): void {
  const worker = globalThis as { domPrototypes?: Map<object, Descriptors> };
  worker.domPrototypes ??= new Map(
    [Node.prototype, Element.prototype, HTMLElement.prototype, HTMLDialogElement.prototype].map(
      (prototype) => [
        prototype,
        new Map(
          Reflect.ownKeys(prototype).map((key) => [key, Object.getOwnPropertyDescriptor(prototype, key)]),
        ),
      ],
    ),
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
}
