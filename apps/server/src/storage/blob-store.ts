// Content-addressed blob storage: a blob's name is the SHA-256 of its bytes, so writing the same
// document twice stores it once and a name can never point at other bytes. Blobs are written
// (atomically and durably: temp file flushed to disk, then renamed) before any row points at them.
//
// A new revision of a PDF is the revision it was made from plus an incremental update, so it may
// be stored as a tail (ADR 032): only the bytes it appends, in `<shard>/<sha>.tail` beside the
// whole files `<shard>/<sha>`, after a header that names the revision it extends:
//
//   countersign-tail 1\n            the format and its version
//   <base sha256>\n                 64 lowercase hex digits
//   <base length>\n                 in bytes, decimal
//   <the appended bytes>
//
// The name stays the SHA-256 of the full bytes, which `get` rebuilds from the chain of bases. A
// name may be stored both ways: bytes put without a base after a tail of them was stored (a signed
// revision downloaded and uploaded again) are written whole as well. Reads then take the whole
// file; the tail and its base stay listed, for the chain that still needs them.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { createWriteJournal, forgetJournals, journalled, journalWriters } from './write-journal.js';
import {
  incomingWriters,
  receiveInto,
  releaseReceived,
  tidyIncoming,
  writeFlushed,
  type ReceivedBlob,
} from './received-blobs.js';
import {
  ASIDE_FILE,
  asideSuffix,
  decodeTailHeader,
  encodeTailHeader,
  isSha256,
  nameBytes,
  settleRemoval,
  checkedStream,
  STREAM_CHUNK,
  TAIL,
  TAIL_HEADER_MAX,
  walkChain,
  type BlobBase,
  type StreamedBase,
  type TailHeader,
} from './blob-names.js';

export type { ReceivedBlob } from './received-blobs.js';

export type { BlobBase, StreamedBase } from './blob-names.js';
export { sha256Hex, sha256WithPrefix } from './blob-names.js';

export interface StoredBlob {
  sha256: string;
  writtenAt: Date;
  /** the blob it extends, when it is stored as a tail */
  base?: string;
}

export interface BlobStore {
  /**
   * Stores `bytes` and returns their name. With a `base` that they extend (they start with its
   * bytes, and the base is stored), only the appended bytes are written; otherwise all of them.
   */
  put(bytes: Uint8Array, base?: BlobBase): Promise<string>;
  /**
   * Writes an upload to a temporary file as it arrives, naming it on the way (received-blobs.ts):
   * nothing is stored yet, and the caller releases the file when it is done with it.
   */
  receive(source: AsyncIterable<Uint8Array>): Promise<ReceivedBlob>;
  /** Stores a received upload under its name: a hard link to its file, as durable as `put`. */
  putReceived(file: ReceivedBlob): Promise<string>;
  /** Removes a received upload's temporary file; what was stored from it stays. */
  release(file: ReceivedBlob): Promise<void>;
  get(sha256: string): Promise<Buffer>;
  /**
   * The blob's bytes in order, read a chunk at a time (a tail's chain from its base up), so that
   * a blob of any size passes through without being held whole. Ends with an error, after the
   * bytes, when a store that checks reads finds they do not hash to the name.
   */
  stream(sha256: string): AsyncIterable<Uint8Array>;
  /**
   * Stores the bytes `source` yields under the name the caller expects, as they arrive, and
   * nothing when they do not hash to it. With a `base` (stored, `base.length` bytes long) the
   * source yields only the bytes after the base's, and the blob is stored as a tail of it, as
   * `put` stores a revision; the name is checked over the base read back, then the source.
   */
  write(sha256: string, source: AsyncIterable<Uint8Array>, base?: StreamedBase): Promise<void>;
  has(sha256: string): Promise<boolean>;
  /**
   * The file that holds the blob whole, for a reader on another thread; undefined when it is
   * stored only as a tail (or not at all).
   */
  wholeFile(sha256: string): string | undefined;
  /** The blob a tail extends; undefined when the name is not stored as a tail. */
  baseOf(sha256: string): Promise<string | undefined>;
  /**
   * Removes the blob in whichever forms it is stored (never its base) unless `stillNeeded`, asked
   * once the files are out of reach, says a row has come to name it; then they are put back. True
   * when the blob is gone. Paired with `ensure`, this keeps a blob that a writer reuses at the
   * same moment (ADR 034).
   */
  remove(sha256: string, stillNeeded: () => Promise<boolean>): Promise<boolean>;
  /**
   * After the commit of a row that names `bytes` (stored, or found stored, by `put`): writes them
   * again, whole, if a removal took them meanwhile. Costs one existence check when they are there.
   */
  ensure(sha256: string, bytes: Uint8Array | ReceivedBlob): Promise<void>;
  /**
   * Clears what a process that died left before `before`: a temporary file is deleted, and a blob
   * set aside by a removal goes back to its name when that name is free (the sweep then decides
   * about it as about any other blob). Returns how many files it dealt with.
   */
  tidy(before: Date, deadWriters?: Set<string>): Promise<number>;
  /** The process incarnations that left temporary files, set-aside blobs or a write journal. */
  writers(): Promise<Set<string>>;
  /** The blobs the given incarnations created lately (their write journals, ADR 046). */
  writtenBy(writers: Set<string>): Promise<Set<string>>;
  /** Drops the write journals of the given incarnations once their blobs are dealt with. */
  forgetWriters(writers: Set<string>): Promise<void>;
  /** Every stored blob with the time it was written, for the sweep of unreferenced blobs. */
  list(): AsyncIterable<StoredBlob>;
}

