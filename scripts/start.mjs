#!/usr/bin/env node
// `npm start`: builds the web app when it has not been built (or its sources changed since),
// then serves API and app on http://localhost:3000 with SQLite and files under ./data, and, unless
// a real QTSP is configured, the sandbox QTSP (ADR 076) as a process of its own on
// http://localhost:3100 that the server signs qualified signatures with over CSC v2.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

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

const children = [];
const serverEnv = { MALLOC_TRIM_THRESHOLD_: '131072', ...process.env };
const wantsSandboxQtsp =
  process.env.NODE_ENV !== 'production' &&
  !process.env.CSC_EIDAS_BASE_URL &&
  !process.env.CSC_ZERTES_BASE_URL;
if (wantsSandboxQtsp) {
  // one build for both processes, before either starts
  const { ensureBuilt } = await import(pathToFileURL(path.join(root, 'apps/server/bin/build.mjs')).href);
  await ensureBuilt();
  const port = process.env.CSC_SANDBOX_PORT ?? '3100';
  const baseUrl = `http://localhost:${port}/csc/v2`;
  const client = { id: 'countersign-server', secret: 'sandbox-only-secret' };
  children.push(
    spawn(process.execPath, [path.join(root, 'apps/server/bin/csc-sandbox.mjs')], {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        CSC_SANDBOX_PORT: port,
        CSC_SANDBOX_CLIENT_ID: client.id,
        CSC_SANDBOX_CLIENT_SECRET: client.secret,
      },
    }),
  );
  for (const legislation of ['EIDAS', 'ZERTES']) {
    serverEnv[`CSC_${legislation}_BASE_URL`] = baseUrl;
    serverEnv[`CSC_${legislation}_CLIENT_ID`] = client.id;
    serverEnv[`CSC_${legislation}_CLIENT_SECRET`] = client.secret;
  }
}

// glibc reads MALLOC_TRIM_THRESHOLD_ only at process start: with it, the memory page images free
// is handed back instead of staying in the process (ADR 043). An operator's own value wins.
const server = spawn(process.execPath, [path.join(root, 'apps/server/bin/serve.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: serverEnv,
});
children.push(server);
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => children.forEach((child) => child.kill(signal)));
server.on('exit', (code) => {
  children.forEach((child) => child.kill('SIGTERM'));
  process.exit(code ?? 0);
});
