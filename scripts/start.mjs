#!/usr/bin/env node
// `npm start`: builds the web app when it has not been built (or its sources changed since),
// then serves API and app on http://localhost:3000 with SQLite and files under ./data.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const webDir = path.join(root, 'apps/web');
const distIndex = path.join(webDir, 'dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const stale =
  !fs.existsSync(distIndex) ||
  fs.statSync(distIndex).mtimeMs <
    Math.max(
      newestMtime(webDir),
      newestMtime(path.join(root, 'packages/contract/src')),
      newestMtime(path.join(root, 'packages/domain/src')),
    );
if (stale && fs.existsSync(path.join(webDir, 'index.html'))) {
  console.log('Building the web app...');
  const build = spawnSync('npm', ['run', 'build', '-w', '@countersign/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// glibc reads MALLOC_TRIM_THRESHOLD_ only at process start: with it, the memory page images free
// is handed back instead of staying in the process (ADR 043). An operator's own value wins.
const server = spawn(process.execPath, [path.join(root, 'apps/server/bin/serve.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: { MALLOC_TRIM_THRESHOLD_: '131072', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