const read = promisify(fs.read);
const fsync = promisify(fs.fsync);

/** `<blob file>.[<writer>.]<hex>.tmp`: a blob being written, by which process incarnation */
const TEMP_FILE = /^[0-9a-f]{64}(?:\.tail)?\.(?:([0-9a-f-]{36})\.)?[0-9a-f]{12}\.tmp$/;

/** Flushes the directory entry of a file just renamed or linked into place. */
async function syncDirectoryOf(file: string): Promise<void> {
  const dir = fs.openSync(path.dirname(file), 'r');
  try {
    await fsync(dir);
  } finally {
    fs.closeSync(dir);
  }
}

const isMissing = (err: unknown): boolean => (err as { code?: unknown }).code === 'ENOENT';

/** Opens a file for reading, or undefined when it does not exist. */
function openIfExists(file: string): number | undefined {
  try {
    return fs.openSync(file, 'r');
  } catch (err) {
    if (isMissing(err)) return undefined;
    throw err;
  }
}

async function readFully(fd: number, into: Buffer, at: number, length: number, position: number) {
  for (let done = 0; done < length;) {
    const { bytesRead } = await read(fd, into, at + done, length - done, position + done);
    if (bytesRead === 0) return done;
    done += bytesRead;
  }
  return length;
}

/**
 * A tail's header: its first bytes, which the page cache holds like the file's metadata, so it is
 * read synchronously (as exists, open and stat are, see below).
 */
function readTailHeader(fd: number, sha: string): TailHeader {
  const buffer = Buffer.alloc(TAIL_HEADER_MAX);
  const length = fs.readSync(fd, buffer, 0, buffer.length, 0);
  return decodeTailHeader(buffer.subarray(0, length), sha);
}

/**
 * `writer`: the process incarnation writing (ADR 046). Its temporary and set-aside files carry its
 * id and it journals the blobs it creates, so that once it is dead they are dealt with at once.
 */
