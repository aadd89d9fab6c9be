// Images people upload (logos, seal visuals) are recognised by their magic bytes, not by what the
// client claims, and re-encoded as a PNG that fits a box: re-encoding drops metadata and anything
// hidden behind the image data.
import sharp, { type OutputInfo } from 'sharp';

export type ImageKind = 'png' | 'jpeg' | 'webp';

export function imageKindOf(bytes: Buffer): ImageKind | undefined {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return undefined;
}

/** The image as a PNG inside `box` (never enlarged), or undefined when it cannot be read. */
export async function toBoundedPng(
  bytes: Buffer,
  box: { width: number; height: number },
): Promise<{ data: Buffer; info: OutputInfo } | undefined> {
  try {
    return await sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ ...box, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer({ resolveWithObject: true });
  } catch {
    return undefined;
  }
}
