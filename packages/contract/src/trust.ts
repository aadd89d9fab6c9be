// The trust services where the certificates point (RFC 5280 AIA and CRL distribution points,
// RFC 6960 OCSP, RFC 3161 time stamps), and the trust anchor a recipient imports to check
// signatures made here. Bodies and answers are DER or PEM, not JSON.
import { z } from 'zod';
import { ZFile, defineEndpoint } from './endpoint.js';

const tags = ['Trust services'];
const ZFileParams = z.object({ file: z.string().min(1).max(80) });

export const TRUST_ROOT_PATH = '/api/trust/root.pem';
export const TRUST_CHAIN_PATH = '/api/trust/chain.pem';
const pem = ['application/x-pem-file'];

export const getTrustRoot = defineEndpoint({
  method: 'GET',
  path: TRUST_ROOT_PATH,
  summary: 'The root certificate every signature of this installation chains to (PEM)',
  description:
    'Import it as a trusted certificate into a validator (Adobe Acrobat, NSS with certutil for pdfsig, Okular and Evince, openssl -CAfile) to check signatures made here. Public.',
  tags,
  auth: 'none',
  response: ZFile,
  file: { mediaTypes: pem, description: 'The root certificate' },
});

export const getTrustChain = defineEndpoint({
  method: 'GET',
  path: TRUST_CHAIN_PATH,
  summary: 'The root and every certificate below it that signatures chain through (PEM)',
  description:
    'The root, the issuing CAs (simple, advanced and qualified levels under eIDAS and ZertES, seals) and the time-stamping unit, concatenated. Public.',
  tags,
  auth: 'none',
  response: ZFile,
  file: { mediaTypes: pem, description: 'The certificates, root first' },
});

export const getAuthorityCertificate = defineEndpoint({
  method: 'GET',
  path: '/trust/ca/{file}',
  summary: "An authority's certificate (DER), `{name}.cer`",
  description: 'Where the certificates it issued point (Authority Information Access, caIssuers).',
  tags,
  auth: 'none',
  params: ZFileParams,
  response: ZFile,
  file: { mediaTypes: ['application/pkix-cert'], description: 'The certificate' },
  problems: ['trust.authority_not_found'],
});

export const getRevocationList = defineEndpoint({
  method: 'GET',
  path: '/trust/crl/{file}',
  summary: "An authority's current certificate revocation list (DER), `{name}.crl`",
  description: 'Where the certificates it issued point (CRL distribution points). Cached for 5 minutes.',
  tags,
  auth: 'none',
  params: ZFileParams,
  response: ZFile,
  file: { mediaTypes: ['application/pkix-crl'], description: 'The CRL' },
  problems: ['trust.authority_not_found'],
});

const ocspAnswer = { mediaTypes: ['application/ocsp-response'], description: 'The OCSP response' };

export const postOcsp = defineEndpoint({
  method: 'POST',
  path: '/trust/ocsp',
  summary: 'Ask the OCSP responder about certificates (RFC 6960)',
  description:
    'The DER OCSPRequest as the body; an unknown issuer or serial is answered inside the response.',
  tags,
  auth: 'none',
  fileBody: { mediaTypes: ['application/ocsp-request'], description: 'The DER OCSPRequest' },
  response: ZFile,
  file: ocspAnswer,
  problems: ['trust.bad_request'],
});

export const getOcsp = defineEndpoint({
  method: 'GET',
  path: '/trust/ocsp/{request}',
  summary: 'Ask the OCSP responder by GET (RFC 6960 appendix A.1)',
  description: 'The DER OCSPRequest, base64 and then URL encoded, as the last part of the path.',
  tags,
  auth: 'none',
  params: z.object({ request: z.string().min(1) }),
  response: ZFile,
  file: ocspAnswer,
  problems: ['trust.bad_request'],
});

export const postTimestamp = defineEndpoint({
  method: 'POST',
  path: '/trust/tsa',
  summary: 'Ask the time-stamp authority for a token (RFC 3161)',
  tags,
  auth: 'none',
  fileBody: { mediaTypes: ['application/timestamp-query'], description: 'The DER TimeStampReq' },
  response: ZFile,
  file: { mediaTypes: ['application/timestamp-reply'], description: 'The DER TimeStampResp' },
  problems: ['trust.bad_request'],
});

export const trustEndpoints = {
  getTrustRoot,
  getTrustChain,
  getAuthorityCertificate,
  getRevocationList,
  postOcsp,
  getOcsp,
  postTimestamp,
};
