// `npm run bench:renderer`: the lane UI's initial JavaScript and CSS, gzipped, against the 100 KB
// goal; its first contentful paint in headless Chromium against the 300 ms goal, beside a
// baseline page (static HTML, no script) served by the same server in the same run; and the time
// from Enter on an amount to "Approved" on screen with the simulated card against the 100 ms goal
// (median), beside the same sale through the lane API alone in the same run.
// Options: --runs N (page loads per page, default 15), --sales N (sales each way, default 30),
// --ui DIR (a built UI to time the sale with instead of the current one, e.g. an older build).
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { startChromium } from '../e2e/helpers/chromium.ts';
import { measureEnterToApproved } from './enter-to-approved.ts';
import { REPO_ROOT } from '../server/helpers/server-process.ts';

const { values } = parseArgs({
  options: { runs: { type: 'string' }, sales: { type: 'string' }, ui: { type: 'string' } },
});
const RUNS = Number(values.runs ?? 15);
const SALES = Number(values.sales ?? 30);
const SIZE_GOAL_BYTES = 100 * 1024;
const PAINT_GOAL_MS = 300;
const APPROVED_GOAL_MS = 100;

const BASELINE_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>baseline</title></head>' +
  '<body><h1>LaneTerm</h1></body></html>';

/** Page script answering the first contentful paint's start time, once the browser records it. */
const FIRST_PAINT = `new Promise((resolve) => {
  new PerformanceObserver((list) => {
    const entry = list.getEntriesByName('first-contentful-paint')[0];
    if (entry) resolve(entry.startTime);
  }).observe({ type: 'paint', buffered: true });
})`;

/** Builds the UI into `dir` and answers the gzipped sizes of what index.html loads first. */
async function initialSizes(dir: string): Promise<{ js: number; css: number }> {
  await build({
    configFile: join(REPO_ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: dir, emptyOutDir: true },
  });
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const assets = [...html.matchAll(/(?:src|href)="\.\/([^"]+\.(?:js|css))"/g)].map(
    (m) => m[1] ?? '',
  );
  const gz = (asset: string) => gzipSync(readFileSync(join(dir, asset)), { level: 9 }).length;
  const sum = (ext: string) =>
    assets.filter((asset) => asset.endsWith(ext)).reduce((total, asset) => total + gz(asset), 0);
  return { js: sum('.js'), css: sum('.css') };
}

/** First contentful paint of `url` in ms, read from the page's paint timing, once per load. */
async function firstPaints(url: string, runs: number): Promise<number[]> {
  const browser = await startChromium();
  const paints: number[] = [];
  try {
    for (let run = 0; run < runs; run += 1) {
      const page = await browser.context.newPage();
      await page.goto(url);
      const fcp = await page.evaluate<number>(FIRST_PAINT);
      paints.push(fcp);
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return paints.sort((a, b) => a - b);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'laneterm-renderer-bench-'));
  const server = Fastify({ logger: false });
  try {
    const sizes = await initialSizes(dir);
    writeFileSync(join(dir, 'baseline.html'), BASELINE_HTML);
    await server.register(fastifyStatic, { root: dir });
    await server.listen({ host: '127.0.0.1', port: 0 });
    const address = server.server.address();
    const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const baseline = await firstPaints(`${origin}/baseline.html`, RUNS);
    const lane = await firstPaints(`${origin}/index.html`, RUNS);

    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    const total = sizes.js + sizes.css;
    console.log(
      'renderer bench (gzip -9 of what index.html loads; first contentful paint, headless Chromium)',
    );
    console.log(`  initial JS   ${kb(sizes.js)}`);
    console.log(`  initial CSS  ${kb(sizes.css)}`);
    console.log(
      `  total        ${kb(total)}   goal ≤ ${kb(SIZE_GOAL_BYTES)}  ${total <= SIZE_GOAL_BYTES ? 'met' : 'MISSED'}`,
    );
    console.log(`  first paint, ${RUNS} loads each     p50        p90`);
    const row = (name: string, sorted: number[]) =>
      `  ${name.padEnd(32)} ${percentile(sorted, 50).toFixed(0).padStart(5)} ms ${percentile(sorted, 90).toFixed(0).padStart(6)} ms`;
    console.log(row('baseline (static HTML)', baseline));
    console.log(row('lane UI', lane));
    const p50 = percentile(lane, 50);
    console.log(
      `  lane UI p50 goal ≤ ${PAINT_GOAL_MS} ms  ${p50 <= PAINT_GOAL_MS ? 'met' : 'MISSED'}`,
    );
    const sales = await measureEnterToApproved(SALES, values.ui);
    const ascending = (samples: number[]) => [...samples].sort((a, b) => a - b);
    console.log(`  Enter on an amount to Approved, ${SALES} sales each  p50        p90`);
    console.log(row('lane API alone (no page)', ascending(sales.api)));
    console.log(
      row(`lane UI${values.ui === undefined ? '' : ` (${values.ui})`}`, ascending(sales.page)),
    );
    console.log(`  swipes the lane did not take within 500 ms (made again): ${sales.lostSwipes}`);
    const approved = percentile(ascending(sales.page), 50);
    console.log(
      `  lane UI p50 goal ≤ ${APPROVED_GOAL_MS} ms  ${approved <= APPROVED_GOAL_MS ? 'met' : 'MISSED'}`,
    );
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`renderer bench failed: ${(error as Error).message}`);
  process.exitCode = 1;
});
