// The part of node:zlib the PDF reader uses, for the browser (ADR 079): inflate with Node's output
// ceiling (`maxOutputLength`, refused with Node's ERR_BUFFER_TOO_LARGE as soon as the output passes
// it, so a deflate bomb costs no more memory here than on the server) and with Z_SYNC_FLUSH taking
// what a stream without its checksum inflates to; deflate for the few writers the reader's modules
// carry. fflate does the work, in chunks, so the ceiling is checked as the output grows.
import { Unzlib, zlibSync } from 'fflate';

export const constants = { Z_SYNC_FLUSH: 2, Z_FINISH: 4 } as const;

interface InflateOptions {
  maxOutputLength?: number;
  chunkSize?: number;
  finishFlush?: number;
}

function tooLarge(limit: number): RangeError {
  const error = new RangeError(`Cannot create a Buffer larger than ${limit} bytes`);
  (error as RangeError & { code: string }).code = 'ERR_BUFFER_TOO_LARGE';
  return error;
}

export function inflateSync(data: Uint8Array, options: InflateOptions = {}): Uint8Array {
  const limit = options.maxOutputLength ?? Number.MAX_SAFE_INTEGER;
  const chunks: Uint8Array[] = [];
  let length = 0;
  const stream = new Unzlib((chunk) => {
    length += chunk.length;
    if (length > limit) throw tooLarge(limit);
    chunks.push(chunk);
  });
  // a stream cut short (no checksum) is an error unless the caller asked for what there is
  stream.push(data, options.finishFlush !== constants.Z_SYNC_FLUSH);
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

export function deflateSync(data: Uint8Array): Uint8Array {
  return zlibSync(data);
}
