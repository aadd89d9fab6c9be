// Stream decoding for the filters this package has to read itself: FlateDecode with PNG and TIFF
// predictors (xref and object streams, 7.4.4), ASCIIHexDecode and ASCII85Decode. Image filters
// are never decoded here; the renderer has its own.

import { inflateSync, constants } from 'node:zlib';
import { PdfError } from './errors.js';
import { InflateBudget } from './limits.js';
import { PdfDict, PdfName } from './objects.js';
import type { PdfObject, PdfStream } from './objects.js';

type Resolve = (value: PdfObject | undefined) => PdfObject | undefined;

/** Node's error for an inflate that went past `maxOutputLength`. */
const isOverBudget = (error: unknown): boolean =>
  error instanceof RangeError && (error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE';

/**
 * zlib's output chunks for a stream that may inflate past this (zlib inflates at most about 1032
 * times): glibc maps chunks of this size on their own, so they go back to the system when they are
 * collected. In the default 16 KiB chunks a refused bomb's 128 MiB stayed in the thread's malloc
 * arena for good (measured 2026-11-24, four threads each refusing one bomb: 613 MB resident, 484
 * MB after the threads ended; in 32 MiB chunks, 56 MB once collected).
 */
const LARGE_OUTPUT_CHUNK = 32 * 1024 * 1024;
const MAX_INFLATE_RATIO = 1032;

/**
 * Inflates within the budget: zlib stops as soon as the output passes what the budget allows, so a
 * bomb costs at most that much memory before it is refused.
 */
export function inflate(data: Uint8Array, budget = new InflateBudget()): Uint8Array {
  const allowance = budget.nextStreamAllowance;
  const isLarge = data.length * MAX_INFLATE_RATIO > LARGE_OUTPUT_CHUNK;
  const run = (finishFlush?: number): Uint8Array =>
    inflateSync(data, {
      maxOutputLength: Math.max(1, allowance),
      ...(isLarge ? { chunkSize: LARGE_OUTPUT_CHUNK } : {}),
      ...(finishFlush ? { finishFlush } : {}),
    });
  let out: Uint8Array;
  try {
    out = run();
  } catch (error) {
    if (isOverBudget(error)) throw budget.exceeded(allowance);
    // Many producers write streams without the final checksum; take what inflates.
    try {
      out = run(constants.Z_SYNC_FLUSH);
    } catch (retryError) {
      if (isOverBudget(retryError)) throw budget.exceeded(allowance);
      throw new PdfError('pdf.corrupt', 'a FlateDecode stream cannot be inflated');
    }
  }
  if (out.length > allowance) throw budget.exceeded(allowance);
  budget.spend(out.length);
  // a small output of a large chunk is copied out, so that the chunk is not kept alive by it
  return isLarge && out.buffer.byteLength > 4 * out.length ? new Uint8Array(out) : out;
}

function undoPngPredictor(
  data: Uint8Array,
  columns: number,
  colors: number,
  bitsPerComponent: number,
): Uint8Array {
  const bytesPerPixel = Math.max(1, Math.ceil((colors * bitsPerComponent) / 8));
  const rowLength = Math.ceil((columns * colors * bitsPerComponent) / 8);
  const rows = Math.floor(data.length / (rowLength + 1));
  const out = new Uint8Array(rows * rowLength);
  for (let row = 0; row < rows; row++) {
    const type = data[row * (rowLength + 1)]!;
    const src = row * (rowLength + 1) + 1;
    const dst = row * rowLength;
    for (let i = 0; i < rowLength; i++) {
      const raw = data[src + i]!;
      const left = i >= bytesPerPixel ? out[dst + i - bytesPerPixel]! : 0;
      const up = row > 0 ? out[dst - rowLength + i]! : 0;
      const upLeft = row > 0 && i >= bytesPerPixel ? out[dst - rowLength + i - bytesPerPixel]! : 0;
      let value: number;
      switch (type) {
        case 0:
          value = raw;
          break;
        case 1:
          value = raw + left;
          break;
        case 2:
          value = raw + up;
          break;
        case 3:
          value = raw + ((left + up) >> 1);
          break;
        case 4: {
          const p = left + up - upLeft;
          const pa = Math.abs(p - left);
          const pb = Math.abs(p - up);
          const pc = Math.abs(p - upLeft);
          value = raw + (pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft);
          break;
        }
        default:
          throw new PdfError('pdf.corrupt', `unknown PNG predictor ${type}`);
      }
      out[dst + i] = value & 0xff;
    }
  }
  return out;
}

function undoTiffPredictor(data: Uint8Array, columns: number, colors: number): Uint8Array {
  const out = Uint8Array.from(data);
  const rowLength = columns * colors;
  for (let start = 0; start + rowLength <= out.length; start += rowLength) {
    for (let i = colors; i < rowLength; i++)
      out[start + i] = (out[start + i]! + out[start + i - colors]!) & 0xff;
  }
  return out;
}

function decodeAsciiHex(data: Uint8Array): Uint8Array {
  const text = Buffer.from(data).toString('latin1').replace(/>.*$/s, '').replace(/\s+/g, '');
  return Buffer.from(text.length % 2 ? `${text}0` : text, 'hex');
}

function decodeAscii85(data: Uint8Array, budget: InflateBudget): Uint8Array {
  const text = Buffer.from(data)
    .toString('latin1')
    .replace(/~>.*$/s, '')
    .replace(/^<~/, '')
    .replace(/\s+/g, '');
  // every character gives at most four bytes ('z' gives four at once)
  const allowance = budget.nextStreamAllowance;
  if (text.length * 4 > allowance) throw budget.exceeded(allowance);
  const out = new Uint8Array(text.length * 4);
  let length = 0;
  const group: number[] = [];
  const flush = (count: number): void => {
    let value = 0;
    for (let i = 0; i < 5; i++) value = value * 85 + (group[i] ?? 84);
    for (let i = 0; i < count - 1; i++) out[length++] = (value >>> (24 - 8 * i)) & 0xff;
    group.length = 0;
  };
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x7a && group.length === 0) {
      length += 4; // four zero bytes, already there
      continue;
    }
    group.push(code - 33);
    if (group.length === 5) flush(5);
  }
  if (group.length > 0) flush(group.length);
  budget.spend(length);
  return out.slice(0, length);
}

