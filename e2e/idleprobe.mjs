import { chromium } from 'playwright-core';
import { readdirSync, readFileSync } from 'node:fs';
import { browserLaunchOptions } from './helpers/browser.ts';
function cpu() { const r = {}; for (const pid of readdirSync('/proc')) { if (!/^\d+$/.test(pid)) continue; try { const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8'); if (!cmd.includes('chromium')) continue; const s = readFileSync(`/proc/${pid}/stat`, 'utf8'); const f = s.slice(s.lastIndexOf(')') + 2).split(' '); const k = cmd.match(/--type=([a-z-]+)/)?.[1] ?? 'browser'; r[k] = (r[k] ?? 0) + (+f[11] + +f[12]) / 100; } catch {} } return r; }
const browser = await chromium.launch(browserLaunchOptions);
const devices = { desktop: { viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' }, phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, reducedMotion: 'reduce' } };
if (process.env.BLOCK) for (const d of Object.values(devices)) d.serviceWorkers = 'block';
const pages = (process.env.PAGES ?? 'http://localhost:3000/ http://localhost:3001/ http://localhost:3001/news http://localhost:3001/faq http://localhost:3001/game?gameCode=wild-paws&providerCodeName=paws-studio&title=Wild%20Paws http://localhost:3002/').split(' ');
for (const [dn, d] of Object.entries(devices)) for (const url of pages) {
  const ctx = await browser.newContext(d); await ctx.addInitScript(() => localStorage.setItem('onboardingStep', 'COMPLETED'));
  const a = cpu(); const page = await ctx.newPage(); await page.goto(url, { waitUntil: 'networkidle' }); await page.waitForTimeout(1000); const b = cpu();
  const per = Object.fromEntries(Object.keys(b).map((k) => [k, Math.round(((b[k] - (a[k] ?? 0))) * 1000)]).filter(([, v]) => v > 0));
  console.log(dn.padEnd(8), url.slice(0, 60).padEnd(60), 'ms CPU to load:', JSON.stringify(per));
  await ctx.close();
}
await browser.close();
