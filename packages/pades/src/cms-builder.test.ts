import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSignedAttributes, buildSignedData } from './cms-builder.js';
import { createTestPki } from './test-support/test-pki.js';
import type { TestPki } from './test-support/test-pki.js';
import { makeScratchDir, runTool, verifyWithOpenssl } from './test-support/tools.js';
import type { ScratchDir } from './test-support/tools.js';

describe('buildSignedData', () => {
  let scratch: ScratchDir;
  const pkis: Partial<Record<'P-256' | 'RSA-2048', TestPki>> = {};
  beforeAll(async () => {
    scratch = makeScratchDir();
    pkis['P-256'] = await createTestPki('P-256');
    pkis['RSA-2048'] = await createTestPki('RSA-2048');
  });
  afterAll(() => scratch.remove());

  for (const keyAlgorithm of ['P-256', 'RSA-2048'] as const) {
    it(`makes a detached CMS that openssl verifies (${keyAlgorithm})`, async () => {
      const pki = pkis[keyAlgorithm]!;
      const signer = await pki.issueSigner({ name: 'Ada Lovelace', email: 'ada@example.com', keyAlgorithm });
      const content = new TextEncoder().encode('%PDF-1.7 pretend byte ranges');
      const attributes = buildSignedAttributes(
        createHash('sha256').update(content).digest(),
        signer.certificate,
      );
      const cms = buildSignedData({
        signer,
        signedAttributes: attributes,
        signatureValue: await signer.sign(attributes),
      });

      const verified = verifyWithOpenssl(scratch, cms, content, pki.rootPem);
      expect(verified.stderr).toContain('Verification successful');
      expect(verified.status).toBe(0);

      const tampered = Uint8Array.from(content);
      tampered[3] = tampered[3]! ^ 1;
      expect(verifyWithOpenssl(scratch, cms, tampered, pki.rootPem).status).not.toBe(0);
    });
  }

  it('carries exactly content-type, message-digest and signing-certificate-v2', async () => {
    const signer = await pkis['P-256']!.issueSigner({ name: 'Ada', email: 'ada@example.com' });
    const attributes = buildSignedAttributes(new Uint8Array(32), signer.certificate);
    const cms = buildSignedData({
      signer,
      signedAttributes: attributes,
      signatureValue: await signer.sign(attributes),
    });
    const printed = runTool('openssl', [
      'cms',
      '-cmsout',
      '-print',
      '-inform',
      'DER',
      '-in',
      scratch.write('p.der', cms),
    ]);
    expect(printed.status).toBe(0);
    const objects = [...printed.stdout.matchAll(/object: (\S+) \(/g)].map((match) => match[1]);
    expect(objects).toEqual(['contentType', 'messageDigest', 'id-smime-aa-signingCertificateV2']);
    expect(printed.stdout).toContain('version: 1');
    expect(printed.stdout).not.toContain('signingTime');
    // the certificate set holds the signer and its chain (issuing CA and root)
    expect(printed.stdout.match(/cert_info:/g)).toHaveLength(3);
  });
});
