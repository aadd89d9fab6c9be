// readSignedData on CMS from several producers (ours, poppler/NSS, OpenSSL streaming and
// RSA-PSS, a certs-and-CRLs-only SignedData), compared with a full asn1js decode of the same
// bytes; and malformed input, which must give CmsFormatError and nothing else.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { X509Certificate, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { addSignatureFields, readSignatures } from '@countersign/pdf';
import { CmsFormatError, readSignedData } from './cms-reader.js';
import { completeToLta } from './ltv.js';
import { OID } from './oids.js';
import { signPdf } from './sign.js';
import { CertificatePool } from './validate/certificate-pool.js';
import { checkSignerInfo } from './validate/signer-info-check.js';
import { readSignedDataWithAsn1js } from './test-support/asn1js-cms-reader.js';
import { openTestTrust } from './test-support/test-trust.js';
import type { TestTrust } from './test-support/test-trust.js';
import { makeTextPdf, signWithPdfsig } from './test-support/sample-pdfs.js';
import { makeScratchDir, runTool } from './test-support/tools.js';
import type { ScratchDir } from './test-support/tools.js';

function openssl(args: readonly string[]): void {
  const result = runTool('openssl', args);
  if (result.status !== 0) throw new Error(`openssl ${args[0]}: ${result.stderr}`);
}

/** The error readSignedData throws for `bytes`, or undefined when it reads them. */
function readError(bytes: Uint8Array): unknown {
  try {
    readSignedData(bytes);
    return undefined;
  } catch (error) {
    return error;
  }
}

