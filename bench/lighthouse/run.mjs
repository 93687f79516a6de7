#!/usr/bin/env node
// Lighthouse in mobile emulation (Lighthouse's default moto-g-power profile with simulated throttling),
// driving Debian's Chromium, on the first screens: the landing home, the platform home signed-out, a studio
// game page and the back-office login. Per page it prints the median of N runs of performance,
// accessibility, best practices, LCP and TBT, the JavaScript the page loaded (gzip, measured here so the
// figure does not depend on what the server negotiated), the requests that started before the observed
// LCP, and the load average beside it: under load the simulated TBT and performance are pessimistic.
// Not a test: it prints figures.
//
//   npm run build && npm run bench:lighthouse -w @paws/bench       (starts its own server, 5 runs a page)
//   npm run bench:lighthouse -w @paws/bench -- --runs 3 --pages landing,game   (a subset: landing, platform, game, backoffice)
//   node bench/lighthouse/run.mjs --url http://localhost:3301/      (one page of a running server)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : fallback;
};
const runs = Number(option('runs', '5'));
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

const freePort = () =>
  new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });

async function startServer() {
  const [landing, platform, backOffice] = [await freePort(), await freePort(), await freePort()];
  const dataDir = mkdtempSync(join(tmpdir(), 'paws-lh-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SECRET: process.env.SECRET ?? randomBytes(32).toString('hex'),
      STUDIO_WALLET_SECRET: process.env.STUDIO_WALLET_SECRET ?? randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      LANDING_PORT: String(landing),
      PLATFORM_PORT: String(platform),
      BACKOFFICE_PORT: String(backOffice),
      LANDING_URL: `http://localhost:${landing}`,
      PLATFORM_URL: `http://127.0.0.1:${platform}`,
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited early');
    try {
      if ((await fetch(`http://127.0.0.1:${platform}/readyz`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error('server not ready in 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    pages: {
      landing: `http://localhost:${landing}/`,
      platform: `http://127.0.0.1:${platform}/`,
      game: `http://127.0.0.1:${platform}/studio/wild-paws.html`,
      backoffice: `http://127.0.0.1:${backOffice}/login`,
    },
    stop: () => {
      child.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const gzipBytes = new Map();
/** A script's size gzipped at level 9, fetched uncompressed (cached: a hashed asset never changes). */
async function gzipSizeOf(url) {
  if (!gzipBytes.has(url)) {
    const body = Buffer.from(
      await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer(),
    );
    gzipBytes.set(url, gzipSync(body, { level: 9 }).length);
  }
  return gzipBytes.get(url);
}

async function auditOnce(url, port) {
  const { lhr } = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    formFactor: 'mobile',
  });
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const observedLcp = lhr.audits.metrics?.details?.items?.[0]?.observedLargestContentfulPaint ?? Infinity;
  const scripts = requests.filter((item) => item.resourceType === 'Script' && item.url.startsWith('http'));
  let jsGzip = 0;
  for (const script of scripts) jsGzip += await gzipSizeOf(script.url);
  const beforeLcp = requests.filter((item) => item.networkRequestTime <= observedLcp);
  return {
    lhr,
    row: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
      tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
      jsKbGzip: Math.round(jsGzip / 100) / 10,
      scripts: scripts.length,
      requestsBeforeLcp: beforeLcp.length,
      kbBeforeLcp: Math.round(beforeLcp.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 100) / 10,
    },
  };
}

const median = (rows, key) => rows.map((row) => row[key]).sort((a, b) => a - b)[Math.floor(rows.length / 2)];
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

const server = option('url') ? { pages: { url: option('url') }, stop: () => {} } : await startServer();
const wanted = option('pages')?.split(',') ?? Object.keys(server.pages);
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const summary = [];
try {
  for (const name of wanted) {
    const url = server.pages[name];
    if (!url) throw new Error(`unknown page ${name} (pages: ${Object.keys(server.pages).join(', ')})`);
    console.log(`\n${name}: ${url} (load average before: ${load()})`);
    const rows = [];
    let last;
    for (let run = 0; run < runs; run += 1) {
      last = await auditOnce(url, chrome.port);
      rows.push(last.row);
      console.log(`  run ${run + 1}:`, JSON.stringify(last.row));
    }
    const failing = Object.values(last.lhr.audits)
      .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
      .map((audit) => audit.id);
    console.log('  failing binary audits (last run):', failing.join(', ') || 'none');
    writeFileSync(join(tmpdir(), `paws-lighthouse-${name}.json`), JSON.stringify(last.lhr));
    const keys = Object.keys(rows[0]);
    summary.push({
      page: name,
      ...Object.fromEntries(keys.map((key) => [key, median(rows, key)])),
      load: load(),
    });
  }
} finally {
  await chrome.kill();
  server.stop();
}
console.log(`\nmedian of ${runs} runs per page (load average 1/5/15 min after each page):`);
console.table(summary);
