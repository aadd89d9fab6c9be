// What every blob store shares about names and formats: a blob is named by the SHA-256 of its
// bytes, a revision may be stored as a tail of the revision it extends (ADR 032), and a removal
// sets a blob aside under a name that says when and by whom (ADR 034). The directory store and
// the S3 store (ADR 071) keep the same object names and the same tail format.
import { createHash } from 'node:crypto';

/** The revision new bytes extend: its name and its full bytes, which the caller holds. */
export interface BlobBase {
  sha256: string;
  bytes: Uint8Array;
}

export interface TailHeader {
  base: string;
  baseLength: number;
  headerLength: number;
}

export const isSha256 = (s: string): boolean => /^[0-9a-f]{64}$/.test(s);
export const TAIL = '.tail';
/**
 * `<blob>.<milliseconds since 1970>-<hex>[-<writer>].removing`: a blob set aside by a removal,
 * when, and by which process incarnation
 */
export const ASIDE_FILE =
  /^([0-9a-f]{64}(?:\.tail)?)\.([0-9]{1,15})-[0-9a-f]{12}(?:-([0-9a-f-]{36}))?\.removing$/;
const TAIL_MAGIC = 'countersign-tail 1';
// a length of at most 15 digits stays below 2^53, so it reads back exactly as a number
const TAIL_HEADER = new RegExp(`^${TAIL_MAGIC}\\n([0-9a-f]{64})\\n(0|[1-9][0-9]{0,14})\\n`);
/** more than the longest header (100 bytes) */
export const TAIL_HEADER_MAX = 128;

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * The names of `bytes` and of their first `length` bytes, in one pass: a revision and the one it
 * extends (or the original it starts with).
 */
export function sha256WithPrefix(bytes: Uint8Array, length: number): { prefix: string; whole: string } {
  const hash = createHash('sha256').update(bytes.subarray(0, length));
  const prefix = hash.copy().digest('hex');
  return { prefix, whole: hash.update(bytes.subarray(length)).digest('hex') };
}

/**
 * Names `bytes` and tells whether they may be stored as a tail of `base`: they are longer, and
 * their first `base.bytes.length` bytes hash to the base's name, so they are the bytes that name
 * stands for. That costs nothing more (the same pass over the bytes names both) and makes a
 * caller that passes one revision's name with another's bytes harmless.
 */
export function nameBytes(bytes: Uint8Array, base?: BlobBase): { sha: string; extendsBase: boolean } {
  if (!base) return { sha: sha256Hex(bytes), extendsBase: false };
  const { prefix, whole } = sha256WithPrefix(bytes, base.bytes.length);
  // the prefix hashing to the base's name is the proof that it is the base's bytes
  return { sha: whole, extendsBase: bytes.length > base.bytes.length && prefix === base.sha256 };
}

/** The header a tail of `base` (of `length` bytes) starts with. */
export function encodeTailHeader(base: string, length: number): Buffer {
  return Buffer.from(`${TAIL_MAGIC}\n${base}\n${length}\n`, 'latin1');
}

/** The blob a streamed write extends: its name and length; the store reads its bytes back. */
export interface StreamedBase {
  sha256: string;
  length: number;
}

/** How many bytes a store reads or hands on at a time when it streams a blob. */
export const STREAM_CHUNK = 1024 * 1024;

/**
 * `source` passed through, checked on the way to be the bytes named `sha`: with a base, they are
 * the bytes after `baseBytes` (which must be `base.length` long and are hashed first). The check
 * fails at the end of the stream, before the writer reading it finishes, so a store that writes
 * to a temporary file or a multipart upload never names wrong bytes.
 */
export async function* checkedStream(
  sha: string,
  source: AsyncIterable<Uint8Array>,
  base?: StreamedBase & { bytes: AsyncIterable<Uint8Array> },
): AsyncGenerator<Uint8Array> {
  if (!isSha256(sha)) throw new Error(`not a blob name: ${sha}`);
  const hash = createHash('sha256');
  if (base) {
    let length = 0;
    for await (const chunk of base.bytes) {
      hash.update(chunk);
      length += chunk.length;
    }
    if (length !== base.length)
      throw new Error(`blob ${sha} extends ${base.length} bytes of blob ${base.sha256}, which has ${length}`);
    yield encodeTailHeader(base.sha256, base.length);
  }
  let appended = 0;
  for await (const chunk of source) {
    hash.update(chunk);
    appended += chunk.length;
    yield chunk;
  }
  // a tail appends something (walkChain refuses one that does not)
  if (base && appended === 0) throw new Error(`blob ${sha} would be a tail that appends nothing`);
  if (hash.digest('hex') !== sha)
    throw new Error(`the bytes written as blob ${sha} do not hash to that name`);
}

