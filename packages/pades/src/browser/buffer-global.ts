// Node's Buffer, which the PDF reader and the validator use for latin1, hex and UTF-16 text, from
// the `buffer` package in a browser. Imported first by the worker, before any engine module.
// Node's `equals` takes any Uint8Array; the package's takes only its Buffer (and threw inside the
// comparison of revisions, which then reported every later change as "other").
import { Buffer } from 'buffer';

const equals = Buffer.prototype.equals;
Buffer.prototype.equals = function equalsAnyBytes(this: Buffer, other: Uint8Array): boolean {
  const theirs = Buffer.isBuffer(other)
    ? other
    : Buffer.from(other.buffer, other.byteOffset, other.byteLength);
  return equals.call(this, theirs);
};

(globalThis as { Buffer?: unknown }).Buffer ??= Buffer;
