// Field editor benchmark: how long a sender waits, on this machine, between opening the fields
// step of a draft whose document has 120 pages and seeing its first page drawn. The served app
// (apps/web/dist, built first unless SKIP_BUILD=1) and the API run in this process on SQLite;
// Debian's Chromium opens /upload?draft=…&step=fields in a fresh tab each round and the time is
// taken from the navigation until the first page's image has loaded. The first round is cold
// (the server renders the page for the first time), the others find it rendered. Also printed:
// how many page images the editor asked for (it fetches only the pages near the viewport).
// Target: first page visible within 1 s. Prints figures; not a test.
// Run: npm run bench:editor   (BENCH_ROUNDS=5 by default; SKIP_BUILD=1 reuses apps/web/dist)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { buildApp, loadConfig } from '@countersign/server';
import { chromium } from 'playwright-core';

const PAGES = 120;
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 5);
const TARGET_MS = 1000;
const PROFILE = process.env['PROFILE'];
const root = path.resolve(import.meta.dirname, '..');
const password = 'correct horse battery staple';

async function contractOf(pages: number): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.TimesRoman);
  for (let index = 0; index < pages; index++) {
    const page = document.addPage([595, 842]);
    for (let line = 0; line < 40; line++)
      page.drawText(`Clause ${index + 1}.${line + 1}: the parties agree to what this line says.`, {
        x: 56,
        y: 780 - line * 18,
        size: 11,
        font,
      });
  }
  return document.save();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

if (!process.env['SKIP_BUILD']) {
  console.log('bench:editor-open: building the web app (vite build)…');
  execFileSync('npm', ['run', 'build', '-w', '@countersign/web', '--silent'], { cwd: root, stdio: 'ignore' });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-bench-editor-'));
const port = 40000 + Math.floor(Math.random() * 20000);
const base = `http://127.0.0.1:${port}`;
const config = loadConfig({
  NODE_ENV: 'test',
  // documents are drawn on PDF threads, as a served instance does (tests draw them inline)
  PDF_THREADS: String(Math.min(2, os.availableParallelism())),
  DATA_DIR: dataDir,
  PUBLIC_URL: base,
  LOG_LEVEL: 'silent',
  WEB_DIST_DIR: path.join(root, 'apps/web/dist'),
});
const app = await buildApp(config, { logger: false });
await app.listen({ host: '127.0.0.1', port });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});

try {
  const http = async (method: string, url: string, body?: unknown, token?: string) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(token && { authorization: `Bearer ${token}` }),
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    if (response.status >= 400)
      throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
  const email = 'sender@bench.test';
  await http('POST', '/v1/register', {
    email,
    password,
    first_name: 'Bench',
    last_name: 'Sender',
    accept_gtc: true,
  });
  let mail: { to: string; text: string } | undefined;
  for (let i = 0; i < 100 && !mail; i++) {
    const { messages } = (await http('GET', '/sandbox/mail.json')) as {
      messages: { to: string; text: string }[];
    };
    mail = messages.find((m) => m.to === email);
    if (!mail) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (!mail) throw new Error('no confirmation mail');
  await http('POST', '/v1/valid-confirmation', { token: /token=([\w-]+)/.exec(mail.text)![1] });
  const token = (await http('POST', '/v1/login', { email, password })).token as string;

  const form = new FormData();
  form.set(
    'payload',
    JSON.stringify({ title: 'Bench contract', signatures: [{ email: 'signer@bench.test' }] }),
  );
  form.set('documents', new Blob([await contractOf(PAGES)], { type: 'application/pdf' }), 'contract-120.pdf');
  const created = await fetch(`${base}/v3/signature-requests`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (created.status !== 201) throw new Error(`upload: ${created.status} ${await created.text()}`);
  const draftId = ((await created.json()) as { id: string }).id;

  const times: number[] = [];
  let pageRequests = 0;
  const waterfalls: string[][] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript((session) => {
      localStorage.setItem('hide-staging-alert', 'true');
      localStorage.setItem(
        'countersign.session',
        JSON.stringify({ token: session, expiresAt: '2099-01-01T00:00:00Z' }),
      );
      // the main thread's long tasks (over 50 ms) are listed beside the requests
      const tasks: string[] = [];
      (window as unknown as { longTasks: string[] }).longTasks = tasks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          tasks.push(
            `${entry.startTime.toFixed(0).padStart(5)} -> ${(entry.startTime + entry.duration).toFixed(0).padStart(5)} ms  (main thread busy)`,
          );
      }).observe({ type: 'longtask', buffered: true });
    }, token);
    const tab = await context.newPage();
    let requested = 0;
    tab.on('request', (request) => {
      if (/\/documents\/[^/]+\/pages\/\d+/.test(request.url())) requested += 1;
    });
    // PROFILE=file.cpuprofile: the last round's main-thread CPU profile, for Chromium's DevTools
    const cdp = PROFILE && round === ROUNDS - 1 ? await context.newCDPSession(tab) : undefined;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    const started = performance.now();
    await tab.goto(`${base}/upload?draft=${draftId}&step=fields`);
    await tab.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>('img[alt^="Page 1 of"]');
      return image !== null && image.complete && image.naturalWidth > 0;
    });
    times.push(performance.now() - started);
    if (cdp) fs.writeFileSync(PROFILE!, JSON.stringify((await cdp.send('Profiler.stop')).profile));
    pageRequests = requested;
    // the browser's own timeline: when each request started and ended, from the navigation
    const waterfall = await tab.evaluate(() => [
      ...(performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => {
        const url = new URL(entry.name);
        return `${entry.startTime.toFixed(0).padStart(5)} -> ${entry.responseEnd.toFixed(0).padStart(5)} ms  ${url.pathname}${url.search}`;
      }),
      ...(window as unknown as { longTasks: string[] }).longTasks,
    ]);
    waterfalls.push(waterfall.sort((a, b) => Number.parseInt(a) - Number.parseInt(b)));
    await context.close();
  }
  const [cold, ...warm] = times;
  const warmMedian = warm.length > 0 ? median(warm) : cold!;
  console.log(
    `\nField editor, ${PAGES}-page document, desktop 1280x900, Chromium (${new Date().toISOString().slice(0, 10)}):`,
  );
  console.log(`  first page visible, cold (first visit, page rendered on request): ${cold!.toFixed(0)} ms`);
  if (warm.length > 0)
    console.log(
      `  first page visible, warm: median ${warmMedian.toFixed(0)} ms (min ${Math.min(...warm).toFixed(0)}, max ${Math.max(...warm).toFixed(0)}, ${warm.length} rounds)`,
    );
  console.log(`  page images requested on opening: ${pageRequests} of ${PAGES}`);
  console.log(
    `  target: first page within ${TARGET_MS} ms: ${Math.max(cold!, warmMedian) <= TARGET_MS ? 'met' : 'NOT met'} (cold and warm median)`,
  );
  for (const [label, waterfall] of [
    ['the cold round', waterfalls[0]!],
    ['the last round', waterfalls.at(-1)!],
  ] as const) {
    console.log(`  requests of ${label} (started -> ended, from the navigation):`);
    for (const line of waterfall) console.log(`    ${line}`);
  }
  console.log(
    `  load average: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${os.cpus().length} cores`,
  );
} finally {
  await browser.close();
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