describe('readSignedData', () => {
  let live: TestTrust;
  let scratch: ScratchDir;
  const blobs = new Map<string, Uint8Array>();
  const streamedContent = randomBytes(5000);

  beforeAll(async () => {
    live = await openTestTrust();
    scratch = makeScratchDir('pades-cms-reader-');
    const text = await makeTextPdf();
    const signer = await live.trust.issueSignerCertificate({
      quality: 'aes',
      legislation: 'eidas',
      email: 'a@b.ch',
    });
    const signed = await signPdf(addSignatureFields(text, [{ name: 'ours' }]), {
      fieldName: 'ours',
      signer,
      level: 'B-T',
      services: live.trust,
    });
    const [signature, documentTimestamp] = readSignatures(await completeToLta(signed, live.trust));
    blobs.set('our signature (B-T)', signature!.contents);
    blobs.set('our document time-stamp', documentTimestamp!.contents);
    const token = readSignedData(signature!.contents).signerInfos[0]!.unsignedAttributes.find(
      (attribute) => attribute.type === OID.signatureTimeStampToken,
    )?.values[0];
    blobs.set('our signature time-stamp token', token!);

    const poppler = makeScratchDir('pades-cms-poppler-');
    const popplerSigned = await signWithPdfsig(poppler, text);
    poppler.remove();
    blobs.set('pdfsig (NSS, indefinite lengths)', readSignatures(popplerSigned.bytes)[0]!.contents);

    const path = (name: string): string => `${scratch.path}/${name}`;
    const selfSigned = (key: string, name: string): void =>
      openssl([
        'req',
        '-x509',
        '-newkey',
        key,
        '-nodes',
        '-days',
        '2',
        '-subj',
        `/CN=${name}`,
        '-keyout',
        path(`${name}.key`),
        '-out',
        path(`${name}.pem`),
      ]);
    selfSigned(
      'ec:' + scratch.write('p256.pem', runTool('openssl', ['ecparam', '-name', 'prime256v1']).stdout),
      'ec',
    );
    selfSigned('rsa:2048', 'rsa');
    scratch.write('content.bin', streamedContent);
    const sign = (name: string, extra: readonly string[]): void =>
      openssl([
        'cms',
        '-sign',
        '-binary',
        '-outform',
        'DER',
        '-in',
        path('content.bin'),
        '-out',
        path(`${name}.der`),
        ...extra,
      ]);
    sign('streamed', ['-stream', '-nodetach', '-signer', path('ec.pem'), '-inkey', path('ec.key')]);
    blobs.set('openssl cms -stream (constructed eContent)', readFileSync(path('streamed.der')));
    sign('pss', [
      '-signer',
      path('rsa.pem'),
      '-inkey',
      path('rsa.key'),
      '-keyid',
      '-keyopt',
      'rsa_padding_mode:pss',
      '-nocerts',
    ]);
    blobs.set('openssl cms RSA-PSS with subjectKeyIdentifier', readFileSync(path('pss.der')));
    scratch.write('ca.crl', await live.trust.crl('aes-eidas'));
    openssl([
      'crl2pkcs7',
      '-inform',
      'DER',
      '-in',
      path('ca.crl'),
      '-certfile',
      path('ec.pem'),
      '-outform',
      'DER',
      '-out',
      path('p7.der'),
    ]);
    blobs.set('openssl crl2pkcs7 (certificates and CRLs only)', readFileSync(path('p7.der')));
  }, 60_000);

  afterAll(async () => {
    await live?.close();
    scratch?.remove();
  });

  it('returns what a full asn1js decode returns, for every producer', () => {
    expect(blobs.size).toBe(7);
    for (const [producer, blob] of blobs) {
      const received = Uint8Array.from(blob);
      expect(readSignedData(blob), producer).toEqual(readSignedDataWithAsn1js(received));
      // what it returns are copies: re-tagging signedAttributesDer leaves the input (a Buffer here) alone
      expect(Uint8Array.from(blob), producer).toEqual(received);
    }
  });

  it('reads indefinite-length CMS from pdfsig, whose end-of-contents octets /Contents lost', () => {
    const blob = blobs.get('pdfsig (NSS, indefinite lengths)')!;
    expect(blob[1]).toBe(0x80);
    expect(blob.at(-1)).not.toBe(0);
    const [info] = readSignedData(blob).signerInfos;
    expect(info?.signedAttributesDer?.[0]).toBe(0x31);
    expect(info?.signedAttributes.map((attribute) => attribute.type)).toContain(OID.messageDigest);
  });

  it('joins the segments of a streamed eContent', () => {
    const parsed = readSignedData(blobs.get('openssl cms -stream (constructed eContent)')!);
    expect(Buffer.from(parsed.eContent!).equals(streamedContent)).toBe(true);
    expect(parsed.certificates).toHaveLength(1);
  });

  it('keeps RSA-PSS parameters and a subjectKeyIdentifier sid', () => {
    const [info] = readSignedData(blobs.get('openssl cms RSA-PSS with subjectKeyIdentifier')!).signerInfos;
    expect(info?.signatureAlgorithm).toBe('1.2.840.113549.1.1.10');
    expect(info?.signatureAlgorithmParameters?.[0]).toBe(0x30);
    expect(info?.sid).toMatchObject({ kind: 'subjectKeyIdentifier', keyIdentifier: expect.any(Uint8Array) });
  });

  it('verifies an RSA-PSS signature with its signed attributes (digest, signing time)', () => {
    const signedData = readSignedData(blobs.get('openssl cms RSA-PSS with subjectKeyIdentifier')!);
    const pool = new CertificatePool();
    pool.addAll([new Uint8Array(new X509Certificate(readFileSync(`${scratch.path}/rsa.pem`)).raw)]);
    const content = new Uint8Array(readFileSync(`${scratch.path}/content.bin`));
    const check = checkSignerInfo(signedData, [content], pool);
    expect(check).toMatchObject({ isDigestValid: true, isSignatureValid: true, problems: [] });
    expect(check.signingTimeAttribute).toBeInstanceOf(Date);
    expect(Math.abs(check.signingTimeAttribute!.getTime() - Date.now())).toBeLessThan(3_600_000);
    const tampered = Uint8Array.from(content);
    tampered[0]! ^= 1;
    expect(checkSignerInfo(signedData, [tampered], pool).isDigestValid).toBe(false);
  });

  it('keeps the CRLs byte for byte', () => {
    const parsed = readSignedData(blobs.get('openssl crl2pkcs7 (certificates and CRLs only)')!);
    expect(parsed.crls).toEqual([new Uint8Array(readFileSync(`${scratch.path}/ca.crl`))]);
    expect(parsed.signerInfos).toEqual([]);
  });

  it('throws CmsFormatError for every truncation of a DER CMS', () => {
    const blob = blobs.get('our signature (B-T)')!;
    for (let length = 0; length < blob.length; length++)
      expect(readError(blob.subarray(0, length)), `${length} bytes`).toBeInstanceOf(CmsFormatError);
  });

  it('reads or throws CmsFormatError, never anything else, for truncated and garbled BER', () => {
    let seed = 7;
    const random = (below: number): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % below;
    for (const blob of [blobs.get('pdfsig (NSS, indefinite lengths)')!, blobs.get('our signature (B-T)')!]) {
      for (let length = 0; length < blob.length; length += 3) {
        const error = readError(blob.subarray(0, length));
        if (error !== undefined) expect(error, `${length} bytes`).toBeInstanceOf(CmsFormatError);
      }
      for (let round = 0; round < 2000; round++) {
        const garbled = Uint8Array.from(blob);
        // headers sit in the first bytes of each structure: garble there more often
        const at = random(2) ? random(200) : random(garbled.length);
        garbled[at] = random(256);
        const error = readError(garbled);
        if (error !== undefined) expect(error, `byte ${at}`).toBeInstanceOf(CmsFormatError);
      }
    }
  });

  it('refuses a ContentInfo that is not SignedData', () => {
    // ContentInfo { id-data, [0] { OCTET STRING } }
    const data = Buffer.from('3011 06092a864886f70d010701 a004 0402abcd'.replace(/\s/g, ''), 'hex');
    expect(readError(data)).toEqual(new CmsFormatError('not SignedData'));
  });
});
