// Uploads received straight to disk (ADR 043, amendment): a multipart file is written chunk by
// chunk, as it arrives, into a temporary file in the blob store's `incoming/` folder and hashed
// on the way, so the serving thread never holds a whole upload and never hashes one in one go.
// The PDF threads read the file from there, and storing it as a blob is a hard link to it, not a
// copy. The file goes when the upload is answered (`release`); one left by a process that died is
// tidied like the store's other temporary files.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

/** An upload on disk, named by the SHA-256 of its bytes. */
export interface ReceivedBlob {
  /** the temporary file, until it is released */
  path: string;
  sha256: string;
  size: number;
}

const write = promisify(fs.write);
const fsync = promisify(fs.fsync);

const INCOMING = 'incoming';
/** `incoming/[<writer>.]<hex>.tmp`: an upload being received, by which process incarnation */
const INCOMING_FILE = /^(?:([0-9a-f-]{36})\.)?[0-9a-f]{16}\.tmp$/;

/**
 * Writes `source` into a new temporary file under `root`, flushed to disk before it is named, so
 * that linking it into the store is as durable as writing a blob. `tag`: the writer's id and a dot,
 * or nothing.
 */
export async function receiveInto(
  root: string,
  tag: string,
  source: AsyncIterable<Uint8Array>,
): Promise<ReceivedBlob> {
  const dir = path.join(root, INCOMING);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${tag}${randomBytes(8).toString('hex')}.tmp`);
  const hash = createHash('sha256');
  let size = 0;
  await writeFlushed(file, source, (chunk) => {
    hash.update(chunk);
    size += chunk.length;
  });
  return { path: file, sha256: hash.digest('hex'), size };
}

/**
 * Writes `chunks` into a new file and flushes it to disk; on a failure the file is removed.
 * `onChunk` sees each chunk before it is written.
 */
export async function writeFlushed(
  file: string,
  chunks: Iterable<Uint8Array> | AsyncIterable<Uint8Array>,
  onChunk?: (chunk: Uint8Array) => void,
): Promise<void> {
  const fd = fs.openSync(file, 'wx');
  try {
    for await (const chunk of chunks) {
      onChunk?.(chunk);
      for (let written = 0; written < chunk.length;)
        written += (await write(fd, chunk, written, chunk.length - written)).bytesWritten;
    }
    await fsync(fd);
  } catch (err) {
    fs.closeSync(fd);
    fs.rmSync(file, { force: true });
    throw err;
  }
  fs.closeSync(fd);
}

/** Removes the temporary file of an upload (its blob, if it was stored, stays). */
export async function releaseReceived(file: ReceivedBlob): Promise<void> {
  await fsp.rm(file.path, { force: true });
}

/**
 * Deletes the uploads being received that a dead writer left, or that are older than `before`;
 * returns how many.
 */
export async function tidyIncoming(root: string, before: Date, deadWriters: Set<string>): Promise<number> {
  let dealt = 0;
  for (const name of await incomingFiles(root)) {
    const full = path.join(root, INCOMING, name);
    const stat = await fsp.stat(full).catch(() => undefined);
    if (!stat || (stat.mtime >= before && !deadWriters.has(INCOMING_FILE.exec(name)?.[1] ?? ''))) continue;
    await fsp.rm(full, { force: true });
    dealt++;
  }
  return dealt;
}

/** The writers of the uploads being received. */
export async function incomingWriters(root: string): Promise<string[]> {
  return (await incomingFiles(root)).flatMap((name) => INCOMING_FILE.exec(name)?.[1] ?? []);
}

async function incomingFiles(root: string): Promise<string[]> {
  try {
    return (await fsp.readdir(path.join(root, INCOMING))).filter((name) => INCOMING_FILE.test(name));
  } catch {
    return [];
  }
}
