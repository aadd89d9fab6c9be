// The blob store on an S3 bucket (ADR 071), for servers that keep documents in an object store
// rather than on a local disk. Objects carry the directory store's names under `blobs/`
// (`blobs/<shard>/<sha>`, `<sha>.tail`, set-aside `.removing` names) and tails keep their format
// (ADR 032), so the two stores behave the same to the sweep and to recovery. What is not stored
// yet stays on the local disk, under `scratch`: uploads as they arrive (a PDF thread reads them
// from there) and the write journals of this machine's processes (ADR 046).
//
// S3 writes an object whole or not at all, so there is no temporary object: a put that dies
// leaves at most the parts of a multipart upload, which the upload aborts when it fails and a
// lifecycle rule or `tidy` removes when the process was killed. Every read is checked against
// the blob's name: the bytes rebuilt from the chain must hash to it.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { Readable, Transform } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3ServiceException,
  type S3Client,
  type _Object,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { BlobStore, StoredBlob } from './blob-store.js';
import {
  ASIDE_FILE,
  asideSuffix,
  checkedStream,
  decodeTailHeader,
  encodeTailHeader,
  isSha256,
  nameBytes,
  settleRemoval,
  sha256Hex,
  TAIL,
  TAIL_HEADER_MAX,
  walkChain,
} from './blob-names.js';
import {
  incomingWriters,
  receiveInto,
  releaseReceived,
  tidyIncoming,
  type ReceivedBlob,
} from './received-blobs.js';
import { createWriteJournal, forgetJournals, journalled, journalWriters } from './write-journal.js';

export interface S3BlobStoreOptions {
  client: S3Client;
  bucket: string;
  /** a local folder for uploads being received and the write journals */
  scratch: string;
  /** the process incarnation writing (ADR 046) */
  writer?: string;
}

/** Where the blobs are in the bucket, so that the bucket may hold other things beside them. */
export const BLOB_PREFIX = 'blobs/';
/** Parts of a multipart upload: S3's smallest part is 5 MB; most documents go in one request. */
const PART_SIZE = 8 * 1024 * 1024;

const isMissing = (err: unknown): boolean =>
  err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404;

const isUnsupported = (err: unknown): boolean =>
  err instanceof S3ServiceException && err.$metadata.httpStatusCode === 501;

/** Bytes of a file on their way to the bucket, checked against the name they were received under. */
function checkedAgainst(file: ReceivedBlob): Readable {
  const hash = createHash('sha256');
  let size = 0;
  const check = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
    // failing here fails the upload before its last part, so no object appears
    flush(done) {
      const sha = hash.digest('hex');
      if (sha === file.sha256 && size === file.size) done();
      else done(new Error(`the received file of blob ${file.sha256} changed on disk before it was stored`));
    },
  });
  return fs.createReadStream(file.path).pipe(check);
}

