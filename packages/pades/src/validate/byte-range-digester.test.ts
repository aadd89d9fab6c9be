// The byte-range digester must give exactly the digests of a plain hash over the same chunks,
// whatever order the ranges are asked for in, and fall back for chunks that are not ranges.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { byteRangeDigester, digestChunks } from './signer-info-check.js';

describe('byteRangeDigester', () => {
  const file = randomBytes(300_000);
  // three signed revisions: [0, gap) then [gap + 100, end)
  const ranges = [
    [50_000, 120_000],
    [130_000, 200_000],
    [210_000, 300_000],
  ].map(([gap, end]) => [file.subarray(0, gap), file.subarray(gap! + 100, end)]);

  it('agrees with a plain digest for every range, asked for in any order, with any algorithm', () => {
    const digest = byteRangeDigester(file, [210_000, 50_000, 130_000]);
    for (const name of ['sha256', 'sha512', 'sha1'] as const)
      for (const chunks of [ranges[2]!, ranges[0]!, ranges[1]!, ranges[0]!])
        expect(Buffer.from(digest(name, chunks))).toEqual(Buffer.from(digestChunks(name, chunks)));
  });

  it('digests chunks that do not start at the file start, or end at an unknown gap, the plain way', () => {
    const digest = byteRangeDigester(file, [50_000]);
    const others = [
      [file.subarray(10, 50_000)],
      [file.subarray(0, 60_000), file.subarray(70_000)],
      [Buffer.from(file.subarray(0, 50_000))], // equal bytes, another buffer
      [],
    ];
    for (const chunks of others)
      expect(Buffer.from(digest('sha256', chunks))).toEqual(Buffer.from(digestChunks('sha256', chunks)));
  });

  it('ignores a gap past the end of the file', () => {
    const digest = byteRangeDigester(file, [50_000, 400_000]);
    expect(Buffer.from(digest('sha256', ranges[0]!))).toEqual(
      Buffer.from(digestChunks('sha256', ranges[0]!)),
    );
  });
});
