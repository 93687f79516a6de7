import { chromium } from 'playwright-core';
const P = 'http://127.0.0.1:3601';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'] });
async function signIn(ctx) {
  const page = await ctx.newPage();
  await page.goto(P);
  const r = await page.evaluate(async (P) => {
    const res = await fetch('/api/identity/auth/login', { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'demo@paws.local', password: 'Demo#2026', callbackUrl: `${P}/callback/login` }) });
    return res.status + ' ' + (await res.text());
  }, P);
  console.log('login', r.slice(0, 120));
  await new Promise((d) => setTimeout(d, 500));
  const out = await (await fetch(`${P}/api/dev/outbox`)).json();
  const msg = out.messages.find((m) => m.recipient === 'demo@paws.local');
  const link = msg.body.match(/https?:\/\/\S+/)[0];
  await page.goto(link);
  await page.waitForTimeout(2500);
  return page;
}
const mode = process.argv[2] ?? 'all';
const base = await b.newContext({ viewport: { width: 1440, height: 900 } });
const basePage = await signIn(base); void basePage;
const state = await base.storageState();
await base.close();
for (const [name, opts] of [['desktop', { viewport: { width: 1440, height: 900 } }], ['phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }]]) {
  const ctx = await b.newContext({ ...opts, storageState: state });
  const page = await ctx.newPage();
  page.on('console', (m) => { if (m.type() === 'error') console.log(name, 'console', m.text().slice(0, 200)); });
  page.on('pageerror', (e) => console.log(name, 'pageerror', String(e).slice(0, 200)));
  await page.goto(`${P}/game?gameCode=european-roulette&providerCodeName=paws-studio&title=Live%20Roulette`);
  await page.waitForTimeout(5000);
  await page.screenshot({ path: `/tmp/cat-shots/game-${name}.png` });
  if (name === 'phone') {
    await page.getByRole('button', { name: 'Show game menu' }).click();
    await page.waitForTimeout(1200);
    await page.screenshot({ path: `/tmp/cat-shots/game-${name}-open.png` });
  }
  await ctx.close();
}
await b.close();