export function createS3BlobStore(options: S3BlobStoreOptions): BlobStore {
  const { client, bucket, scratch, writer } = options;
  const journal = writer ? createWriteJournal(scratch, writer) : undefined;
  const keyOf = (sha: string): string => {
    if (!isSha256(sha)) throw new Error(`not a blob name: ${sha}`);
    return `${BLOB_PREFIX}${sha.slice(0, 2)}/${sha}`;
  };

  async function exists(key: string): Promise<boolean> {
    try {
      await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return true;
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }
  const holds = async (sha: string) => (await exists(keyOf(sha))) || (await exists(keyOf(sha) + TAIL));

  /** An object's bytes (from `range`, when given), or undefined when it is not there. */
  async function read(key: string, range?: string): Promise<Uint8Array | undefined> {
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: range }));
      return await answer.Body!.transformToByteArray();
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  }

  /** Writes an object; one request for a small body, a multipart upload for a large one. */
  async function upload(sha: string, key: string, body: Uint8Array | Readable): Promise<void> {
    journal?.record(sha);
    const params = { Bucket: bucket, Key: key, Body: body };
    await new Upload({ client, params, partSize: PART_SIZE, queueSize: 2, leavePartsOnError: false }).done();
  }

  const uploadWhole = (sha: string, bytes: Uint8Array | ReceivedBlob) =>
    upload(sha, keyOf(sha), bytes instanceof Uint8Array ? bytes : checkedAgainst(bytes));

  async function copy(from: string, to: string): Promise<void> {
    await client.send(new CopyObjectCommand({ Bucket: bucket, Key: to, CopySource: `${bucket}/${from}` }));
  }
  const remove = (key: string) => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));

  /** Every object under the prefix, in the order of their keys. */
  async function* objects(): AsyncGenerator<_Object & { Key: string }> {
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: BLOB_PREFIX, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) if (object.Key) yield { ...object, Key: object.Key };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** The objects set aside by removals, with the name each belongs under. */
  async function* asides(): AsyncGenerator<{ key: string; name: string; at: number; writer?: string }> {
    for await (const { Key } of objects()) {
      const slash = Key.lastIndexOf('/');
      const match = ASIDE_FILE.exec(Key.slice(slash + 1));
      if (!match) continue;
      const name = Key.slice(0, slash + 1) + match[1]!;
      yield { key: Key, name, at: Number(match[2]), ...(match[3] && { writer: match[3] }) };
    }
  }

  /** Aborts the multipart uploads begun before `before`: what a killed writer left in parts. */
  async function abortStaleUploads(before: Date): Promise<number> {
    let aborted = 0;
    try {
      const listed = await client.send(
        new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: BLOB_PREFIX }),
      );
      for (const { Key, UploadId, Initiated } of listed.Uploads ?? []) {
        if (!Key || !UploadId || !Initiated || Initiated >= before) continue;
        await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key, UploadId }));
        aborted++;
      }
    } catch (err) {
      // a service without the listing relies on its lifecycle rule alone (ADR 071)
      if (!isUnsupported(err)) throw err;
    }
    return aborted;
  }

  /** The blob named `sha`, from the objects of its name (whole, tail), or undefined. */
  async function listed(sha: string, found: Map<string, Date>): Promise<StoredBlob | undefined> {
    const whole = found.get(keyOf(sha));
    const tailAt = found.get(keyOf(sha) + TAIL);
    // a tail removed since the listing is not listed
    const base = tailAt && (await baseOf(sha));
    if (!base) return whole && { sha256: sha, writtenAt: whole };
    const writtenAt = whole && whole > tailAt ? whole : tailAt;
    return { sha256: sha, writtenAt, base };
  }

  /** An object's size, or undefined when it is not there. */
  async function sizeOf(key: string): Promise<number | undefined> {
    try {
      return (await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).ContentLength ?? 0;
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  }

  async function* stream(sha: string): AsyncGenerator<Uint8Array> {
    const { parts } = await walkChain(sha, async (name) => {
      const whole = await sizeOf(keyOf(name));
      if (whole !== undefined) return { source: keyOf(name), size: whole };
      const key = keyOf(name) + TAIL;
      const size = await sizeOf(key);
      const start = size === undefined ? undefined : await read(key, `bytes=0-${TAIL_HEADER_MAX - 1}`);
      return start && { source: key, size: size!, tail: decodeTailHeader(start, name) };
    });
    const hash = createHash('sha256');
    // each part a ranged read, streamed: from the chain's whole blob at the bottom up its tails
    for (const part of [...parts].reverse()) {
      if (part.length === 0) continue;
      const range = `bytes=${part.position}-${part.position + part.length - 1}`;
      const answer = await client.send(
        new GetObjectCommand({ Bucket: bucket, Key: part.source, Range: range }),
      );
      let length = 0;
      for await (const chunk of answer.Body as AsyncIterable<Uint8Array>) {
        hash.update(chunk);
        length += chunk.length;
        yield chunk;
      }
      if (length !== part.length) throw new Error(`blob ${sha} is shorter than its size`);
    }
    if (hash.digest('hex') !== sha)
      throw new Error(`blob ${sha} read from the bucket does not hash to its name`);
  }

  async function baseOf(sha: string): Promise<string | undefined> {
    if (!isSha256(sha)) return undefined;
    const start = await read(keyOf(sha) + TAIL, `bytes=0-${TAIL_HEADER_MAX - 1}`);
    return start && decodeTailHeader(start, sha).base;
  }

  return {
    async put(bytes, base) {
      const { sha, extendsBase } = nameBytes(bytes, base);
      const asTail = base !== undefined && extendsBase && (await holds(base.sha256));
      // as in the directory store, bytes put whole are kept whole even beside a tail of them
      if ((await exists(keyOf(sha))) || (asTail && (await exists(keyOf(sha) + TAIL)))) return sha;
      if (asTail) {
        const header = encodeTailHeader(base.sha256, base.bytes.length);
        const tail = Buffer.concat([header, bytes.subarray(base.bytes.length)]);
        await upload(sha, keyOf(sha) + TAIL, tail);
      } else await upload(sha, keyOf(sha), bytes);
      return sha;
    },

    receive: (source) => receiveInto(scratch, writer ? `${writer}.` : '', source),

    release: releaseReceived,

    async putReceived(file) {
      if (!(await exists(keyOf(file.sha256)))) await uploadWhole(file.sha256, file);
      return file.sha256;
    },

    async get(sha) {
      const { size, parts } = await walkChain(sha, async (name) => {
        const whole = await read(keyOf(name));
        if (whole) return { source: whole, size: whole.length };
        const tail = await read(keyOf(name) + TAIL);
        return tail && { source: tail, size: tail.length, tail: decodeTailHeader(tail, name) };
      });
      const bytes = Buffer.allocUnsafe(size);
      for (const part of parts)
        bytes.set(part.source.subarray(part.position, part.position + part.length), part.at);
      // the name is the checksum: bytes damaged in the bucket or on the way are never served
      if (sha256Hex(bytes) !== sha)
        throw new Error(`blob ${sha} read from the bucket does not hash to its name`);
      return bytes;
    },

    stream,

    async write(sha, source, base) {
      if (!isSha256(sha)) throw new Error(`not a blob name: ${sha}`);
      // as `put`: bytes written whole are kept whole even beside a tail of them
      if ((await exists(keyOf(sha))) || (base && (await exists(keyOf(sha) + TAIL)))) return;
      if (base && !(await holds(base.sha256)))
        throw new Error(`blob ${sha} extends blob ${base.sha256}, which is not stored`);
      // the check fails the upload before its last part when the bytes are not the name's
      const checked = checkedStream(sha, source, base && { ...base, bytes: stream(base.sha256) });
      await upload(sha, keyOf(sha) + (base ? TAIL : ''), Readable.from(checked));
    },

    // a name that is no blob name is not held, rather than an error
    has: async (sha) => isSha256(sha) && (await holds(sha)),

    // no blob is a local file: readers on other threads are handed the bytes
    wholeFile: () => undefined,

    baseOf,

    async remove(sha, stillNeeded) {
      // As in the directory store (ADR 034), but S3 has no rename: each object is copied to its
      // set-aside name, then deleted. S3 reads after writes consistently, so from the delete on
      // `put` and `ensure` see the name free.
      const suffix = asideSuffix(randomBytes(6).toString('hex'), writer);
      const moved: { key: string; aside: string }[] = [];
      const putBack = async () => {
        for (const { key, aside } of moved) {
          await copy(aside, key);
          await remove(aside);
        }
      };
      try {
        for (const key of [keyOf(sha), keyOf(sha) + TAIL]) {
          const aside = `${key}.${suffix}`;
          try {
            await copy(key, aside);
          } catch (err) {
            if (isMissing(err)) continue;
            throw err;
          }
          moved.push({ key, aside });
          await remove(key);
        }
      } catch (err) {
        await putBack();
        throw err;
      }
      return settleRemoval(moved.length, stillNeeded, putBack, async () => {
        for (const { aside } of moved) await remove(aside);
      });
    },

    async ensure(sha, bytes) {
      if (!(await holds(sha))) await uploadWhole(sha, bytes);
    },

    async tidy(before, deadWriters = new Set()) {
      let dealt = (await tidyIncoming(scratch, before, deadWriters)) + (await abortStaleUploads(before));
      for await (const aside of asides()) {
        if (aside.at >= before.getTime() && !deadWriters.has(aside.writer ?? '')) continue;
        if (!(await exists(aside.name))) await copy(aside.key, aside.name);
        await remove(aside.key);
        dealt++;
      }
      return dealt;
    },

    async writers() {
      const found = await journalWriters(scratch);
      for (const each of await incomingWriters(scratch)) found.add(each);
      for await (const aside of asides()) if (aside.writer) found.add(aside.writer);
      return found;
    },

    writtenBy: (writers) => journalled(scratch, writers),

    forgetWriters: (writers) => forgetJournals(scratch, writers),

    async *list() {
      // A listing comes in the order of the keys, so the objects of one name (`<sha>`,
      // `<sha>.tail`, their set-aside copies) come one after another.
      let current: string | undefined;
      let found = new Map<string, Date>();
      for await (const { Key, LastModified } of objects()) {
        const file = Key.slice(Key.lastIndexOf('/') + 1);
        const sha = file.slice(0, 64);
        if (sha !== current) {
          const entry = current && isSha256(current) ? await listed(current, found) : undefined;
          if (entry) yield entry;
          current = sha;
          found = new Map();
        }
        if (isSha256(sha) && (file === sha || file === sha + TAIL) && LastModified)
          found.set(Key, LastModified);
      }
      const entry = current && isSha256(current) ? await listed(current, found) : undefined;
      if (entry) yield entry;
    },
  };
}
