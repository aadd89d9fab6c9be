// Turns a PNG or JPEG into an image XObject (ISO 32000-1 section 8.9.5) for a signature
// appearance. The engine interface is synchronous, so PNG is decoded with the UPNG decoder that
// pdf-lib ships (sharp is async only) and JPEG is embedded as is with DCTDecode.

import { deflateSync } from 'node:zlib';
import { loadPngDecoder } from './visible-signature-libraries.js';
import { PdfDict, PdfName, PdfStream } from './objects.js';
import type { IncrementalUpdate } from './incremental-writer.js';
import type { PdfRef } from './objects.js';

export interface EmbeddedImage {
  ref: PdfRef;
  width: number;
  height: number;
}

function isPng(bytes: Uint8Array): boolean {
  return bytes.length > 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
}

function isJpeg(bytes: Uint8Array): boolean {
  return bytes.length > 4 && bytes[0] === 0xff && bytes[1] === 0xd8;
}

/** Width, height and component count from the first SOFn marker. */
function readJpegFrame(bytes: Uint8Array): { width: number; height: number; components: number } | undefined {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      return {
        height: (bytes[at + 5]! << 8) | bytes[at + 6]!,
        width: (bytes[at + 7]! << 8) | bytes[at + 8]!,
        components: bytes[at + 9]!,
      };
    }
    at += 2 + length;
  }
  return undefined;
}

function embedJpeg(update: IncrementalUpdate, bytes: Uint8Array): EmbeddedImage {
  const frame = readJpegFrame(bytes);
  if (!frame || frame.width === 0 || frame.height === 0)
    throw new RangeError('the appearance image is not a readable JPEG');
  const colorSpace =
    frame.components === 1 ? 'DeviceGray' : frame.components === 4 ? 'DeviceCMYK' : 'DeviceRGB';
  const dict = new PdfDict({
    Type: new PdfName('XObject'),
    Subtype: new PdfName('Image'),
    Width: frame.width,
    Height: frame.height,
    ColorSpace: new PdfName(colorSpace),
    BitsPerComponent: 8,
    Filter: new PdfName('DCTDecode'),
  });
  // Adobe writes CMYK JPEGs inverted; the Decode array flips them back (as viewers expect).
  if (frame.components === 4) dict.set('Decode', [1, 0, 1, 0, 1, 0, 1, 0]);
  return { ref: update.add(new PdfStream(dict, bytes)), width: frame.width, height: frame.height };
}

function embedPng(update: IncrementalUpdate, bytes: Uint8Array): EmbeddedImage {
  let rgba: Uint8Array;
  let width: number;
  let height: number;
  try {
    const UPNG = loadPngDecoder();
    const image = UPNG.decode(Uint8Array.from(bytes).buffer);
    const frame = UPNG.toRGBA8(image)[0];
    if (!frame) throw new Error('no frame');
    rgba = new Uint8Array(frame);
    width = image.width;
    height = image.height;
  } catch {
    throw new RangeError('the appearance image is not a readable PNG');
  }
  const pixels = width * height;
  const rgb = new Uint8Array(pixels * 3);
  const alpha = new Uint8Array(pixels);
  let isOpaque = true;
  for (let i = 0; i < pixels; i++) {
    rgb[i * 3] = rgba[i * 4]!;
    rgb[i * 3 + 1] = rgba[i * 4 + 1]!;
    rgb[i * 3 + 2] = rgba[i * 4 + 2]!;
    alpha[i] = rgba[i * 4 + 3]!;
    if (alpha[i] !== 255) isOpaque = false;
  }
  const base = { Type: new PdfName('XObject'), Subtype: new PdfName('Image'), Width: width, Height: height };
  const dict = new PdfDict({
    ...base,
    ColorSpace: new PdfName('DeviceRGB'),
    BitsPerComponent: 8,
    Filter: new PdfName('FlateDecode'),
  });
  if (!isOpaque) {
    // Transparency becomes a soft mask (11.6.5.3), the way PDF expresses an alpha channel.
    const maskDict = new PdfDict({
      ...base,
      ColorSpace: new PdfName('DeviceGray'),
      BitsPerComponent: 8,
      Filter: new PdfName('FlateDecode'),
    });
    dict.set('SMask', update.add(new PdfStream(maskDict, deflateSync(alpha))));
  }
  return { ref: update.add(new PdfStream(dict, deflateSync(rgb))), width, height };
}

export function embedImage(update: IncrementalUpdate, bytes: Uint8Array): EmbeddedImage {
  if (isPng(bytes)) return embedPng(update, bytes);
  if (isJpeg(bytes)) return embedJpeg(update, bytes);
  throw new RangeError('the appearance image must be a PNG or a JPEG');
}