function applyPredictor(data: Uint8Array, params: PdfObject | undefined): Uint8Array {
  if (!(params instanceof PdfDict)) return data;
  const predictor = params.get('Predictor');
  if (typeof predictor !== 'number' || predictor < 2) return data;
  const columns = (params.get('Columns') as number | undefined) ?? 1;
  const colors = (params.get('Colors') as number | undefined) ?? 1;
  const bits = (params.get('BitsPerComponent') as number | undefined) ?? 8;
  if (predictor === 2) return undoTiffPredictor(data, columns, colors);
  return undoPngPredictor(data, columns, colors, bits);
}

/**
 * Returns the decoded data of a stream; throws pdf.corrupt for filters this package cannot undo
 * and a pdf.limit code when the data would inflate past the budget.
 */
export function decodeStream(stream: PdfStream, resolve: Resolve, budget = new InflateBudget()): Uint8Array {
  const filter = resolve(stream.dict.get('Filter'));
  const params = resolve(stream.dict.get('DecodeParms'));
  const filters = Array.isArray(filter) ? filter : filter ? [filter] : [];
  const paramList = Array.isArray(params) ? params : [params];
  let data = stream.data;
  filters.forEach((item, index) => {
    const name = resolve(item);
    const param = resolve(paramList[index] ?? null);
    if (!(name instanceof PdfName)) throw new PdfError('pdf.corrupt', 'stream filter is not a name');
    switch (name.name) {
      case 'FlateDecode':
      case 'Fl':
        data = applyPredictor(inflate(data, budget), param);
        break;
      case 'ASCIIHexDecode':
      case 'AHx':
        data = decodeAsciiHex(data);
        break;
      case 'ASCII85Decode':
      case 'A85':
        data = decodeAscii85(data, budget);
        break;
      default:
        throw new PdfError('pdf.corrupt', `stream filter ${name.name} is not supported here`);
    }
  });
  return data;
}
