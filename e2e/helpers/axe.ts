import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Result } from 'axe-core';
import type { Frame, Page } from 'playwright-core';
import { expect } from 'vitest';
import { pageAnimationsDone, until } from './settle.ts';

/**
 * axe runs in each frame of the page on its own (the game is an iframe of the same origin), with its
 * default rules plus label-content-name-mismatch, the experimental rule the walk-through ran.
 */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const BLOCKING = new Set(['serious', 'critical']);

export interface Finding {
  screen: string;
  frame: string;
  rule: string;
  impact: string;
  help: string;
  nodes: string[];
}

async function auditFrame(frame: Frame): Promise<Result[]> {
  const loaded = await frame.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  if (!loaded) await frame.evaluate(axeSource);
  return frame.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const results = await axe.run(document, {
      iframes: false,
      resultTypes: ['violations'],
      rules: { 'label-content-name-mismatch': { enabled: true } },
    });
    return results.violations;
  });
}

/** Every serious or critical violation on the page and in each of its frames. */
export async function audit(page: Page, screen: string): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const frame of page.frames()) {
    if (frame.isDetached() || frame.url() === 'about:blank' || frame.url() === '') continue;
    const violations = await auditFrame(frame);
    for (const violation of violations) {
      if (!BLOCKING.has(violation.impact ?? '')) continue;
      findings.push({
        screen,
        frame: frame === page.mainFrame() ? 'page' : `frame ${new URL(frame.url()).pathname}`,
        rule: violation.id,
        impact: violation.impact ?? '',
        help: violation.help,
        nodes: violation.nodes.map(
          (node) => `${node.target.join(' ')} ${node.html.replace(/\s+/g, ' ').slice(0, 160)}`,
        ),
      });
    }
  }
  return findings;
}

const describeFinding = (finding: Finding) =>
  `${finding.rule} (${finding.impact}) on ${finding.screen}, ${finding.frame}: ${finding.help}\n    ${finding.nodes.join('\n    ')}`;

/** Fails on any serious or critical finding, each described with its elements. */
export function expectClean(findings: Finding[]) {
  expect(findings.map(describeFinding)).toEqual([]);
}

/** Waits for the screen to settle: its heading or dialog, the data it loads, fonts and transitions. */
export async function settle(page: Page) {
  await page
    .getByRole('heading', { level: 1 })
    .or(page.getByRole('dialog'))
    .first()
    .waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
  await until(async () => (await page.getByText(/^Loading/).count()) === 0, { timeout: 10_000 });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await pageAnimationsDone(page);
}
