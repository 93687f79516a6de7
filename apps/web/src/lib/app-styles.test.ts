import { applyAppStyles } from './app-styles';

const preload = (href: string) => {
  const link = document.createElement('link');
  // As the built index.html writes it (jsdom has no `as` property on links).
  link.setAttribute('rel', 'preload');
  link.setAttribute('as', 'style');
  link.setAttribute('crossorigin', '');
  link.setAttribute('href', href);
  link.setAttribute('data-app-styles', '');
  document.head.append(link);
  return link;
};

afterEach(() => document.head.replaceChildren());

it('turns each preloaded stylesheet into a stylesheet and resolves once they have all loaded or failed', async () => {
  preload('/assets/index-a.css');
  preload('/assets/other-b.css');
  let done = false;
  const applied = applyAppStyles().then(() => {
    done = true;
  });
  const sheets = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
  expect(sheets.map((link) => new URL(link.href).pathname)).toEqual([
    '/assets/index-a.css',
    '/assets/other-b.css',
  ]);
  expect(sheets.map((link) => link.getAttribute('crossorigin'))).toEqual(['', '']);
  expect(document.head.querySelector('link[rel="preload"]')).toBeNull();

  sheets[0]?.dispatchEvent(new Event('load'));
  await Promise.resolve();
  expect(done).toBe(false);
  sheets[1]?.dispatchEvent(new Event('error'));
  await applied;
  expect(done).toBe(true);
});

it('resolves at once when the page has no deferred stylesheet (development)', async () => {
  const other = document.createElement('link');
  other.setAttribute('rel', 'preload');
  other.setAttribute('as', 'fetch');
  other.setAttribute('href', '/config.json');
  document.head.append(other);
  await expect(applyAppStyles()).resolves.toBeUndefined();
  expect(document.head.querySelector('link[rel="preload"][as="fetch"]')).toBe(other);
});
