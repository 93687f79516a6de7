import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ConsoleMessage, Page } from 'playwright-core';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

/** The back office's pages, read from its router (each area's routes.tsx), so a new page is not forgotten. */
export function routerPaths(): string[] {
  const features = join(repoRoot, 'apps/backoffice/src/features');
  return readdirSync(features).flatMap((area) => {
    let source = '';
    try {
      source = readFileSync(join(features, area, 'routes.tsx'), 'utf8');
    } catch {
      return [];
    }
    return [...source.matchAll(/path:\s*'([^']+)'/g)].map((match) => match[1] as string);
  });
}

export interface Problem {
  kind: string;
  what: string;
}

/**
 * What runs out of its box on the page: a card, a stat, a table's frame or a side panel whose content is
 * wider than it (outside a container that scrolls), two boxes that overlap, a fact's value squeezed under
 * 100 px, or the page itself wider than the window.
 */
export function layoutProblems(page: Page): Promise<Problem[]> {
  return page.evaluate(() => {
    const problems: { kind: string; what: string }[] = [];
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''} "${(el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60)}"`;
    const shown = (el: Element) => {
      const rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return rect.width > 1 && rect.height > 1 && style.visibility !== 'hidden' && style.display !== 'none';
    };
    const scrolls = (el: Element) => /(auto|scroll)/.test(getComputedStyle(el).overflowX);
    const clips = (el: Element) => {
      const style = getComputedStyle(el);
      return style.overflowX === 'hidden' || style.overflowX === 'clip';
    };
    if (document.documentElement.scrollWidth > window.innerWidth + 1) {
      problems.push({
        kind: 'page wider than the window',
        what: `${document.documentElement.scrollWidth} > ${window.innerWidth}`,
      });
    }
    const boxes = [
      ...document.querySelectorAll('.card, .stat, .data-table, .ticket-side, .ticket-chat, .agent-count'),
    ].filter(shown);
    for (const box of boxes) {
      const frame = box.getBoundingClientRect();
      if (!scrolls(box) && box.scrollWidth > box.clientWidth + 1) {
        problems.push({
          kind: 'content wider than its box',
          what: `${name(box)}: ${box.scrollWidth} > ${box.clientWidth}`,
        });
      }
      for (const el of box.querySelectorAll('*')) {
        if (!shown(el)) continue;
        // Inside a container that scrolls (a table's own frame), running past the box is scrolling, not overflow.
        let inScroller = false;
        for (let up = el.parentElement; up && up !== box; up = up.parentElement) {
          if (scrolls(up) || clips(up)) inScroller = true;
        }
        if (inScroller) continue;
        const rect = el.getBoundingClientRect();
        if (rect.right > frame.right + 1 || rect.left < frame.left - 1) {
          problems.push({ kind: 'runs out of its box', what: `${name(el)} in ${name(box)}` });
        }
        const text = getComputedStyle(el).textOverflow === 'ellipsis';
        if (!text && !scrolls(el) && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) {
          problems.push({ kind: 'content wider than its element', what: `${name(el)} in ${name(box)}` });
        }
      }
    }
    const outer = boxes.filter((box) => !boxes.some((other) => other !== box && other.contains(box)));
    for (const [i, a] of outer.entries()) {
      const ra = a.getBoundingClientRect();
      for (const b of outer.slice(i + 1)) {
        const rb = b.getBoundingClientRect();
        const overlapX = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
        const overlapY = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
        if (overlapX > 1 && overlapY > 1)
          problems.push({ kind: 'boxes overlap', what: `${name(a)} and ${name(b)}` });
      }
    }
    for (const value of document.querySelectorAll('dl.facts dd')) {
      if (shown(value) && value.getBoundingClientRect().width < 100) {
        problems.push({ kind: 'a value squeezed under 100 px', what: name(value) });
      }
    }
    return problems;
  });
}

/** Console errors and uncaught errors of a page. */
export function watchConsole(page: Page) {
  const errors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return errors;
}
