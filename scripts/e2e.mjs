#!/usr/bin/env node
// Runs the Playwright journeys against the real server: builds the web app when its sources are
// newer than the build (lib/web-build.mjs), then for each database (SQLite always; PostgreSQL
// when TEST_DATABASE_URL is set) starts `apps/server/bin/serve.mjs` on a free port with a fresh
// data directory, waits for /api/health, runs `playwright test`, and stops the server whatever
// happened. The two database runs go side by side, each with its own server, port, data and
// output folders and its lines led by its name; E2E_SERIAL=1 runs them one after the other.
// Beside each server runs the sandbox QTSP (ADR 076) on a port of its own, over the same data and
// database, so qualified signatures go over CSC v2 as they do under `npm start`.
// Exits non-zero if any run failed.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildWebIfNeeded } from './lib/web-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const healthTimeoutMs = 90_000;

function findFreePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Copies a child's output to ours line by line, each line led by the run's name. */
function prefixLines(stream, prefix, out) {
  createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) =>
    out.write(`${prefix}${line}\n`),
  );
}

/** Runs a command to its end, its output prefixed; resolves with its exit status. */
function runPrefixed(command, args, options, prefix) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    prefixLines(child.stdout, prefix, process.stdout);
    prefixLines(child.stderr, prefix, process.stderr);
    child.once('error', (error) => {
      process.stderr.write(`${prefix}${error.message}\n`);
      resolve(1);
    });
    child.once('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function waitForHealth(baseUrl, server) {
  const deadline = Date.now() + healthTimeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`the server exited with code ${server.exitCode} before it was healthy`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`the server did not answer /api/health within ${healthTimeoutMs / 1000} s`);
}

async function stopServer(server) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  const timedOut = await Promise.race([exited.then(() => false), sleep(10_000).then(() => true)]);
  if (timedOut) {
    server.kill('SIGKILL');
    await exited;
  }
}

/**
 * The sandbox QTSP for one run: a free port, the run's data, database and public URL (its
 * certificates chain to the run's root), and the settings that point the server at it.
 */
async function startSandboxQtsp(serverEnv, log) {
  const port = await findFreePort();
  const origin = `http://127.0.0.1:${port}`;
  const client = { id: 'countersign-e2e', secret: randomBytes(24).toString('base64url') };
  const qtsp = spawn(process.execPath, ['apps/server/bin/csc-sandbox.mjs'], {
    cwd: root,
    env: {
      ...serverEnv,
      CSC_SANDBOX_PORT: String(port),
      CSC_SANDBOX_PUBLIC_URL: origin,
      CSC_SANDBOX_CLIENT_ID: client.id,
      CSC_SANDBOX_CLIENT_SECRET: client.secret,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  qtsp.stdout.pipe(log, { end: false });
  qtsp.stderr.pipe(log, { end: false });
  const settings = { CSC_SANDBOX_ENROLMENT: 'true' };
  for (const legislation of ['EIDAS', 'ZERTES']) {
    settings[`CSC_${legislation}_BASE_URL`] = `${origin}/csc/v2`;
    settings[`CSC_${legislation}_CLIENT_ID`] = client.id;
    settings[`CSC_${legislation}_CLIENT_SECRET`] = client.secret;
  }
  return { process: qtsp, settings };
}

/** A database of its own inside the PostgreSQL cluster, so runs never see each other's rows. */
async function createPostgresDatabase(clusterUrl) {
  const { default: pg } = await import('pg');
  const name = `countersign_e2e_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    const client = new pg.Client({ connectionString: clusterUrl });
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await client.end();
    }
  };
  return { url: url.toString(), drop };
}

async function runAgainst(database) {
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), `countersign-e2e-${database.name}-`));
  const logPath = path.join(dataDir, 'server.log');
  const operatorToken = randomBytes(32).toString('base64url');
  const log = createWriteStream(logPath);
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    // as served: mail leaves after the call, completion mails from the background worker (ADR 028),
    // signatures made on signing threads (ADR 029)
    MAIL_DELIVERY: 'background',
    SIGNING_THREADS: '2',
    // the journeys verify businesses as the operator does, through the operator API (ADR 062)
    OPERATOR_API_TOKEN: operatorToken,
    // the sandbox OpenID provider stands in for eID+ and ID Austria (ADR 083)
    SANDBOX_OIDC: 'true',
  };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  if (database.url) env.DATABASE_URL = database.url;

  const qtsp = await startSandboxQtsp(env, log);
  Object.assign(env, qtsp.settings);
  console.log(`e2e [${database.name}]: starting the server on ${baseUrl}`);
  const server = spawn(process.execPath, ['apps/server/bin/serve.mjs'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.pipe(log, { end: false });
  server.stderr.pipe(log, { end: false });
  let ok = false;
  try {
    await waitForHealth(baseUrl, server);
    const status = await runPrefixed(
      'npx',
      ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)],
      {
        cwd: root,
        env: { ...process.env, BASE_URL: baseUrl, E2E_RUN: database.name, E2E_OPERATOR_TOKEN: operatorToken },
      },
      `[${database.name}] `,
    );
    ok = status === 0;
  } catch (error) {
    console.error(`e2e [${database.name}]: ${error instanceof Error ? error.message : error}`);
  } finally {
    await stopServer(server);
    await stopServer(qtsp.process);
    log.end();
    if (!ok) {
      const lines = readFileSync(logPath, 'utf8').trimEnd().split('\n').slice(-40);
      console.error(`e2e [${database.name}]: last server log lines:\n${lines.join('\n')}`);
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`e2e [${database.name}]: ${ok ? 'passed' : 'FAILED'}`);
  return ok;
}

/** The PostgreSQL run in a database of its own, dropped afterwards whatever happened. */
async function runAgainstPostgres(clusterUrl) {
  let database;
  try {
    database = await createPostgresDatabase(clusterUrl);
  } catch (error) {
    console.error(
      `e2e [postgres]: cannot create a database: ${error instanceof Error ? error.message : error}`,
    );
    return false;
  }
  try {
    return await runAgainst({ name: 'postgres', url: database.url });
  } finally {
    await database
      .drop()
      .catch((error) => console.error(`e2e [postgres]: could not drop the database: ${error.message}`));
  }
}

async function main() {
  buildWebIfNeeded();
  // one server build before the servers and sandbox QTSPs start, not one race per process
  const { ensureBuilt } = await import(pathToFileURL(path.join(root, 'apps/server/bin/build.mjs')).href);
  await ensureBuilt();
  const runs = [() => runAgainst({ name: 'sqlite' })];
  const clusterUrl = process.env.TEST_DATABASE_URL;
  if (clusterUrl) runs.push(() => runAgainstPostgres(clusterUrl));
  else console.log('e2e: TEST_DATABASE_URL is not set; PostgreSQL run skipped');
  const results = [];
  if (process.env.E2E_SERIAL === '1') for (const run of runs) results.push(await run());
  else results.push(...(await Promise.all(runs.map((run) => run()))));
  const failed = results.filter((ok) => !ok).length;
  console.log(`\ne2e: ${results.length - failed} of ${results.length} database runs passed`);
  process.exitCode = failed === 0 ? 0 : 1;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
