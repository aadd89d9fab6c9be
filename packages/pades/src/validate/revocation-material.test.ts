// Revocation data carried inside a CMS: a hostile signature may list far more CRLs than a function
// call takes arguments, and gathering them must neither overflow the stack nor drop any.
import { describe, expect, it } from 'vitest';
import { collectCmsRevocationMaterial, type RevocationMaterial } from './revocation-material.js';
import type { ParsedSignedData } from '../cms-reader.js';

describe('collectCmsRevocationMaterial', () => {
  it('gathers every CRL of a CMS that lists 300,000 of them', () => {
    const crls = Array.from({ length: 300_000 }, (_, i) => Uint8Array.of(0x30, 0x01, i % 256));
    const signedData: ParsedSignedData = {
      version: 1,
      eContentType: '1.2.840.113549.1.7.1',
      certificates: [],
      crls,
      signerInfos: [],
    };
    const into: RevocationMaterial = { crls: [], ocspResponses: [] };
    collectCmsRevocationMaterial(signedData, into);
    expect(into.crls.length).toBe(300_000);
    expect(into.crls[299_999]).toBe(crls[299_999]);
  });
});
