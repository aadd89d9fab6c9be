// `countersign backup DIR` and `countersign restore DIR` (ADR 081): the database and the blobs of
// an installation, with a manifest of their SHA-256 hashes, and their return into an empty one.
//
// The database is copied by its own tool: SQLite's VACUUM INTO writes a consistent copy while the
// server runs; PostgreSQL's pg_dump reads one snapshot (custom format, restored by pg_restore).
// Blobs are content-addressed and written before the row that names them, so they are copied in
// two passes around the database copy: the first takes every blob that exists before it, the
// second those written since, which rows of the copy may name. Each blob is streamed through the
// store a chunk at a time, so that memory stays bounded whatever a document's size: it is copied
// whole (a revision kept as a tail is read joined to its base, so each file of a backup checks
// against its name alone) and the manifest notes the base of a tail. A restore stores such a
// revision as a tail of its base again, so the restored store holds the same objects, of the same
// sizes, as the original.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import type { Config } from '../config.js';
import { openDatabase } from '../db/database.js';
import { createBlobStore } from '../storage/create-blob-store.js';
import type { BlobStore } from '../storage/blob-store.js';
import { CliError } from './cli-error.js';

const run = promisify(execFile);
const MANIFEST = 'manifest.json';

export interface BackupManifest {
  format: 1;
  createdAt: string;
  database: { dialect: 'sqlite' | 'postgres'; file: string; sha256: string };
  /** `base`: the blob a tail extends (a backup from before tails were kept names none) */
  blobs: { sha256: string; size: number; base?: string }[];
}

/** The installation's blob store, unless the caller hands one (a test watching its calls). */
export interface BackupOptions {
  blobs?: BlobStore;
}

const READ_CHUNK = 1024 * 1024;

/** A file's SHA-256, read a chunk at a time. */
async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file, { highWaterMark: READ_CHUNK }))
    hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** A file's bytes from `start`, opened only once a reader asks for them. */
async function* fileFrom(file: string, start: number): AsyncGenerator<Uint8Array> {
  yield* fs.createReadStream(file, { start, highWaterMark: READ_CHUNK }) as AsyncIterable<Buffer>;
}
const blobPath = (dir: string, sha: string) => path.join(dir, 'blobs', sha.slice(0, 2), sha);

function requireEmptyFolder(dir: string): void {
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0)
    throw new CliError('cli.bad_option', `${dir} is not empty: a backup goes into a new or empty folder`);
  fs.mkdirSync(path.join(dir, 'blobs'), { recursive: true });
}

/** Copies every blob not copied yet; returns their manifest entries. */
async function copyBlobs(blobs: BlobStore, dir: string, copied: Set<string>) {
  const entries: BackupManifest['blobs'] = [];
  for await (const { sha256: sha, base } of blobs.list()) {
    if (copied.has(sha)) continue;
    const file = blobPath(dir, sha);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const hash = createHash('sha256');
    let size = 0;
    await pipeline(
      blobs.stream(sha),
      async function* (source: AsyncIterable<Uint8Array>) {
        for await (const chunk of source) {
          hash.update(chunk);
          size += chunk.length;
          yield chunk;
        }
      },
      fs.createWriteStream(file),
    );
    if (hash.digest('hex') !== sha)
      throw new CliError('cli.bad_option', `the stored blob ${sha} does not match its name`);
    copied.add(sha);
    entries.push({ sha256: sha, size, ...(base && { base }) });
  }
  return entries;
}

/**
 * Runs a PostgreSQL client tool on the database at `url`. The password goes in PGPASSWORD, not on
 * the command line, where any user of the machine could read it.
 */
