// Reads a certificate (RFC 5280) with pkijs into what the browser's X509Certificate stand-in
// shows: names formatted as Node formats them (one "KEY=value" per line), validity, key, the
// extensions the validator reads, and the signature to check.
import { fromBER, OctetString } from 'asn1js';
import { Certificate, RSASSAPSSParams, type RelativeDistinguishedNames } from 'pkijs';
import type { HashName } from './node-crypto.js';

const NAME_KEYS: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.4': 'SN',
  '2.5.4.5': 'serialNumber',
  '2.5.4.6': 'C',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '2.5.4.12': 'title',
  '2.5.4.42': 'GN',
  '2.5.4.97': 'organizationIdentifier',
  '1.2.840.113549.1.9.1': 'emailAddress',
};

const SIGNATURES: Record<string, { scheme: 'RSASSA-PKCS1-v1_5' | 'ECDSA'; hash: HashName }> = {
  '1.2.840.113549.1.1.5': { scheme: 'RSASSA-PKCS1-v1_5', hash: 'sha1' },
  '1.2.840.113549.1.1.11': { scheme: 'RSASSA-PKCS1-v1_5', hash: 'sha256' },
  '1.2.840.113549.1.1.12': { scheme: 'RSASSA-PKCS1-v1_5', hash: 'sha384' },
  '1.2.840.113549.1.1.13': { scheme: 'RSASSA-PKCS1-v1_5', hash: 'sha512' },
  '1.2.840.10045.4.1': { scheme: 'ECDSA', hash: 'sha1' },
  '1.2.840.10045.4.3.2': { scheme: 'ECDSA', hash: 'sha256' },
  '1.2.840.10045.4.3.3': { scheme: 'ECDSA', hash: 'sha384' },
  '1.2.840.10045.4.3.4': { scheme: 'ECDSA', hash: 'sha512' },
};
const RSASSA_PSS = '1.2.840.113549.1.1.10';
const EC_PUBLIC_KEY = '1.2.840.10045.2.1';
const CURVES: Record<string, 'P-256' | 'P-384' | 'P-521'> = {
  '1.2.840.10045.3.1.7': 'P-256',
  '1.3.132.0.34': 'P-384',
  '1.3.132.0.35': 'P-521',
};
const HASH_OIDS: Record<string, HashName> = {
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};

export interface ParsedX509 {
  subject: string;
  issuer: string;
  notBefore: Date;
  notAfter: Date;
  spki: Uint8Array;
  keyKind: 'rsa' | 'ec';
  namedCurve?: 'P-256' | 'P-384' | 'P-521';
  extendedKeyUsage?: string[];
  subjectAltName?: string;
  subjectKeyId?: Uint8Array;
  authorityKeyId?: Uint8Array;
  tbs: Uint8Array;
  signature: {
    scheme: 'RSASSA-PKCS1-v1_5' | 'RSA-PSS' | 'ECDSA';
    hash: HashName | undefined;
    saltLength?: number;
    value: Uint8Array;
  };
}

function formatName(name: RelativeDistinguishedNames): string {
  return name.typesAndValues
    .map((entry) => `${NAME_KEYS[entry.type] ?? entry.type}=${String(entry.value.valueBlock.value)}`)
    .join('\n');
}

function readSignature(certificate: Certificate): ParsedX509['signature'] {
  const algorithm = certificate.signatureAlgorithm;
  const value = new Uint8Array(certificate.signatureValue.valueBlock.valueHexView);
  if (algorithm.algorithmId === RSASSA_PSS) {
    const params = algorithm.algorithmParams
      ? new RSASSAPSSParams({ schema: algorithm.algorithmParams })
      : new RSASSAPSSParams();
    return {
      scheme: 'RSA-PSS',
      hash: HASH_OIDS[params.hashAlgorithm.algorithmId] ?? 'sha1',
      saltLength: params.saltLength,
      value,
    };
  }
  const known = SIGNATURES[algorithm.algorithmId];
  return { scheme: known?.scheme ?? 'RSASSA-PKCS1-v1_5', hash: known?.hash, value };
}

function readExtensions(certificate: Certificate): Partial<ParsedX509> {
  const out: Partial<ParsedX509> = {};
  for (const extension of certificate.extensions ?? []) {
    const parsed = extension.parsedValue as Record<string, unknown> | undefined;
    if (!parsed) continue;
    if (extension.extnID === '2.5.29.37') out.extendedKeyUsage = parsed['keyPurposes'] as string[];
    if (extension.extnID === '2.5.29.17') {
      const names = (parsed['altNames'] as { type: number; value: unknown }[]) ?? [];
      out.subjectAltName = names
        .filter((name) => name.type === 1 || name.type === 2)
        .map((name) => `${name.type === 1 ? 'email' : 'DNS'}:${String(name.value)}`)
        .join(', ');
    }
    if (extension.extnID === '2.5.29.14' && parsed instanceof OctetString)
      out.subjectKeyId = new Uint8Array(parsed.valueBlock.valueHexView);
    if (extension.extnID === '2.5.29.35' && parsed['keyIdentifier'] instanceof OctetString)
      out.authorityKeyId = new Uint8Array(parsed['keyIdentifier'].valueBlock.valueHexView);
  }
  return out;
}

export function readX509(der: Uint8Array): ParsedX509 {
  const asn1 = fromBER(der);
  if (asn1.offset === -1) throw new TypeError('The certificate is not DER');
  const certificate = new Certificate({ schema: asn1.result });
  const keyInfo = certificate.subjectPublicKeyInfo;
  const isEc = keyInfo.algorithm.algorithmId === EC_PUBLIC_KEY;
  const curveOid = isEc
    ? (keyInfo.algorithm.algorithmParams as { valueBlock?: { toString(): string } })
    : undefined;
  const curve = curveOid ? CURVES[String(curveOid.valueBlock?.toString())] : undefined;
  return {
    subject: formatName(certificate.subject),
    issuer: formatName(certificate.issuer),
    notBefore: certificate.notBefore.value,
    notAfter: certificate.notAfter.value,
    spki: new Uint8Array(keyInfo.toSchema().toBER()),
    keyKind: isEc ? 'ec' : 'rsa',
    ...(curve ? { namedCurve: curve } : {}),
    ...readExtensions(certificate),
    tbs: new Uint8Array(certificate.tbsView),
    signature: readSignature(certificate),
  };
}
