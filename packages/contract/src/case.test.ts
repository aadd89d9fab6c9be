// Key conversion at the two edges of the API.
import { describe, expect, it } from 'vitest';
import { camelKeys, snakeKeys } from './case.js';

describe('key conversion', () => {
  it('converts nested keys both ways and leaves values alone', () => {
    const wire = { sort_by: 'created_at', signatures: [{ document_signatures: [{ document_id: 'd_1' }] }] };
    const code = camelKeys(wire);
    expect(code).toEqual({
      sortBy: 'created_at',
      signatures: [{ documentSignatures: [{ documentId: 'd_1' }] }],
    });
    expect(snakeKeys(code)).toEqual(wire);
  });

  it('converts objects without the plain prototype, as frameworks build query objects', () => {
    class Query {}
    const fromFramework = Object.assign(new Query(), { send_by: 'me' });
    expect(camelKeys(fromFramework)).toEqual({ sendBy: 'me' });
    expect(camelKeys(Object.assign(Object.create(null), { date_from: 'x' }))).toEqual({ dateFrom: 'x' });
  });

  it('keeps dates and binary data as they are', () => {
    const at = new Date(0);
    const bytes = new Uint8Array([1, 2]);
    const out = camelKeys<{ createdAt: Date; rawBytes: Uint8Array }>({ created_at: at, raw_bytes: bytes });
    expect(out.createdAt).toBe(at);
    expect(out.rawBytes).toBe(bytes);
  });
});
