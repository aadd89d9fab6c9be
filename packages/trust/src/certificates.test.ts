import 'reflect-metadata';
import { createVerify } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeObjectIdentifier } from './der.js';
import { OID, TSA_POLICY_OID, sealPolicyOid, signerPolicyOid } from './oids.js';
import type { TempTrust } from './test-support.js';
import { openTempTrust, runOpenssl } from './test-support.js';
import type { Signer } from './types.js';

const parse = (der: Uint8Array) => new x509.X509Certificate(der);
const extensionOf = (certificate: x509.X509Certificate, oid: string) =>
  certificate.extensions.find((extension) => extension.type === oid);
const policiesOf = (certificate: x509.X509Certificate) =>
  certificate.getExtension(x509.CertificatePolicyExtension)?.policies ?? [];
const qcStatementsOf = (certificate: x509.X509Certificate) => {
  const extension = extensionOf(certificate, OID.qcStatements);
  return extension ? Buffer.from(extension.value) : undefined;
};
const containsOid = (der: Buffer, oid: string) => der.includes(Buffer.from(encodeObjectIdentifier(oid)));

describe('signer and seal certificates', () => {
  let temp: TempTrust;
  let rootPath: string;
  beforeAll(async () => {
    temp = await openTempTrust();
    rootPath = await temp.writePem('root.pem', temp.trust.rootCertificate());
  });
  afterAll(() => temp.dispose());

  async function verifyChain(signer: Signer, name: string): Promise<string> {
    const leaf = await temp.writePem(`${name}.pem`, signer.certificate);
    const issuer = await temp.writePem(`${name}-issuer.pem`, signer.chain[0]!);
    const result = await runOpenssl(['verify', '-CAfile', rootPath, '-untrusted', issuer, leaf]);
    return result.stdout.trim().replace(`${leaf}: `, '');
  }

  it('names a simple signer by verified e-mail only', async () => {
    const signer = await temp.trust.issueSignerCertificate({
      quality: 'ses',
      legislation: 'eidas',
      email: 'ann@example.com',
      name: 'Not Verified', // a simple signature has no verified name: it must not appear
    });
    const certificate = parse(signer.certificate);
    expect(certificate.subjectName.getField('CN')).toEqual(['ann@example.com']);
    expect(certificate.subjectName.getField('E')).toEqual(['ann@example.com']);
    expect(certificate.subject).not.toContain('Not Verified');
    const san = certificate.getExtension(x509.SubjectAlternativeNameExtension)!;
    expect(san.names.items.map(({ type, value }) => `${type}:${value}`)).toEqual(['email:ann@example.com']);
    expect(policiesOf(certificate)).toEqual([signerPolicyOid('ses', 'eidas')]);
    expect(qcStatementsOf(certificate)).toBeUndefined();
    expect(await verifyChain(signer, 'ses')).toBe('OK');
  });

  it('names an advanced signer by verified name and e-mail, for signing and e-mail protection, valid as long as its CA', async () => {
    const signer = await temp.trust.issueSignerCertificate({
      quality: 'aes',
      legislation: 'zertes',
      email: 'urs@example.ch',
      name: 'Urs Meier',
      givenName: 'Urs',
      surname: 'Meier',
      country: 'ch',
    });
    const certificate = parse(signer.certificate);
    const subject = certificate.subjectName;
    expect(subject.getField('CN')).toEqual(['Urs Meier']);
    expect(subject.getField('2.5.4.42')).toEqual(['Urs']);
    expect(subject.getField('2.5.4.4')).toEqual(['Meier']);
    expect(subject.getField('C')).toEqual(['CH']);
    expect(subject.getField('E')).toEqual(['urs@example.ch']);
    const keyUsage = certificate.getExtension(x509.KeyUsagesExtension)!;
    expect(keyUsage.critical).toBe(true);
    expect(keyUsage.usages).toBe(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation);
    expect(certificate.getExtension(x509.BasicConstraintsExtension)?.ca).toBe(false);
    // NSS checks a PDF signer as an e-mail signer (ADR 037)
    const eku = certificate.getExtension(x509.ExtendedKeyUsageExtension)!;
    expect(eku.critical).toBe(false);
    expect(eku.usages).toEqual([OID.kpEmailProtection]);
    expect(policiesOf(certificate)).toEqual([signerPolicyOid('aes', 'zertes')]);
    expect(qcStatementsOf(certificate)).toBeUndefined();
    // the key signs once, but viewers judge the certificate whenever the document is opened
    const issuer = parse(signer.chain[0]!);
    expect(certificate.notAfter.getTime()).toBe(issuer.notAfter.getTime());
    expect(certificate.issuer).toContain('Advanced Signature CA (ZertES)');
    expect(await verifyChain(signer, 'aes')).toBe('OK');
  });

  it('gives qualified certificates QCStatements, and ZertES ones the Swiss legislation', async () => {
    const eidas = parse(
      (
        await temp.trust.issueSignerCertificate({
          quality: 'qes',
          legislation: 'eidas',
          email: 'q@example.eu',
          name: 'Q E',
        })
      ).certificate,
    );
    const zertes = parse(
      (
        await temp.trust.issueSignerCertificate({
          quality: 'qes',
          legislation: 'zertes',
          email: 'q@example.ch',
          name: 'Q Z',
        })
      ).certificate,
    );
    for (const certificate of [eidas, zertes]) {
      const statements = qcStatementsOf(certificate)!;
      expect(containsOid(statements, OID.qcsQcCompliance)).toBe(true);
      expect(containsOid(statements, OID.qcsQcSSCD)).toBe(true);
      expect(containsOid(statements, OID.qctEsign)).toBe(true);
      expect(containsOid(statements, OID.qctEseal)).toBe(false);
    }
    expect(containsOid(qcStatementsOf(eidas)!, OID.qcsQcCClegislation)).toBe(false);
    expect(containsOid(qcStatementsOf(zertes)!, OID.qcsQcCClegislation)).toBe(true);
    expect(policiesOf(eidas)).toEqual([signerPolicyOid('qes', 'eidas')]);
    expect(policiesOf(zertes)).toEqual([signerPolicyOid('qes', 'zertes')]);
    expect(signerPolicyOid('qes', 'eidas')).not.toBe(signerPolicyOid('aes', 'eidas'));
  });

  it('points AIA and CRL distribution points under the base URL', async () => {
    const signer = await temp.trust.issueSignerCertificate({
      quality: 'qes',
      legislation: 'eidas',
      email: 'a@example.eu',
      name: 'A',
    });
    const text = (
      await runOpenssl(['x509', '-in', await temp.writePem('aia.pem', signer.certificate), '-noout', '-text'])
    ).stdout;
    expect(text).toContain('OCSP - URI:http://localhost:3000/trust/ocsp');
    expect(text).toContain('CA Issuers - URI:http://localhost:3000/trust/ca/qes-eidas.cer');
    expect(text).toContain('URI:http://localhost:3000/trust/crl/qes-eidas.crl');
  });

  it('names no address when nothing publishes the hierarchy, and the issuer as where its CRL comes from', async () => {
    const unpublished = await openTempTrust({ baseUrl: undefined });
    try {
      const signer = await unpublished.trust.issueSignerCertificate({
        quality: 'ses',
        legislation: 'eidas',
        email: 'local@example.org',
      });
      // the signer's certificate points to its issuing CA's list, the CA's to the root's
      const cases = [
        { der: signer.certificate, issuer: 'Countersign Simple Signature CA \\(eIDAS\\)' },
        { der: signer.chain[0]!, issuer: 'Countersign Root CA' },
      ];
      for (const { der, issuer } of cases) {
        expect(extensionOf(parse(der), OID.authorityInfoAccess)).toBeUndefined();
        const pem = await temp.writePem('local.pem', der);
        const text = (await runOpenssl(['x509', '-in', pem, '-noout', '-text'])).stdout;
        expect(text).not.toContain('URI:');
        expect(text).toMatch(
          new RegExp(`CRL Distribution Points:\\s+Full Name:\\s+DirName:.*CN ?= ?${issuer}`),
        );
      }
    } finally {
      await unpublished.dispose();
    }
  });

  it('issues a fresh key with every certificate and signs SHA-256 of the data', async () => {
    const subject = { quality: 'ses', legislation: 'eidas', email: 'k@example.com' } as const;
    const [first, second] = [
      await temp.trust.issueSignerCertificate(subject),
      await temp.trust.issueSignerCertificate(subject),
    ];
    expect(parse(first.certificate).serialNumber).not.toBe(parse(second.certificate).serialNumber);
    const firstKey = Buffer.from(parse(first.certificate).publicKey.rawData);
    expect(firstKey.equals(Buffer.from(parse(second.certificate).publicKey.rawData))).toBe(false);
    const data = Buffer.from('signed attributes');
    const signature = await first.sign(data);
    const publicKey = parse(first.certificate).publicKey.toString('pem');
    expect(
      createVerify('sha256').update(data).verify({ key: publicKey, dsaEncoding: 'der' }, signature),
    ).toBe(true);
    expect(first.keyAlgorithm).toBe('P-256');
  });

  it('issues RSA-2048 signer certificates on request', async () => {
    const signer = await temp.trust.issueSignerCertificate({
      quality: 'aes',
      legislation: 'eidas',
      email: 'rsa@example.com',
      name: 'R S A',
      keyAlgorithm: 'RSA-2048',
    });
    expect(signer.keyAlgorithm).toBe('RSA-2048');
    const certificate = parse(signer.certificate);
    expect(certificate.publicKey.algorithm.name).toBe('RSASSA-PKCS1-v1_5');
    const data = Buffer.from('hello');
    const signature = await signer.sign(data);
    expect(signature.length).toBe(256);
    expect(createVerify('sha256').update(data).verify(certificate.publicKey.toString('pem'), signature)).toBe(
      true,
    );
    expect(await verifyChain(signer, 'rsa')).toBe('OK');
  });

  it('names the business in seal certificates', async () => {
    const seal = await temp.trust.issueSealCertificate({
      organisation: 'Acme AG',
      country: 'CH',
      quality: 'qes',
    });
    const certificate = parse(seal.certificate);
    expect(certificate.subjectName.getField('O')).toEqual(['Acme AG']);
    expect(certificate.subjectName.getField('CN')).toEqual(['Acme AG']);
    expect(certificate.issuer).toContain('Seal CA');
    expect(policiesOf(certificate)).toEqual([sealPolicyOid('qes')]);
    expect(certificate.getExtension(x509.ExtendedKeyUsageExtension)?.usages).toEqual([OID.kpEmailProtection]);
    expect(certificate.notAfter.getTime()).toBe(parse(seal.chain[0]!).notAfter.getTime());
    const statements = qcStatementsOf(certificate)!;
    expect(containsOid(statements, OID.qctEseal)).toBe(true);
    expect(containsOid(statements, OID.qctEsign)).toBe(false);
    const aesSeal = await temp.trust.issueSealCertificate({ organisation: 'Acme AG', quality: 'aes' });
    expect(qcStatementsOf(parse(aesSeal.certificate))).toBeUndefined();
    expect(await verifyChain(seal, 'seal')).toBe('OK');
  });

  it('restricts the TSA certificate to time stamping, critically', () => {
    const tsa = parse(temp.trust.tsaCertificate());
    const eku = tsa.getExtension(x509.ExtendedKeyUsageExtension)!;
    expect(eku.critical).toBe(true);
    expect(eku.usages).toEqual([OID.kpTimeStamping]);
    expect(policiesOf(tsa)).toEqual([TSA_POLICY_OID]);
  });
});