export function createDirectoryBlobStore(root: string, options: { writer?: string } = {}): BlobStore {
  const journal = options.writer ? createWriteJournal(root, options.writer) : undefined;
  const tag = options.writer ? `${options.writer}.` : '';
  const fileOf = (sha: string): string => {
    if (!isSha256(sha)) throw new Error(`not a blob name: ${sha}`);
    return path.join(root, sha.slice(0, 2), sha);
  };
  // Metadata calls that the page cache answers (exists, mkdir, open, close, rename) are made
  // synchronously: each costs microseconds, far less than a round trip through libuv's thread
  // pool, which a busy server pays in fractions of a millisecond. The calls that wait for the
  // disk (write, read and the flushes) stay asynchronous.
  const wholeExists = (sha: string): boolean => fs.existsSync(fileOf(sha));
  const tailExists = (sha: string): boolean => fs.existsSync(fileOf(sha) + TAIL);
  const exists = (sha: string): boolean => wholeExists(sha) || tailExists(sha);

  // The row that will point here is committed durably by the database, so the bytes must be on
  // disk first: flush the file, rename it into place, then flush the directory entry.
  async function writeDurably(
    target: string,
    chunks: Iterable<Uint8Array> | AsyncIterable<Uint8Array>,
  ): Promise<void> {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    journal?.record(path.basename(target).replace(TAIL, ''));
    const temp = `${target}.${tag}${randomBytes(6).toString('hex')}.tmp`;
    await writeFlushed(temp, chunks);
    fs.renameSync(temp, target);
    await syncDirectoryOf(target);
  }

  /** A received upload's file (already flushed) linked in under its name, the entry flushed. */
  async function linkDurably(file: ReceivedBlob): Promise<void> {
    const target = fileOf(file.sha256);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    journal?.record(file.sha256);
    try {
      fs.linkSync(file.path, target);
    } catch (err) {
      // the same name is the same bytes: another writer stored them first
      if ((err as { code?: unknown }).code !== 'EEXIST') throw err;
    }
    await syncDirectoryOf(target);
  }

  /** The blob's file: the whole one if there is one, else the tail with its header. */
  function openBlob(sha: string): { fd: number; tail?: TailHeader } | undefined {
    const whole = openIfExists(fileOf(sha));
    if (whole !== undefined) return { fd: whole };
    const fd = openIfExists(fileOf(sha) + TAIL);
    if (fd === undefined) return undefined;
    try {
      return { fd, tail: readTailHeader(fd, sha) };
    } catch (err) {
      fs.closeSync(fd);
      throw err;
    }
  }

  /** A tail's header and when it was written, or undefined when the name has no tail. */
  function statTail(sha: string): (TailHeader & { mtime: Date }) | undefined {
    const fd = openIfExists(fileOf(sha) + TAIL);
    if (fd === undefined) return undefined;
    try {
      return { ...readTailHeader(fd, sha), mtime: fs.fstatSync(fd).mtime };
    } finally {
      fs.closeSync(fd);
    }
  }

  async function listed(sha: string, hasWhole: boolean, hasTail: boolean): Promise<StoredBlob | undefined> {
    const tail = hasTail ? statTail(sha) : undefined;
    let whole: Date | undefined;
    try {
      if (hasWhole) whole = (await fsp.stat(fileOf(sha))).mtime;
    } catch (err) {
      if (!isMissing(err)) throw err;
    }
    // a form removed since the folder was read is not listed; a name stored both ways is as new
    // as its newer file, and names its tail's base, whose chain stays as long as the tail does
    if (!tail) return whole && { sha256: sha, writtenAt: whole };
    const writtenAt = whole && whole > tail.mtime ? whole : tail.mtime;
    return { sha256: sha, writtenAt, base: tail.base };
  }

  /** Each shard folder (`<root>/<two hex digits>`) with the names it holds; none before the first put. */
  async function* shards(): AsyncGenerator<{ dir: string; files: Set<string> }> {
    let names: string[];
    try {
      names = await fsp.readdir(root);
    } catch {
      return;
    }
    for (const shard of names) {
      if (!/^[0-9a-f]{2}$/.test(shard)) continue;
      const dir = path.join(root, shard);
      yield { dir, files: new Set(await fsp.readdir(dir)) };
    }
  }

  /** Opens the files of the chain of `sha`, noting each descriptor in `opened` for the caller to close. */
  const openChain = (sha: string, opened: number[]) =>
    walkChain(sha, async (name) => {
      const blob = openBlob(name);
      if (!blob) return undefined;
      opened.push(blob.fd);
      return { source: blob.fd, size: fs.fstatSync(blob.fd).size, ...(blob.tail && { tail: blob.tail }) };
    });

  async function* stream(sha: string): AsyncGenerator<Uint8Array> {
    const opened: number[] = [];
    try {
      const { parts } = await openChain(sha, opened);
      // the chain is walked from the top down; its bytes come from the bottom up
      for (const part of [...parts].reverse())
        for (let done = 0; done < part.length;) {
          const chunk = Buffer.allocUnsafe(Math.min(STREAM_CHUNK, part.length - done));
          const length = await readFully(part.source, chunk, 0, chunk.length, part.position + done);
          if (length < chunk.length) throw new Error(`blob ${sha} is shorter than its size`);
          done += length;
          yield chunk;
        }
    } finally {
      for (const fd of opened) fs.closeSync(fd);
    }
  }

  return {
    async put(bytes, base) {
      const { sha, extendsBase } = nameBytes(bytes, base);
      const asTail = base !== undefined && extendsBase && exists(base.sha256);
      // Bytes put whole are stored whole even when a tail of them is already stored: whoever
      // puts them so (an upload of a downloaded revision) may keep them after that tail's
      // chain is gone.
      if (wholeExists(sha) || (asTail && tailExists(sha))) return sha;
      if (asTail) {
        const header = encodeTailHeader(base.sha256, base.bytes.length);
        await writeDurably(fileOf(sha) + TAIL, [header, bytes.subarray(base.bytes.length)]);
      } else await writeDurably(fileOf(sha), [bytes]);
      return sha;
    },

    receive: (source) => receiveInto(root, tag, source),

    release: releaseReceived,

    async putReceived(file) {
      if (!wholeExists(file.sha256)) await linkDurably(file);
      return file.sha256;
    },

    async get(sha) {
      // Walk down the chain first, keeping each file open, so that the full size is known before
      // reading: the bytes are then read once, each part straight into its place.
      const opened: number[] = [];
      try {
        const { size, parts } = await openChain(sha, opened);
        // the parts go to separate places: read at once, one wait for all of them
        const bytes = Buffer.allocUnsafe(size);
        const read = await Promise.all(
          parts.map((part) => readFully(part.source, bytes, part.at, part.length, part.position)),
        );
        if (read.some((length, i) => length < parts[i]!.length))
          throw new Error(`blob ${sha} is shorter than its size`);
        return bytes;
      } finally {
        for (const fd of opened) fs.closeSync(fd);
      }
    },

    stream,

    async write(sha, source, base) {
      if (!isSha256(sha)) throw new Error(`not a blob name: ${sha}`);
      // as `put`: bytes written whole are kept whole even beside a tail of them
      if (wholeExists(sha) || (base && tailExists(sha))) return;
      if (base && !exists(base.sha256))
        throw new Error(`blob ${sha} extends blob ${base.sha256}, which is not stored`);
      const checked = checkedStream(sha, source, base && { ...base, bytes: stream(base.sha256) });
      await writeDurably(fileOf(sha) + (base ? TAIL : ''), checked);
    },

    // a name that is no blob name is not held, rather than an error
    has: async (sha) => isSha256(sha) && exists(sha),

    wholeFile: (sha) => (isSha256(sha) && wholeExists(sha) ? fileOf(sha) : undefined),

    baseOf: async (sha) => statTail(sha)?.base,

    async remove(sha, stillNeeded) {
      // Renamed aside first: from here on `put` and `ensure` see the name free and write the
      // bytes anew, so a writer whose row commits after `stillNeeded` has answered keeps its blob
      // through its own `ensure`, and one that committed before is seen by `stillNeeded`.
      const stamp = asideSuffix(randomBytes(6).toString('hex'), options.writer);
      const moved: { file: string; aside: string }[] = [];
      const putBack = () => {
        for (const { file, aside } of moved) fs.renameSync(aside, file);
      };
      for (const file of [fileOf(sha), fileOf(sha) + TAIL]) {
        const aside = `${file}.${stamp}`;
        try {
          fs.renameSync(file, aside);
          moved.push({ file, aside });
        } catch (err) {
          if (isMissing(err)) continue;
          putBack();
          throw err;
        }
      }
      // written again meanwhile by `ensure`, a name is replaced by the same bytes: harmless
      return settleRemoval(moved.length, stillNeeded, putBack, () =>
        Promise.all(moved.map(({ aside }) => fsp.rm(aside, { force: true }))),
      );
    },

    async ensure(sha, bytes) {
      if (exists(sha)) return;
      if (bytes instanceof Uint8Array) await writeDurably(fileOf(sha), [bytes]);
      else await linkDurably(bytes);
    },

    async tidy(before, deadWriters = new Set()) {
      let dealt = await tidyIncoming(root, before, deadWriters);
      for await (const { dir, files } of shards()) {
        for (const file of files) {
          const full = path.join(dir, file);
          const aside = ASIDE_FILE.exec(file);
          if (aside) {
            if (Number(aside[2]) >= before.getTime() && !deadWriters.has(aside[3] ?? '')) continue;
            const name = path.join(dir, aside[1]!);
            if (fs.existsSync(name)) await fsp.rm(full, { force: true });
            else fs.renameSync(full, name);
            dealt++;
          } else if (TEMP_FILE.test(file)) {
            const stat = await fsp.stat(full).catch(() => undefined);
            if (!stat || (stat.mtime >= before && !deadWriters.has(TEMP_FILE.exec(file)?.[1] ?? '')))
              continue;
            await fsp.rm(full, { force: true });
            dealt++;
          }
        }
      }
      return dealt;
    },

    async writers() {
      const found = await journalWriters(root);
      for (const writer of await incomingWriters(root)) found.add(writer);
      for await (const { files } of shards())
        for (const file of files) {
          const writer = ASIDE_FILE.exec(file)?.[3] ?? TEMP_FILE.exec(file)?.[1];
          if (writer) found.add(writer);
        }
      return found;
    },

    writtenBy: (writers) => journalled(root, writers),

    forgetWriters: (writers) => forgetJournals(root, writers),

    async *list() {
      for await (const { files } of shards()) {
        for (const file of files) {
          const isTail = file.endsWith(TAIL);
          const sha = isTail ? file.slice(0, -TAIL.length) : file;
          // temporary files and anything else are not blobs; a name stored both ways is listed once
          if (!isSha256(sha) || (!isTail && files.has(sha + TAIL))) continue;
          const entry = await listed(sha, !isTail || files.has(sha), isTail);
          if (entry) yield entry;
        }
      }
    },
  };
}
