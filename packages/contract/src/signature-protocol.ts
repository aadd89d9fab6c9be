// The signature protocol (spec section 7, GET v3/signature-requests/{id}/report?type=): the
// evidence of one request in one place. `type=pdf` (the default) answers with the protocol as a
// PDF sealed by the platform; `type=json` answers with the same content as this schema.
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { ZEvent, ZFieldKind, ZSignatureRequest, ZSignerStatus } from './signature-requests.js';
import { ZLanguage, ZLegislation, ZQuality } from './user.js';

export const ZReportType = z.enum(['pdf', 'json']);
export type ReportType = z.infer<typeof ZReportType>;

/** One signature or document time-stamp in a signed document, as our validator judged it. */
export const ZProtocolSignature = z.object({
  fieldName: z.string(),
  kind: z.enum(['signature', 'document-timestamp']),
  /** the request's signer whose field this is; null for time-stamps and foreign signatures */
  signerId: z.string().nullable(),
  signerName: z.string().nullable(),
  signerEmail: z.string().nullable(),
  signingTime: z.string().nullable(),
  timestampTime: z.string().nullable(),
  level: z.enum(['B-B', 'B-T', 'B-LT', 'B-LTA']).nullable(),
  /** whether the signature covers the whole file, or only the revision it was made on */
  coversWholeDocument: z.boolean(),
  /** what was changed after the signed revision (none, signature fields, form filling, annotations, other) */
  changesAfter: z.enum(['none', 'signature_fields', 'form_fields', 'annotations', 'other']),
  isDigestValid: z.boolean(),
  isSignatureValid: z.boolean(),
  chainsToTrustAnchor: z.boolean(),
  indication: z.enum(['TOTAL_PASSED', 'INDETERMINATE', 'TOTAL_FAILED']),
  subIndication: z.string().nullable(),
  problems: z.array(z.string()),
});
export type ProtocolSignature = z.infer<typeof ZProtocolSignature>;

export const ZProtocolDocument = z.object({
  id: z.string(),
  title: z.string(),
  fileName: z.string(),
  pageCount: z.number().int(),
  originalSha256: z.string(),
  originalSize: z.number().int(),
  /** the final revision; null while nobody has signed */
  signedSha256: z.string().nullable(),
  signedSize: z.number().int().nullable(),
  revision: z.number().int(),
  /** the stored bytes were read again and hash to the values above */
  isStorageIntact: z.boolean(),
  signatures: z.array(ZProtocolSignature),
});
export type ProtocolDocument = z.infer<typeof ZProtocolDocument>;

export const ZProtocolSigner = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  status: ZSignerStatus,
  quality: ZQuality,
  legislation: ZLegislation,
  signedAt: z.string().nullable(),
  declinedAt: z.string().nullable(),
  declineMessage: z.string().nullable(),
  /** for a delegate: the signer who passed the signature on */
  delegatedFrom: z.object({ id: z.string(), email: z.string() }).nullable(),
  /** for a signer who delegated: to whom */
  delegatedTo: z.object({ id: z.string(), email: z.string() }).nullable(),
  /**
   * A signer group in this signer's place (ADR 056): its name and members as it was added. Once a
   * member has signed for it, `email` and `name` are that member's.
   */
  group: z.object({ id: z.string(), name: z.string(), members: z.array(z.string()) }).nullable(),
  /** the consent to sign electronically the signer gave, word for word; null before they signed */
  consent: z
    .object({ version: z.string(), language: ZLanguage, text: z.string(), at: z.string() })
    .nullable(),
  /**
   * A Part 11 signature's manifestation (21 CFR 11.50): the printed name, when it was made and its
   * meaning, as the signer stated them; null for other signatures.
   */
  part11: z.object({ printedName: z.string(), meaning: z.string(), at: z.string() }).nullable(),
  /**
   * What the signer's signature wrote into their fields, in their order on the documents: the
   * text, the date signed (YYYY-MM-DD), or "true"/"false" for a check box. Empty before they signed.
   */
  filledFields: z.array(
    z.object({ fieldId: z.string(), kind: ZFieldKind, label: z.string(), value: z.string() }),
  ),
});
export type ProtocolSigner = z.infer<typeof ZProtocolSigner>;

export const ZProtocolEvent = ZEvent.extend({
  /** this event links to the one before and its hash matches its content */
  isChainIntact: z.boolean(),
});
export type ProtocolEvent = z.infer<typeof ZProtocolEvent>;

export const ZSignatureProtocol = z.object({
  generatedAt: z.string(),
  language: ZLanguage,
  request: ZSignatureRequest.pick({
    id: true,
    title: true,
    message: true,
    status: true,
    quality: true,
    legislation: true,
    createdAt: true,
    initiatedAt: true,
    completedAt: true,
    endedAt: true,
    endMessage: true,
  }).extend({ owner: z.object({ email: z.string(), name: z.string() }) }),
  documents: z.array(ZProtocolDocument),
  signers: z.array(ZProtocolSigner),
  observers: z.array(z.object({ email: z.string() })),
  events: z.array(ZProtocolEvent),
  /** every event intact and the last one where the request's remembered head says: nothing removed, reordered or edited */
  chainValid: z.boolean(),
  /** the last event the request itself recorded (ADR 026): where the log should end */
  chainHead: z.object({ seq: z.number().int().nonnegative(), sha256: z.string().nullable() }),
});
export type SignatureProtocol = z.infer<typeof ZSignatureProtocol>;

const ZReportQuery = z.object({ type: ZReportType.default('pdf') });
const ZIdParams = z.object({ id: z.string().min(1).max(64) });
const description =
  'The signature protocol: request, documents with SHA-256 of original and signed revision, parties, every audit event with its chain check, and the validation of every signature. type=pdf (default) answers application/pdf, sealed by the platform (PAdES B-LTA); type=json answers this schema. Text in the caller’s language.';

const reportPdf = {
  mediaTypes: ['application/pdf'],
  description: 'With type=pdf: the protocol as a sealed PDF',
};

export const getSignatureReport = defineEndpoint({
  method: 'GET',
  path: '/v3/signature-requests/{id}/report',
  summary: description,
  tags: ['Documents'],
  auth: 'business',
  params: ZIdParams,
  query: ZReportQuery,
  response: ZSignatureProtocol,
  file: reportPdf,
  problems: ['signature_request.not_found'],
});

export const directGetSignatureReport = defineEndpoint({
  method: 'GET',
  path: '/v3/direct/signature-requests/{id}/report',
  summary: `${description} For link holders, while their link is valid.`,
  tags: ['Direct signing'],
  auth: 'direct',
  params: ZIdParams,
  query: ZReportQuery.extend({ token: z.string().min(20).max(200) }),
  response: ZSignatureProtocol,
  file: reportPdf,
  problems: ['auth.token_expired'],
});

export const signatureProtocolEndpoints = { getSignatureReport, directGetSignatureReport };