async function runTool(tool: string, args: string[], url: string): Promise<void> {
  const target = new URL(url);
  const password = decodeURIComponent(target.password);
  target.password = '';
  const env = { ...process.env, ...(password && { PGPASSWORD: password }) };
  try {
    await run(tool, [...args, `--dbname=${target.toString()}`], { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    const failure = err as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === 'ENOENT')
      throw new CliError(
        'cli.tool_missing',
        `${tool} is not installed (PostgreSQL's client tools are needed)`,
      );
    throw new CliError('cli.tool_failed', `${tool} failed: ${failure.stderr?.trim() || failure.message}`);
  }
}

export async function backupInstallation(
  config: Pick<Config, 'dataDir' | 'blobStore' | 'databaseUrl'>,
  dir: string,
  options: BackupOptions = {},
): Promise<BackupManifest> {
  requireEmptyFolder(dir);
  const blobs = options.blobs ?? createBlobStore(config);
  const copied = new Set<string>();
  const before = await copyBlobs(blobs, dir, copied);
  let database: BackupManifest['database'];
  if (config.databaseUrl) {
    const file = path.join(dir, 'database.pgdump');
    await runTool(
      'pg_dump',
      ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`],
      config.databaseUrl,
    );
    database = { dialect: 'postgres', file: 'database.pgdump', sha256: await sha256OfFile(file) };
  } else {
    const file = path.join(dir, 'countersign.db');
    const db = openDatabase({ sqliteFile: path.join(config.dataDir, 'countersign.db') });
    try {
      await sql`vacuum into ${file}`.execute(db.kysely);
    } finally {
      await db.close();
    }
    database = { dialect: 'sqlite', file: 'countersign.db', sha256: await sha256OfFile(file) };
  }
  const after = await copyBlobs(blobs, dir, copied);
  const manifest: BackupManifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    database,
    blobs: [...before, ...after].sort((a, b) => a.sha256.localeCompare(b.sha256)),
  };
  fs.writeFileSync(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Whether the installation holds anything: tables in its database, or blobs. */
async function isEmptyInstallation(config: Pick<Config, 'dataDir' | 'blobStore' | 'databaseUrl'>) {
  const blobs = createBlobStore(config);
  for await (const blob of blobs.list()) if (blob) return false;
  if (!config.databaseUrl) return !fs.existsSync(path.join(config.dataDir, 'countersign.db'));
  const db = openDatabase({ databaseUrl: config.databaseUrl, poolSize: 1 });
  try {
    const { rows } = await sql<{ count: string | number }>`
      select count(*) as count from information_schema.tables where table_schema = current_schema()`.execute(
      db.kysely,
    );
    return Number(rows[0]?.count ?? 0) === 0;
  } finally {
    await db.close();
  }
}

/** Checks each blob file of a backup: its size, its name, and that the base of a tail is there. */
async function checkBlobFiles(dir: string, blobs: BackupManifest['blobs']): Promise<void> {
  const sizes = new Map(blobs.map((blob) => [blob.sha256, blob.size]));
  for (const blob of blobs) {
    const file = blobPath(dir, blob.sha256);
    const baseSize = blob.base === undefined ? 0 : sizes.get(blob.base);
    if (baseSize === undefined || baseSize >= blob.size)
      throw new CliError(
        'cli.backup_damaged',
        `the blob ${blob.sha256} extends a blob the backup does not hold`,
      );
    if (
      !fs.existsSync(file) ||
      fs.statSync(file).size !== blob.size ||
      (await sha256OfFile(file)) !== blob.sha256
    )
      throw new CliError('cli.backup_damaged', `the blob ${blob.sha256} does not match its name`);
  }
}

/**
 * Streams each blob of a backup into the store: a tail after its base, as a tail of it (only the
 * bytes it appends are stored), everything else whole.
 */
async function storeBlobs(store: BlobStore, dir: string, blobs: BackupManifest['blobs']): Promise<void> {
  const byName = new Map(blobs.map((blob) => [blob.sha256, blob]));
  const stored = new Set<string>();
  const storeOne = async (blob: BackupManifest['blobs'][number]): Promise<void> => {
    if (stored.has(blob.sha256)) return;
    const base = blob.base === undefined ? undefined : byName.get(blob.base)!;
    if (base) await storeOne(base);
    const bytes = fileFrom(blobPath(dir, blob.sha256), base?.size ?? 0);
    await store.write(blob.sha256, bytes, base && { sha256: base.sha256, length: base.size });
    stored.add(blob.sha256);
  };
  for (const blob of blobs) await storeOne(blob);
}

function readManifest(dir: string): BackupManifest {
  const file = path.join(dir, MANIFEST);
  if (!fs.existsSync(file))
    throw new CliError('cli.file_not_found', `no ${MANIFEST} in ${dir}: not a backup`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as BackupManifest;
}

export async function restoreInstallation(
  config: Pick<Config, 'dataDir' | 'blobStore' | 'databaseUrl'>,
  dir: string,
  options: BackupOptions = {},
): Promise<BackupManifest> {
  const manifest = readManifest(dir);
  const expected = config.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.database.dialect !== expected)
    throw new CliError(
      'cli.bad_option',
      `the backup holds a ${manifest.database.dialect} database; this installation uses ${expected}`,
    );
  // every file is checked before anything is written
  const dump = path.join(dir, manifest.database.file);
  if ((await sha256OfFile(dump)) !== manifest.database.sha256)
    throw new CliError('cli.backup_damaged', `${manifest.database.file} does not match the manifest`);
  await checkBlobFiles(dir, manifest.blobs);
  fs.mkdirSync(config.dataDir, { recursive: true });
  if (!(await isEmptyInstallation(config)))
    throw new CliError(
      'cli.not_empty',
      'this installation already has data: restore goes into an empty database and blob store',
    );
  await storeBlobs(options.blobs ?? createBlobStore(config), dir, manifest.blobs);
  if (config.databaseUrl)
    await runTool(
      'pg_restore',
      ['--no-owner', '--no-privileges', '--exit-on-error', dump],
      config.databaseUrl,
    );
  else fs.copyFileSync(dump, path.join(config.dataDir, 'countersign.db'), fs.constants.COPYFILE_EXCL);
  return manifest;
}