/** Reads the header at the start of `bytes`, the first bytes of the tail stored for `sha`. */
export function decodeTailHeader(bytes: Uint8Array, sha: string): TailHeader {
  const start = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, TAIL_HEADER_MAX));
  const match = TAIL_HEADER.exec(start.toString('latin1'));
  if (!match) throw new Error(`blob ${sha} is stored as a tail without a valid header`);
  return { base: match[1]!, baseLength: Number(match[2]), headerLength: match[0].length };
}

/** The error `get` gives for a name that is not stored, the same from every store. */
export function noSuchBlob(sha: string): Error {
  return Object.assign(new Error(`ENOENT: no blob ${sha}`), { code: 'ENOENT' });
}

/** A `.removing` name for a blob object set aside now by `writer`. */
export function asideSuffix(random: string, writer?: string): string {
  return `${Date.now()}-${random}${writer ? `-${writer}` : ''}.removing`;
}

/**
 * The end of a removal (ADR 034), once `setAside` objects are out of reach: asks whether a row
 * has come to need them, and puts them back if so (or if asking fails); discards them otherwise.
 * True when the blob is gone.
 */
export async function settleRemoval(
  setAside: number,
  stillNeeded: () => Promise<boolean>,
  putBack: () => unknown,
  discard: () => Promise<unknown>,
): Promise<boolean> {
  if (setAside === 0) return true;
  let needed: boolean;
  try {
    needed = await stillNeeded();
  } catch (err) {
    await putBack();
    throw err;
  }
  if (needed) await putBack();
  else await discard();
  return !needed;
}

/** One piece of a blob read from its chain: `length` bytes of `source` from `position`, put at `at`. */
export interface ChainPart<T> {
  source: T;
  position: number;
  length: number;
  at: number;
}

/** A stored object of a blob: whole, or a tail with its header; `size` counts the header too. */
export interface OpenedBlob<T> {
  source: T;
  size: number;
  tail?: TailHeader;
}

/**
 * Walks down the chain of `sha` (tail, its base, ... down to a whole blob), checking that each
 * base has the length its child recorded; returns the full size and where each part goes.
 */
export async function walkChain<T>(
  sha: string,
  open: (name: string) => Promise<OpenedBlob<T> | undefined>,
): Promise<{ size: number; parts: ChainPart<T>[] }> {
  const parts: ChainPart<T>[] = [];
  let size = -1;
  let expected: number | undefined;
  for (let name = sha, child: string | undefined; ;) {
    const blob = await open(name);
    if (!blob) {
      if (child === undefined) throw noSuchBlob(name);
      throw new Error(`blob ${child} extends blob ${name}, which is not stored`);
    }
    if (!blob.tail) {
      if (expected !== undefined && blob.size !== expected)
        throw new Error(`blob ${child} extends ${expected} bytes of blob ${name}, which has ${blob.size}`);
      parts.push({ source: blob.source, position: 0, length: blob.size, at: 0 });
      return { size: size < 0 ? blob.size : size, parts };
    }
    const { base, baseLength, headerLength } = blob.tail;
    const appended = blob.size - headerLength;
    // a tail appends something, so lengths fall down a chain and a chain cannot loop
    if (appended <= 0) throw new Error(`blob ${name} is stored as a tail that appends nothing`);
    if (expected !== undefined && baseLength + appended !== expected)
      throw new Error(
        `blob ${child} extends ${expected} bytes of blob ${name}, which has ${baseLength + appended}`,
      );
    if (size < 0) size = baseLength + appended;
    parts.push({ source: blob.source, position: headerLength, length: appended, at: baseLength });
    expected = baseLength;
    child = name;
    name = base;
  }
}
