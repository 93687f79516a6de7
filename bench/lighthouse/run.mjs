#!/usr/bin/env node
// Lighthouse on the home page in mobile emulation (Lighthouse's default moto-g-power profile with
// simulated throttling), driving Debian's Chromium. Prints performance and accessibility per run and the
// median. Not a test: it prints figures.
//
//   npm run build -w @paws/web && node bench/lighthouse/run.mjs            (starts its own server)
//   node bench/lighthouse/run.mjs --url http://localhost:3301/ --runs 3    (against a running server)
//   --compress: put a gzip proxy in front of the server, i.e. what the score is once the server
//   compresses (the build writes .br/.gz next to each asset for @fastify/static's preCompressed).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
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
const runs = Number(option('runs', '3'));
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
  const url = `http://localhost:${landing}/`;
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
    url,
    stop: () => {
      child.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A gzip-compressing reverse proxy for text responses (what @fastify/compress would do). */
async function compressingProxy(target) {
  const origin = new URL(target);
  const port = await freePort();
  const proxy = createHttpServer((req, res) => {
    const upstream = httpRequest(
      {
        host: origin.hostname,
        port: origin.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, 'accept-encoding': 'identity', host: origin.host },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          let body = Buffer.concat(chunks);
          const headers = { ...response.headers };
          if (
            /text|javascript|json|css|svg|manifest/.test(headers['content-type'] ?? '') &&
            /gzip/.test(req.headers['accept-encoding'] ?? '')
          ) {
            body = gzipSync(body);
            headers['content-encoding'] = 'gzip';
            headers['content-length'] = String(body.length);
          }
          res.writeHead(response.statusCode ?? 502, headers);
          res.end(body);
        });
      },
    );
    req.pipe(upstream);
  });
  await new Promise((done) => proxy.listen(port, '127.0.0.1', done));
  return { url: `http://localhost:${port}${origin.pathname}`, close: () => proxy.close() };
}

const server = option('url') ? { url: option('url'), stop: () => {} } : await startServer();
const proxy = args.includes('--compress') ? await compressingProxy(server.url) : undefined;
const target = proxy?.url ?? server.url;
console.log(`auditing ${target}${proxy ? ' (through a gzip proxy)' : ''}`);
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const results = [];
try {
  for (let run = 0; run < runs; run += 1) {
    const { lhr } = await lighthouse(target, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      formFactor: 'mobile',
    });
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const metric = (id) => lhr.audits[id]?.displayValue ?? '';
    const row = {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      FCP: metric('first-contentful-paint'),
      LCP: metric('largest-contentful-paint'),
      TBT: metric('total-blocking-time'),
      CLS: metric('cumulative-layout-shift'),
    };
    results.push(row);
    console.log(`run ${run + 1}:`, JSON.stringify(row));
    if (run === runs - 1) {
      const failing = Object.values(lhr.audits)
        .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
        .map((audit) => audit.id);
      console.log('failing binary audits (last run):', failing.join(', ') || 'none');
      writeFileSync(join(tmpdir(), 'paws-lighthouse.json'), JSON.stringify(lhr));
    }
  }
} finally {
  await chrome.kill();
  proxy?.close();
  server.stop();
}
const median = (key) => results.map((row) => row[key]).sort((a, b) => a - b)[Math.floor(results.length / 2)];
console.log(
  `median of ${runs}: performance ${median('performance')}, accessibility ${median('accessibility')}, best practices ${median('bestPractices')}`,
);
