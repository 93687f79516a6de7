import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
const url = process.argv[2];
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], formFactor: 'mobile' });
await chrome.kill();
const trace = result.artifacts.Trace ?? result.artifacts.traces?.defaultPass;
const { traceEvents } = trace;
const fcp = traceEvents.find(e => e.name === 'firstContentfulPaint');
const nav = traceEvents.filter(e => e.name === 'navigationStart' && e.pid === fcp.pid).at(-1);
const ev = traceEvents.filter(e => e.pid === fcp.pid && e.tid === fcp.tid && e.ph === 'X').sort((a, b) => a.ts - b.ts);
console.log('TBT', result.lhr.audits['total-blocking-time'].numericValue, 'FCP obs', (fcp.ts - nav.ts) / 1000);
for (const t of ev.filter(e => e.name === 'RunTask' && e.dur > 8000)) {
  const kids = ev.filter(e => e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur && e !== t && e.dur > 2000);
  console.log(`TASK @${((t.ts - nav.ts) / 1000).toFixed(1)} ${(t.dur / 1000).toFixed(1)} ms: ${kids.slice(0, 8).map(k => `${k.name} ${(k.dur / 1000).toFixed(1)}`).join(', ')}`);
}
