// A throw-away certificate hierarchy for unit tests (root -> issuing CA -> signer), made with
// @peculiar/x509 so the CMS and validator logic can be checked without the trust package.

import 'reflect-metadata';
import { createPrivateKey, sign as signWithNode, webcrypto } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import type { KeyAlgorithm, SignerIdentity } from '../cms-builder.js';

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

const ALGORITHMS = {
  'P-256': { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' },
  'RSA-2048': {
    name: 'RSASSA-PKCS1-v1_5',
    modulusLength: 2048,
    publicExponent: new Uint8Array([1, 0, 1]),
    hash: 'SHA-256',
  },
} as const;

export interface TestSigner extends SignerIdentity {
  sign(data: Uint8Array): Promise<Uint8Array>;
}

export interface TestPki {
  root: Uint8Array;
  rootPem: string;
  issueSigner(options: {
    name: string;
    email: string;
    keyAlgorithm?: KeyAlgorithm;
    notAfter?: Date;
    notBefore?: Date;
  }): Promise<TestSigner>;
}

async function generateKeys(keyAlgorithm: KeyAlgorithm): Promise<webcrypto.CryptoKeyPair> {
  return (await webcrypto.subtle.generateKey(ALGORITHMS[keyAlgorithm], true, [
    'sign',
    'verify',
  ])) as webcrypto.CryptoKeyPair;
}

async function exportNodeKey(key: webcrypto.CryptoKey): Promise<KeyObject> {
  const pkcs8 = await webcrypto.subtle.exportKey('pkcs8', key);
  return createPrivateKey({ key: Buffer.from(pkcs8), format: 'der', type: 'pkcs8' });
}

let serial = 1;
const nextSerial = (): string => (serial++).toString(16).padStart(4, '0');

export async function createTestPki(caAlgorithm: KeyAlgorithm = 'P-256'): Promise<TestPki> {
  const now = Date.now();
  const rootKeys = await generateKeys(caAlgorithm);
  const caExtensions = [
    new x509.BasicConstraintsExtension(true, undefined, true),
    new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
  ];
  const root = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: nextSerial(),
    name: 'CN=Test Root CA, O=Countersign Tests',
    notBefore: new Date(now - 3600_000),
    notAfter: new Date(now + 365 * 86400_000),
    keys: rootKeys,
    signingAlgorithm: ALGORITHMS[caAlgorithm],
    extensions: [...caExtensions, await x509.SubjectKeyIdentifierExtension.create(rootKeys.publicKey)],
  });
  const issuingKeys = await generateKeys(caAlgorithm);
  const issuing = await x509.X509CertificateGenerator.create({
    serialNumber: nextSerial(),
    subject: 'CN=Test Issuing CA, O=Countersign Tests',
    issuer: root.subject,
    notBefore: new Date(now - 3600_000),
    notAfter: new Date(now + 365 * 86400_000),
    publicKey: issuingKeys.publicKey,
    signingKey: rootKeys.privateKey,
    signingAlgorithm: ALGORITHMS[caAlgorithm],
    extensions: [...caExtensions, await x509.SubjectKeyIdentifierExtension.create(issuingKeys.publicKey)],
  });
  return {
    root: new Uint8Array(root.rawData),
    rootPem: root.toString('pem'),
    async issueSigner({ name, email, keyAlgorithm = 'P-256', notAfter, notBefore }) {
      const keys = await generateKeys(keyAlgorithm);
      const certificate = await x509.X509CertificateGenerator.create({
        serialNumber: nextSerial(),
        subject: `CN=${name}, E=${email}`,
        issuer: issuing.subject,
        notBefore: notBefore ?? new Date(now - 3600_000),
        notAfter: notAfter ?? new Date(now + 30 * 86400_000),
        publicKey: keys.publicKey,
        signingKey: issuingKeys.privateKey,
        signingAlgorithm: ALGORITHMS[caAlgorithm],
        extensions: [
          new x509.KeyUsagesExtension(
            x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation,
            true,
          ),
          new x509.SubjectAlternativeNameExtension([{ type: 'email', value: email }]),
        ],
      });
      const privateKey = await exportNodeKey(keys.privateKey);
      return {
        certificate: new Uint8Array(certificate.rawData),
        chain: [new Uint8Array(issuing.rawData), new Uint8Array(root.rawData)],
        keyAlgorithm,
        sign: (data) => Promise.resolve(new Uint8Array(signWithNode('sha256', data, privateKey))),
      };
    },
  };
}
