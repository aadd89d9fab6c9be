// Object identifiers of the CMS, ESS, TSP and PAdES structures this package writes or reads.

export const OID = {
  // RFC 5652 content types and attributes
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  // RFC 2634 / RFC 5035 ESS signing-certificate attributes
  signingCertificate: '1.2.840.113549.1.9.16.2.12',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  // RFC 3161 appendix A: id-aa-signatureTimeStampToken; the TSTInfo content type
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  // Adobe's revocation archive attribute (PDF 1.7 / ISO 32000-1 12.8.3.3.2)
  adbeRevocationInfoArchival: '1.2.840.113583.1.1.8',
  // digests (RFC 5754)
  sha1: '1.3.14.3.2.26',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha384: '2.16.840.1.101.3.4.2.2',
  sha512: '2.16.840.1.101.3.4.2.3',
  // signature algorithms (RFC 5754, RFC 8017)
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha1WithRsaEncryption: '1.2.840.113549.1.1.5',
  sha256WithRsaEncryption: '1.2.840.113549.1.1.11',
  sha384WithRsaEncryption: '1.2.840.113549.1.1.12',
  sha512WithRsaEncryption: '1.2.840.113549.1.1.13',
  ecPublicKey: '1.2.840.10045.2.1',
  ecdsaWithSha1: '1.2.840.10045.4.1',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  ecdsaWithSha384: '1.2.840.10045.4.3.3',
  ecdsaWithSha512: '1.2.840.10045.4.3.4',
  // OCSP (RFC 6960)
  ocspBasic: '1.3.6.1.5.5.7.48.1.1',
  // name attributes used for the signer line of the report
  commonName: '2.5.4.3',
  organizationName: '2.5.4.10',
  emailAddress: '1.2.840.113549.1.9.1',
} as const;

export type DigestName = 'sha1' | 'sha256' | 'sha384' | 'sha512';

const DIGEST_BY_OID: Record<string, DigestName> = {
  [OID.sha1]: 'sha1',
  [OID.sha256]: 'sha256',
  [OID.sha384]: 'sha384',
  [OID.sha512]: 'sha512',
};

export function findDigestName(oid: string): DigestName | undefined {
  return DIGEST_BY_OID[oid];
}

/** The digest a signature algorithm OID implies, if it implies one (rsaEncryption does not). */
const DIGEST_BY_SIGNATURE_OID: Record<string, DigestName> = {
  [OID.sha1WithRsaEncryption]: 'sha1',
  [OID.sha256WithRsaEncryption]: 'sha256',
  [OID.sha384WithRsaEncryption]: 'sha384',
  [OID.sha512WithRsaEncryption]: 'sha512',
  [OID.ecdsaWithSha1]: 'sha1',
  [OID.ecdsaWithSha256]: 'sha256',
  [OID.ecdsaWithSha384]: 'sha384',
  [OID.ecdsaWithSha512]: 'sha512',
};

export function findSignatureDigest(oid: string): DigestName | undefined {
  return DIGEST_BY_SIGNATURE_OID[oid];
}

export function isKnownSignatureAlgorithm(oid: string): boolean {
  return oid in DIGEST_BY_SIGNATURE_OID || oid === OID.rsaEncryption || oid === OID.ecPublicKey;
}
