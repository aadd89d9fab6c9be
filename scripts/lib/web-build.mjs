// Builds the web app when its sources are newer than the build. The journeys need the build;
// `npm test` makes it beside the unit tests (node scripts/lib/web-build.mjs), and
// scripts/e2e.mjs calls it again, which costs nothing when the build is up to date.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(import.meta.dirname, '../..');
const webDist = path.join(root, 'apps/web/dist/index.html');
const webInputs = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/contract/src',
  'packages/domain/src',
  'packages/locales',
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function buildWebIfNeeded() {
  const builtAt = existsSync(webDist) ? statSync(webDist).mtimeMs : 0;
  const changedAt = Math.max(...webInputs.map((input) => newestMtime(path.join(root, input))));
  if (builtAt > changedAt) {
    console.log('web build is up to date');
    return;
  }
  console.log('building the web app');
  const result = spawnSync('npm', ['run', 'build', '-w', '@countersign/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('the web build failed');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    buildWebIfNeeded();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
