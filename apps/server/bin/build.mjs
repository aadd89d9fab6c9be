#!/usr/bin/env node
// Compiles the server, its worker threads and the `countersign` command to JavaScript (ADR 036):
// one esbuild run with an entry per process or thread, split into shared chunks, our workspace
// packages compiled in and every npm dependency left to node_modules. Each build goes to a folder
// of its own under dist/ (a running server keeps loading its chunks from its own build while a
// newer one is made); dist/current.json names the newest build and the sources it was made from,
// so that a start can tell in a few milliseconds whether it is stale.
//
// `node apps/server/bin/build.mjs` builds; the bin scripts call ensureBuilt(), which builds only
// when a source changed since.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(import.meta.dirname, '..');
const root = path.resolve(serverDir, '../..');
export const DIST = path.join(serverDir, 'dist');
const CURRENT = path.join(DIST, 'current.json');
/** Older builds are removed once there are more than this many and they are over an hour old. */
const KEEP_BUILDS = 3;

const ENTRIES = {
  main: 'src/main.ts',
  'csc-sandbox': 'src/csc-sandbox/main.ts',
  cli: 'src/cli/main.ts',
  'signing-thread': 'src/background/signing-thread.ts',
  'worker-thread': 'src/background/worker-thread.ts',
  'pdf-thread': 'src/background/pdf-thread.ts',
};

/** Our own packages are compiled in; everything else (npm packages, node:) is imported at run time. */
const dependenciesStayExternal = {
  name: 'dependencies-stay-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@countersign/') ? undefined : { path: args.path, external: true },
    );
  },
};

function readCurrent() {
  try {
    return JSON.parse(fs.readFileSync(CURRENT, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * The folder of the newest build when no source it was made from changed since; else undefined.
 * With `entry`, only the sources that entry's own files were made from count: `countersign`
 * checks about 140 files instead of the server's 420 (a stat each, a few milliseconds of a
 * command's start); a build whose server part is stale still serves an unchanged command line.
 */
export function freshBuild(entry) {
  const current = readCurrent();
  if (!current || !fs.existsSync(path.join(DIST, current.id, 'cli.js'))) return undefined;
  for (const input of current.entryInputs?.[entry] ?? current.inputs) {
    // joined by hand: path.join normalises each of the ~140 paths in code not yet compiled,
    // which took longer than the stats themselves; the kernel takes the path as it is
    const stat = fs.statSync(`${root}${path.sep}${input}`, { throwIfNoEntry: false });
    if (!stat || stat.mtimeMs > current.startedAt) return undefined;
  }
  return path.join(DIST, current.id);
}

function removeOldBuilds(keep) {
  const builds = fs
    .readdirSync(DIST, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== keep)
    .map((entry) => ({
      dir: path.join(DIST, entry.name),
      mtime: fs.statSync(path.join(DIST, entry.name)).mtimeMs,
    }))
    .sort((a, b) => b.mtime - a.mtime);
  const hourAgo = Date.now() - 3_600_000;
  for (const build of builds.slice(KEEP_BUILDS - 1))
    if (build.mtime < hourAgo) fs.rmSync(build.dir, { recursive: true, force: true });
}

/** The sources compiled into an entry's file and every chunk it imports, at once or on demand. */
function sourcesOf(metafile, outdir, entry) {
  const outputs = metafile.outputs;
  const entryFile = Object.keys(outputs).find(
    (file) => path.resolve(serverDir, file) === path.join(outdir, `${entry}.js`),
  );
  const files = new Set();
  const visit = (file) => {
    if (files.has(file)) return;
    files.add(file);
    for (const imported of outputs[file].imports) if (!imported.external) visit(imported.path);
  };
  visit(entryFile);
  return [...new Set([...files].flatMap((file) => Object.keys(outputs[file].inputs)))];
}

/** Builds into a new folder and makes it the current one; returns the folder. */
export async function build() {
  const { build: esbuild } = await import('esbuild');
  const startedAt = Date.now();
  const id = `${startedAt.toString(36)}-${randomBytes(3).toString('hex')}`;
  const outdir = path.join(DIST, id);
  const result = await esbuild({
    absWorkingDir: serverDir,
    entryPoints: ENTRIES,
    outdir,
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    plugins: [dependenciesStayExternal],
  });
  const fromRoot = (input) => path.relative(root, path.resolve(serverDir, input));
  const inputs = Object.keys(result.metafile.inputs).map(fromRoot);
  const entryInputs = Object.fromEntries(
    Object.keys(ENTRIES).map((entry) => [entry, sourcesOf(result.metafile, outdir, entry).map(fromRoot)]),
  );
  // written under another name and renamed, so that a concurrent start reads the old or the new
  const temp = `${CURRENT}.${id}.tmp`;
  fs.writeFileSync(temp, JSON.stringify({ id, startedAt, inputs, entryInputs }));
  fs.renameSync(temp, CURRENT);
  removeOldBuilds(id);
  return outdir;
}

/** The current build's folder, building first when it (or `entry`'s part of it) is missing or stale. */
export async function ensureBuilt(entry) {
  const fresh = freshBuild(entry);
  if (fresh) return fresh;
  process.stderr.write('Compiling the server and the command line (once, until the sources change)...\n');
  return build();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outdir = await build();
  console.log(`built ${path.relative(root, outdir)}`);
}
