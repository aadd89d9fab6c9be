// Web bundle benchmark: builds the web app and prints the gzip size of the JavaScript the
// dashboard route loads first (the entry chunk, every chunk it imports statically, the core texts
// of the default locale, which the first paint waits for, and the dashboard screen's lazy chunk
// with its own static imports), and of the whole build. Read from
// Vite's dist/.vite/manifest.json. Target (ADR 024): dashboard under 200 KB gzip. Prints figures;
// never fails on size. Not a test.
// Run: npm run bench:web   (SKIP_BUILD=1 reuses an existing apps/web/dist)

import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'apps/web/dist');
const DASHBOARD_MODULE = 'src/pages/dashboard/dashboard-page.tsx';
const LOCALE_MODULE = '../../packages/locales/en-gb/translation.json';
const TARGET_KB = 200;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipOf = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const rawOf = (file: string) => readFileSync(join(dist, file)).length;

/** The chunk of `key` and, transitively, every chunk it imports statically. */
function withStaticImports(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) withStaticImports(manifest, imported, seen);
  return seen;
}

function table(rows: [string, number, number][]): void {
  const width = Math.max(...rows.map(([name]) => name.length));
  for (const [name, raw, gzip] of rows)
    console.log(`  ${name.padEnd(width)}  ${kb(raw).padStart(10)} raw  ${kb(gzip).padStart(9)} gzip`);
}

if (!process.env.SKIP_BUILD) {
  console.log('bench:web: building the web app (vite build)…');
  execFileSync('npm', ['run', 'build', '-w', '@countersign/web', '--silent'], { cwd: root, stdio: 'ignore' });
}

const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('no entry chunk in the manifest');
for (const module of [DASHBOARD_MODULE, LOCALE_MODULE])
  if (!manifest[module]) throw new Error(`${module} is not a chunk of its own`);

const keys = withStaticImports(manifest, entryKey);
withStaticImports(manifest, DASHBOARD_MODULE, keys);
withStaticImports(manifest, LOCALE_MODULE, keys);
const files = [...new Set([...keys].map((key) => manifest[key]!.file))].filter((file) =>
  file.endsWith('.js'),
);
const rows = files.map((file): [string, number, number] => [file, rawOf(file), gzipOf(file)]);
const dashboardGzip = rows.reduce((sum, [, , gzip]) => sum + gzip, 0);
const dashboardRaw = rows.reduce((sum, [, raw]) => sum + raw, 0);

const allJs = readdirSync(join(dist, 'assets')).filter((file) => file.endsWith('.js'));
const allGzip = allJs.reduce((sum, file) => sum + gzipOf(`assets/${file}`), 0);
const allRaw = allJs.reduce((sum, file) => sum + rawOf(`assets/${file}`), 0);
const css = [...new Set([...keys].flatMap((key) => manifest[key]!.css ?? []))];
const cssGzip = css.reduce((sum, file) => sum + gzipOf(file), 0);

console.log(
  '\nJavaScript the dashboard route loads first (entry + static imports + en-gb texts + dashboard chunk):',
);
table(rows.sort((a, b) => b[2] - a[2]));
console.log(
  `  total ${kb(dashboardRaw)} raw, ${kb(dashboardGzip)} gzip (target < ${TARGET_KB} KB gzip: ${
    dashboardGzip < TARGET_KB * 1024 ? 'met' : 'NOT met'
  })`,
);
console.log(`  plus CSS: ${css.join(', ') || 'none'} ${kb(cssGzip)} gzip`);
console.log(
  `\nWhole build: ${allJs.length} JavaScript chunks, ${kb(allRaw)} raw, ${kb(allGzip)} gzip (level 9)`,
);
