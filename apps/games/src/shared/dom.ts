/** A tiny element builder: the pages are plain DOM, no framework, so each stays a few kilobytes. */
export type Child = Node | string | number | null | undefined | false | Child[];
type Props = Record<string, unknown> | null | undefined;

function apply(el: Element, props: Props) {
  if (!props) return;
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') {
      el.addEventListener(key.slice(2).toLowerCase(), value as EventListener);
    } else if (key === 'class') {
      el.setAttribute('class', String(value));
    } else if (key === 'dataset' && typeof value === 'object') {
      for (const [k, v] of Object.entries(value as Record<string, unknown>))
        (el as HTMLElement).dataset[k] = String(v);
    } else if (key === 'style' && typeof value === 'object') {
      for (const [k, v] of Object.entries(value as Record<string, unknown>))
        (el as HTMLElement).style.setProperty(k, String(v));
    } else if (value === true) {
      el.setAttribute(key, '');
    } else {
      el.setAttribute(key, String(value));
    }
  }
}

function append(el: Node, children: Child[]) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.appendChild(typeof child === 'object' ? child : document.createTextNode(String(child)));
  }
}

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props?: Props,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  apply(el, props);
  append(el, children);
  return el;
}

const SVG_NS = 'http://www.w3.org/2000/svg';
export function s<K extends keyof SVGElementTagNameMap>(
  tag: K,
  props?: Props,
  ...children: Child[]
): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG_NS, tag);
  apply(el, props);
  append(el, children);
  return el;
}

/** Replace an element's children. */
export function mount(el: Element, ...children: Child[]) {
  el.replaceChildren();
  append(el, children);
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * The longest afterFirstPaint waits for a visible page's paint. A slow phone's first paint can take more than a
 * second; a shorter cap would send the deferred requests before it, on the very devices the deferral is for.
 */
export const FIRST_PAINT_WAIT_MS = 3_000;

/**
 * Runs `work` once the page's first contentful paint has been presented (at most FIRST_PAINT_WAIT_MS later; at
 * once in a hidden tab, which paints nothing until shown): what only decorates the first screen (a paytable,
 * the schemas it is checked with) then loads after that paint and does not hold it up.
 */
export function afterFirstPaint(work: () => void) {
  const observes =
    typeof PerformanceObserver === 'function' &&
    PerformanceObserver.supportedEntryTypes?.includes('paint') === true;
  if (!observes || document.visibilityState === 'hidden') {
    setTimeout(work, 0);
    return;
  }
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    observer.disconnect();
    work();
  };
  const timer = setTimeout(run, FIRST_PAINT_WAIT_MS);
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) setTimeout(run, 0);
  });
  // buffered: a paint that came before this call is reported at once.
  observer.observe({ type: 'paint', buffered: true });
}

export const reducedMotion = () =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
