// Validates an RFC 3161 TimeStampToken: the message imprint against the data it should cover,
// the TSA's CMS signature, the TSA certificate's purpose and its path to a trust anchor.

import { readSignedData } from '../cms-reader.js';
import { findDigestName, OID } from '../oids.js';
import type { DigestName } from '../oids.js';
import { isSameBytes } from './certificate-pool.js';
import type { CertificatePool, PoolCertificate } from './certificate-pool.js';
import { buildCertificatePath, findValidityProblem } from './chain.js';
import type { CertificatePath } from './chain.js';
import { checkSignerInfo, digestChunks, type Digester } from './signer-info-check.js';
import { ParseCache } from './parse-cache.js';
import { readTstInfo, type TstInfo } from './evidence-reader.js';

const KP_TIME_STAMPING = '1.3.6.1.5.5.7.3.8';

/** Document time-stamps are checked again on every validation and LTV step. */
const parsedTstInfos = new ParseCache<TstInfo>(64);

export interface TimestampCheck {
  genTime?: Date;
  /** the digest of the message imprint: what the proof of existence rests on */
  imprintDigest?: DigestName;
  isImprintValid: boolean;
  isSignatureValid: boolean;
  hasTimeStampingPurpose: boolean;
  tsa?: PoolCertificate;
  path?: CertificatePath;
  /** imprint, signature, purpose and a trusted path within validity at genTime */
  isValid: boolean;
  /** the token's own certificates, for DSS completeness checks */
  certificates: Uint8Array[];
  problems: string[];
}

/**
 * TSTInfo ::= SEQUENCE { version, policy, messageImprint MessageImprint, serialNumber,
 *   genTime GeneralizedTime, ... }   (RFC 3161 2.4.2). The token is a SignedData whose
 * eContent is the TSTInfo.
 */
export function checkTimestampToken(
  token: Uint8Array,
  imprintedData: readonly Uint8Array[],
  pool: CertificatePool,
  anchorFingerprints: ReadonlySet<string>,
  digest: Digester = digestChunks,
): TimestampCheck {
  const result: TimestampCheck = {
    isImprintValid: false,
    isSignatureValid: false,
    hasTimeStampingPurpose: false,
    isValid: false,
    certificates: [],
    problems: [],
  };
  try {
    const signedData = readSignedData(token);
    result.certificates = signedData.certificates;
    pool.addAll(signedData.certificates);
    if (signedData.eContentType !== OID.tstInfo || !signedData.eContent) {
      result.problems.push('the time-stamp token does not hold a TSTInfo');
      return result;
    }
    const tstInfo = parsedTstInfos.get(signedData.eContent, readTstInfo);
    // a copy: the parsed TSTInfo is shared with later checks of the same token
    result.genTime = new Date(tstInfo.genTime);
    const imprintDigest = findDigestName(tstInfo.hashAlgorithm);
    if (imprintDigest) result.imprintDigest = imprintDigest;
    result.isImprintValid =
      imprintDigest !== undefined && isSameBytes(tstInfo.hashedMessage, digest(imprintDigest, imprintedData));
    if (!result.isImprintValid)
      result.problems.push('the time-stamp imprint does not match the time-stamped data');
    const signerCheck = checkSignerInfo(signedData, [signedData.eContent], pool);
    result.problems.push(...signerCheck.problems.map((problem) => `time-stamp: ${problem}`));
    result.isSignatureValid = signerCheck.isDigestValid && signerCheck.isSignatureValid;
    const tsa = signerCheck.signer;
    if (!tsa) return result;
    result.tsa = tsa;
    // RFC 3161 2.3: the TSA certificate carries the critical EKU id-kp-timeStamping only
    const isTsaPurpose = tsa.x509.keyUsage?.includes(KP_TIME_STAMPING) ?? false;
    result.hasTimeStampingPurpose = isTsaPurpose;
    if (!isTsaPurpose) result.problems.push('the time-stamp certificate lacks id-kp-timeStamping');
    result.path = buildCertificatePath(tsa, pool, anchorFingerprints);
    if (!result.path.isTrusted)
      result.problems.push('the time-stamp authority does not chain to a trust anchor');
    const validity = findValidityProblem(result.path, tstInfo.genTime);
    if (validity)
      result.problems.push(`a TSA path certificate is ${validity.problem.replace('_', ' ')} at genTime`);
    result.isValid =
      result.isImprintValid && result.isSignatureValid && isTsaPurpose && result.path.isTrusted && !validity;
  } catch (error) {
    result.problems.push(`the time-stamp token cannot be read: ${(error as Error).message}`);
  }
  return result;
}
