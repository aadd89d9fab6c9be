// Stream decoding for the filters this package has to read itself: FlateDecode with PNG and TIFF
// predictors (xref and object streams, 7.4.4), ASCIIHexDecode and ASCII85Decode. Image filters
// are never decoded here; the renderer has its own.

import { inflateSync, constants } from 'node:zlib';
import { PdfError } from './errors.js';
import { PdfDict, PdfName } from './objects.js';
import type { PdfObject, PdfStream } from './objects.js';

type Resolve = (value: PdfObject | undefined) => PdfObject | undefined;

export function inflate(data: Uint8Array): Uint8Array {
  try {
    return inflateSync(data);
  } catch {
    // Many producers write streams without the final checksum; take what inflates.
    try {
      return inflateSync(data, { finishFlush: constants.Z_SYNC_FLUSH });
    } catch {
      throw new PdfError('pdf.corrupt', 'a FlateDecode stream cannot be inflated');
    }
  }
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

function decodeAscii85(data: Uint8Array): Uint8Array {
  const text = Buffer.from(data)
    .toString('latin1')
    .replace(/~>.*$/s, '')
    .replace(/^<~/, '')
    .replace(/\s+/g, '');
  const out: number[] = [];
  let group: number[] = [];
  const flush = (count: number): void => {
    let value = 0;
    for (let i = 0; i < 5; i++) value = value * 85 + (group[i] ?? 84);
    for (let i = 0; i < count - 1; i++) out.push((value >>> (24 - 8 * i)) & 0xff);
    group = [];
  };
  for (const char of text) {
    if (char === 'z' && group.length === 0) {
      out.push(0, 0, 0, 0);
      continue;
    }
    group.push(char.charCodeAt(0) - 33);
    if (group.length === 5) flush(5);
  }
  if (group.length > 0) flush(group.length);
  return Uint8Array.from(out);
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

/** Returns the decoded data of a stream; throws pdf.corrupt for filters this package cannot undo. */
export function decodeStream(stream: PdfStream, resolve: Resolve): Uint8Array {
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
        data = applyPredictor(inflate(data), param);
        break;
      case 'ASCIIHexDecode':
      case 'AHx':
        data = decodeAsciiHex(data);
        break;
      case 'ASCII85Decode':
      case 'A85':
        data = decodeAscii85(data);
        break;
      default:
        throw new PdfError('pdf.corrupt', `stream filter ${name.name} is not supported here`);
    }
  });
  return data;
}
