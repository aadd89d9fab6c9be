// Signature-request, document and signing calls of spec section 7 (Signature requests,
// Documents, Signing). A request holds documents, signers ("signatures" in the spec's words, one
// per signer), observers and an append-only, hash-chained event log.
import { z } from 'zod';
import { ZPart11Reauthentication } from './part11.js';
import { ZPublicInformation } from './businesses.js';
import { defineEndpoint } from './endpoint.js';
import { pdfUploadProblems } from './errors.js';
import { ZEmail, ZLanguage, ZLegislation, ZQuality } from './user.js';

const tags = ['Signature requests'];
const ZId = z.string().min(1).max(64);
const ZOk = z.object({ ok: z.literal(true) });

export const ZRequestStatus = z.enum(['draft', 'open', 'completed', 'declined', 'withdrawn', 'expired']);
export const ZSignerStatus = z.enum(['pending', 'signed', 'declined', 'delegated']);

/** Where a signer's visible signature goes: page 1-based, rectangle in PDF points from the bottom left. */
export const ZPlacement = z
  .object({
    page: z.number().int().min(1),
    x: z.number().min(0),
    y: z.number().min(0),
    width: z.number().min(20).max(2000),
    height: z.number().min(10).max(2000),
  })
  .describe(
    "Where the visible signature goes: `page` counts from 1; `x`, `y`, `width` and `height` are in PDF points (1/72 inch) with the origin at the bottom-left corner of the page, `x`/`y` naming the rectangle's bottom-left corner.",
  );
export const ZDocumentSignature = z.object({ documentId: ZId, placement: ZPlacement.nullable().optional() });

// The same kinds and bounds as packages/domain's fields.ts (the contract depends on nothing of
// ours; the server's field model checks at compile time that the two lists agree).
export const ZFieldKind = z.enum(['signature', 'initials', 'date_signed', 'name', 'text', 'checkbox']);

/**
 * A field the sender places for one signer on one page: the box in PDF points from the page's
 * bottom-left corner. `signature` is the signer's signature in that document (at most one per
 * signer and document; without one the signer signs that document invisibly); `initials`,
 * `date_signed`, `name` and `text` become PDF text fields, `checkbox` a check box, all filled in
 * the signer's own revision when they sign.
 */
export const ZField = z.object({
  id: z.string(),
  documentId: z.string(),
  signerId: z.string(),
  kind: ZFieldKind,
  required: z.boolean(),
  label: z.string(),
  page: z.number().int(),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  /**
   * What its signer's signature wrote into it, as the PDF shows it (a check box `true` or
   * `false`); null until they have signed, or when they left an optional field empty.
   */
  value: z.string().nullable(),
});
export type Field = z.infer<typeof ZField>;

/** A field as the sender saves it. The id is chosen by the client (unique within the request), so an editor can save as it goes. */
export const ZFieldInput = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]{6,64}$/),
  documentId: ZId,
  signerId: ZId,
  kind: ZFieldKind,
  required: z.boolean().default(true),
  label: z.string().trim().max(100).default(''),
  page: z.number().int().min(1),
  x: z.number().min(0).max(20000),
  y: z.number().min(0).max(20000),
  width: z.number().min(10).max(2000),
  height: z.number().min(10).max(2000),
});
export type FieldInput = z.input<typeof ZFieldInput>;

export const ZDocument = z.object({
  id: z.string(),
  title: z.string(),
  fileName: z.string(),
  pageCount: z.number().int(),
  pages: z.array(z.object({ width: z.number(), height: z.number() })),
  sha256: z.string(),
  size: z.number().int(),
  /** number of revisions Countersign has added (fields, signatures, validation data) */
  revision: z.number().int(),
  signedSha256: z.string().nullable(),
});

export const ZSigner = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  hasAccount: z.boolean(),
  status: ZSignerStatus,
  signedAt: z.string().nullable(),
  declinedAt: z.string().nullable(),
  declineMessage: z.string().nullable(),
  /** For a delegate: the id of the signer who passed the signature on. */
  delegatedFrom: z.string().nullable(),
  /**
   * A signer group in one signer's place (ADR 056): any one of `members` signs for the group, and
   * `email` and `name` are those of the member who did (empty until one has). `members` are the
   * group's as it was added to the request.
   */
  group: z
    .object({ id: z.string(), name: z.string(), members: z.array(z.string()) })
    .nullable()
    .optional(),
  documentSignatures: z.array(z.object({ documentId: z.string(), placement: ZPlacement.nullable() })),
});

/** A file sent along for reading (terms, annexes); not signed. Content: .../attachments/{id}/content. */
export const ZAttachment = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number(),
  sha256: z.string(),
  createdAt: z.string(),
});

export const ZSignatureRequest = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  status: ZRequestStatus,
  quality: ZQuality,
  legislation: ZLegislation,
  createdAt: z.string(),
  updatedAt: z.string(),
  initiatedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  endMessage: z.string().nullable(),
  /** when the request expires if not everyone has signed by then (set when sent, ADR 023) */
  expiresAt: z.string().nullable(),
  /** link signers confirm with a TAN mailed to them before they sign (ADR 078, 086) */
  tanRequired: z.boolean(),
  owner: z.object({ id: z.string(), email: z.string(), firstName: z.string(), lastName: z.string() }),
  /**
   * The business the request is sent under, its owner's at the time of reading (ADR 035): name,
   * logo and support contact, for the branding of the request's page. Null (or absent) for the
   * request of an individual user.
   */
  business: ZPublicInformation.nullable().optional(),
  /**
   * The origins that business registered for its own integration (ADR 064; empty for an
   * individual's request): the page sends the signer to an exit, decline or error address there
   * without asking, and asks first for any other address (spec 5).
   */
  redirectOrigins: z.array(z.string()),
  documents: z.array(ZDocument),
  signatures: z.array(ZSigner),
  observers: z.array(z.object({ id: z.string(), email: z.string() })),
  attachments: z.array(ZAttachment),
  /** every field placed for a signer, in every document */
  fields: z.array(ZField),
  /** the caller's relation to the request and what it may do now (the UI never re-derives it) */
  you: z.object({
    roles: z.array(z.string()),
    signatureId: z.string().nullable(),
    allowedActions: z.array(z.string()),
  }),
});
export type SignatureRequest = z.infer<typeof ZSignatureRequest>;

const ZIdParams = z.object({ id: ZId });

/**
 * A deadline for the signers (ISO 8601 with an offset). The server checks it lies between an
 * hour and a year ahead; without one, a request expires REQUEST_EXPIRY_DAYS after it is sent.
 */
export const ZExpiresAt = z.iso.datetime({ offset: true });

export const ZCreateSignatureRequest = z.strictObject({
  title: z.string().trim().min(1).max(200),
  message: z.string().max(5000).default(''),
  quality: ZQuality.default('ses'),
  legislation: ZLegislation.default('eidas'),
  /** each signer by address, or a signer group of the caller's business by its id (ADR 056) */
  signatures: z
    .array(
      z.union([
        z.strictObject({ email: ZEmail, name: z.string().trim().max(200).optional() }),
        z.strictObject({ groupId: ZId }),
      ]),
    )
    .max(50)
    .default([]),
  observers: z.array(ZEmail).max(50).default([]),
  expiresAt: ZExpiresAt.optional(),
  /** link signers must confirm with a TAN mailed to them before they sign (ADR 078, 086) */
  tanRequired: z.boolean().optional(),
});

export const createSignatureRequest = defineEndpoint({
  method: 'POST',
  path: '/v3/signature-requests',
  summary:
    'Create a draft request. JSON, or multipart/form-data with a `payload` field holding the JSON and PDF files as `documents`',
  description:
    'Creates a draft owned by the caller. As multipart/form-data it takes the PDFs (`documents`) and attachments (`attachments`) in the same call; a refused file takes the new request with it, so nothing half-made is left.',
  tags,
  auth: 'business',
  body: ZCreateSignatureRequest,
  upload: {
    payload: { kind: 'json', description: 'The request as JSON (the application/json body)', required: true },
    documents: { kind: 'files', description: 'PDFs to sign' },
    attachments: { kind: 'files', description: 'Files sent along for reading: PDF, PNG, JPEG or UTF-8 text' },
  },
  response: ZSignatureRequest,
  successStatus: 201,
  problems: [...pdfUploadProblems, 'attachment.too_many', 'attachment.type_not_allowed'],
});

export const getSignatureRequest = defineEndpoint({
  method: 'GET',
  path: '/v3/signature-requests/{id}',
  summary: 'One request as the caller may see it',
  tags,
  auth: 'business',
  params: ZIdParams,
  response: ZSignatureRequest,
});

export const getSignatureRequestStatus = defineEndpoint({
  method: 'GET',
  path: '/v3/signature-requests/{id}/status',
  summary: 'The state of a request and of each signer',
  tags,
  auth: 'business',
  params: ZIdParams,
  response: z.object({
    status: ZRequestStatus,
    signatures: z.array(z.object({ id: z.string(), status: ZSignerStatus })),
  }),
});

export const updateSignatureRequest = defineEndpoint({
  method: 'PUT',
  path: '/v3/signature-requests/{id}',
  summary:
    'Replace the observers (e-mail addresses only); while a draft, also its title, message, signature level and deadline',
  tags,
  auth: 'business',
  params: ZIdParams,
  body: z.strictObject({
    observers: z.array(ZEmail).max(50).optional(),
    title: z.string().trim().min(1).max(200).optional(),
    message: z.string().max(5000).optional(),
    quality: ZQuality.optional(),
    legislation: ZLegislation.optional(),
    /** while a draft; null takes the default again */
    expiresAt: ZExpiresAt.nullable().optional(),
    /** while a draft: link signers confirm with a TAN before they sign */
    tanRequired: z.boolean().optional(),
  }),
  response: ZSignatureRequest,
});

export const initiateSignatureRequest = defineEndpoint({
  method: 'POST',
  path: '/v3/signature-requests/{id}/initiate',
  summary: 'Send: prepare every signature field in one revision per document, then notify the signers',
  tags,
  auth: 'business',
  params: ZIdParams,
  response: ZSignatureRequest,
});

export const setFields = defineEndpoint({
  method: 'PUT',
  path: '/v3/signature-requests/{id}/fields',
  summary:
    "Replace a draft's fields (all signers, all documents). A signer's `document_signatures[].placement` is their `signature` field in that document",
  tags,
  auth: 'business',
  params: ZIdParams,
  body: z.strictObject({ fields: z.array(ZFieldInput).max(500) }),
  response: ZSignatureRequest,
});

export const duplicateSignatureRequest = defineEndpoint({
  method: 'POST',
  path: '/v3/signature-requests/{id}/duplicate',
  summary:
    'A new draft of yours with the same title, message, level, documents (as uploaded), signers, observers, attachments and fields; not the deadline',
  tags,
  auth: 'business',
  params: ZIdParams,
  response: ZSignatureRequest,
  successStatus: 201,
});

export const deleteSignatureRequest = defineEndpoint({
  method: 'DELETE',
  path: '/v3/signature-requests/{id}',
  summary: 'Delete a draft, or a finished request of yours',
  tags,
  auth: 'business',
  params: ZIdParams,
  response: ZOk,
});

const ZMessageBody = z.strictObject({ message: z.string().max(2000).default('') });

export const declineSignatureRequest = defineEndpoint({
  method: 'POST',
  path: '/v3/signature-requests/{id}/decline',
  summary: 'Decline to sign, with a message for the sender',
  tags,
  auth: 'session',
  params: ZIdParams,
  body: ZMessageBody,
  response: ZSignatureRequest,
});

export const ZDelegateBody = z.strictObject({
  email: ZEmail,
  name: z.string().trim().max(200).optional(),
  message: z.string().max(2000).default(''),
});

export const delegateSignature = defineEndpoint({
  method: 'POST',
  path: '/v3/signature-requests/{id}/delegate',
  summary: 'Pass your pending signature on to someone else (once: a delegate cannot delegate again)',
  tags,
  auth: 'session',
  params: ZIdParams,
  body: ZDelegateBody,
  response: ZSignatureRequest,
});

export const withdrawSignatureRequest = defineEndpoint({
  method: 'POST',
  path: '/v3/signature-requests/{id}/withdraw',
  summary: 'Withdraw an open request, with a message for the signers',
  tags,
  auth: 'business',
  params: ZIdParams,
  body: ZMessageBody,
  response: ZSignatureRequest,
});

export const remindSigners = defineEndpoint({
  method: 'POST',
  path: '/v3/signature-requests/{id}/remind',
  summary: 'Mail a reminder to every signer who has not signed yet',
  tags,
  auth: 'business',
  params: ZIdParams,
  response: z.object({ reminded: z.number().int() }),
});

export const addSigner = defineEndpoint({
  method: 'POST',
  path: '/v3/signature-requests/{id}/signatures',
  summary: 'Add a signer, or a signer group, to a draft, with optional visible placements per document',
  description:
    "Adds one signer: a person (`signer_identity_data`) or a signer group of the caller's business (`signer_group_id`, ADR 056), exactly one of the two. Any one member of a group signs in the group's place.",
  tags,
  auth: 'business',
  params: ZIdParams,
  body: z
    .strictObject({
      accountEmail: ZEmail.optional(),
      signerIdentityData: z
        .strictObject({ emailAddress: ZEmail, name: z.string().trim().max(200).optional() })
        .optional(),
      signerGroupId: ZId.optional(),
      documentSignatures: z.array(ZDocumentSignature).max(100).default([]),
    })
    .refine((b) => (b.signerIdentityData === undefined) !== (b.signerGroupId === undefined), {
      message: 'Name either signer_identity_data or signer_group_id',
      path: ['signerIdentityData'],
    }),
  response: ZSignatureRequest,
  successStatus: 201,
});

export const removeSigner = defineEndpoint({
  method: 'DELETE',
  path: '/v3/signature-requests/{id}/signatures/{sigId}',
  summary: 'Remove a signer from a draft',
  tags,
  auth: 'business',
  params: z.object({ id: ZId, sigId: ZId }),
  response: ZSignatureRequest,
});

export const getSignerStatus = defineEndpoint({
  method: 'GET',
  path: '/v3/signature-requests/{id}/signatures/{sigId}/status',
  summary: 'The state of one signer',
  tags,
  auth: 'business',
  params: z.object({ id: ZId, sigId: ZId }),
  response: z.object({ id: z.string(), status: ZSignerStatus, signedAt: z.string().nullable() }),
});

export const addObserver = defineEndpoint({
  method: 'POST',
  path: '/v3/signature-requests/{id}/observers',
  summary: 'Add an observer, who is told when the request ends',
  tags,
  auth: 'business',
  params: ZIdParams,
  body: z.strictObject({ email: ZEmail }),
  response: ZSignatureRequest,
  successStatus: 201,
});

export const removeObserver = defineEndpoint({
  method: 'DELETE',
  path: '/v3/signature-requests/{id}/observers/{observerId}',
  summary: 'Remove an observer',
  tags,
  auth: 'business',
  params: z.object({ id: ZId, observerId: ZId }),
  response: ZSignatureRequest,
});

export const ZEvent = z.object({
  seq: z.number().int(),
  type: z.string(),
  at: z.string(),
  actor: z.object({ kind: z.string(), id: z.string().nullable(), email: z.string().nullable() }),
  ip: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  prevHash: z.string(),
  hash: z.string(),
});

export const getEvents = defineEndpoint({
  method: 'GET',
  path: '/v3/signature-requests/{id}/events',
  summary: 'The audit log; each event carries the SHA-256 of the one before',
  tags,
  auth: 'business',
  params: ZIdParams,
  response: z.object({ events: z.array(ZEvent), chainValid: z.boolean() }),
});

export const getLockStatus = defineEndpoint({
  method: 'GET',
  path: '/v3/signature-requests/{id}/lock-status',
  summary: 'Whether a signature is being written into one of the documents right now',
  tags,
  auth: 'business',
  params: ZIdParams,
  response: z.object({ locked: z.boolean(), lockedUntil: z.string().nullable() }),
});

export const ZSignItem = z.strictObject({
  signatureRequestId: ZId,
  signingName: z.string().trim().max(200).optional(),
  signingReason: z.string().trim().max(200).optional(),
  signingLocation: z.string().trim().max(200).optional(),
  /** Account holders: which of their visual signatures to place (default: their default one). */
  visualSignatureId: z.string().min(1).max(64).optional(),
  /**
   * What the signer fills in, one entry per field id (`fields` of the request): text for text and initials
   * fields, true or false for check boxes. Name and date-signed fields are filled by the server;
   * initials left out are the signer's from their name. Written into the signer's own signature
   * revision as form filling (ADR 039). A required field left empty: 422 `signing.fields_incomplete`;
   * a field that is not the caller's, sent twice, or a value of the wrong type: 422 `signing.field_unknown`.
   */
  fieldValues: z
    .array(
      z.strictObject({ fieldId: z.string().max(64), value: z.union([z.string().max(500), z.boolean()]) }),
    )
    .max(500)
    .optional(),
});

/**
 * The signer's consent to sign electronically, required by both sign calls (a call without it is
 * refused 422 `signing.consent_required`). Show the signer the words of
 * GET /v3/signing-consent?language=.. and send back the version and language shown; the server
 * records those exact words with the signature (audit log, signature protocol). An unknown version
 * or language is refused 422 `signing.consent_unknown`.
 */
export const ZSigningConsent = z.strictObject({
  accepted: z.literal(true),
  version: z.string().min(1).max(40),
  language: ZLanguage,
});
export type SigningConsent = z.infer<typeof ZSigningConsent>;

export const getSigningConsent = defineEndpoint({
  method: 'GET',
  path: '/v3/signing-consent',
  summary: 'The current words of the consent to sign electronically, in one language (default en)',
  tags: ['Signing'],
  auth: 'none',
  query: z.object({ language: ZLanguage.default('en') }),
  response: z.object({ version: z.string(), language: ZLanguage, text: z.string() }),
});

export const ZSignResult = z.object({
  results: z.array(
    z.object({
      signatureRequestId: z.string(),
      ok: z.boolean(),
      code: z.string().nullable(),
      requestStatus: ZRequestStatus.nullable(),
    }),
  ),
});

export const sign = defineEndpoint({
  method: 'POST',
  path: '/v3/sign',
  summary: 'Sign each listed request as the caller, with a certificate issued for this signature',
  tags: ['Signing'],
  auth: 'business',
  body: z.strictObject({
    signatureRequests: z.array(ZSignItem).min(1).max(20),
    language: ZLanguage.default('en'),
    tan: z.string().max(16).optional(),
    sealAccountName: z.string().max(200).optional(),
    /** required: see ZSigningConsent (optional here only so that its absence gets its own code) */
    consent: ZSigningConsent.optional(),
    /**
     * Part 11 requests only (ADR 077): the signer's password and the code of POST
     * /v3/signature-requests/{id}/part11/code; each item then needs `signingReason` (the meaning).
     */
    part11: ZPart11Reauthentication.optional(),
  }),
  response: ZSignResult,
});

export const ZListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce
    .number()
    .pipe(z.union([z.literal(25), z.literal(50), z.literal(100)]))
    .default(25),
  sortBy: z.enum(['created_at', 'updated_at', 'title']).default('updated_at'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  dateFrom: z.iso.datetime().optional(),
  dateTo: z.iso.datetime().optional(),
  dateTimeMode: z.enum(['created', 'updated']).default('updated'),
  status: z
    .union([ZRequestStatus, z.array(ZRequestStatus)])
    .optional()
    .transform((s) => (s === undefined ? [] : Array.isArray(s) ? s : [s])),
  search: z.string().trim().max(200).optional(),
  sendBy: z.enum(['me', 'others', 'any']).default('any'),
});

export const ZListItem = z.object({
  id: z.string(),
  title: z.string(),
  status: ZRequestStatus,
  createdAt: z.string(),
  updatedAt: z.string(),
  ownerEmail: z.string(),
  /** the sender's first and last name; empty when their account has none */
  ownerName: z.string(),
  sentByMe: z.boolean(),
  yourSignatureStatus: ZSignerStatus.nullable(),
  signersTotal: z.number().int(),
  signersSigned: z.number().int(),
});

export const listSignatureRequests = defineEndpoint({
  method: 'GET',
  path: '/v3/signature-requests-redesign',
  summary: 'Requests the caller sent or was asked to sign, filtered, sorted and paged',
  tags,
  auth: 'business',
  query: ZListQuery,
  response: z.object({
    items: z.array(ZListItem),
    page: z.number().int(),
    size: z.number().int(),
    total: z.number().int(),
  }),
});

export const signatureRequestEndpoints = {
  createSignatureRequest,
  getSignatureRequest,
  getSignatureRequestStatus,
  updateSignatureRequest,
  initiateSignatureRequest,
  setFields,
  duplicateSignatureRequest,
  deleteSignatureRequest,
  declineSignatureRequest,
  delegateSignature,
  withdrawSignatureRequest,
  remindSigners,
  addSigner,
  removeSigner,
  getSignerStatus,
  addObserver,
  removeObserver,
  getEvents,
  getLockStatus,
  sign,
  getSigningConsent,
  listSignatureRequests,
};

export const ZDocumentDetail = ZDocument.extend({
  signatureRequestId: z.string(),
  signatures: z.array(
    z.object({
      fieldName: z.string(),
      kind: z.enum(['signature', 'document-timestamp']),
      signingTime: z.string().nullable(),
      name: z.string().nullable(),
      coversWholeFile: z.boolean(),
    }),
  ),
});

export const getDocument = defineEndpoint({
  method: 'GET',
  path: '/v3/documents/{id}',
  summary: 'A document: pages, sizes, revision and the signatures in its current revision',
  tags: ['Documents'],
  auth: 'business',
  params: ZIdParams,
  response: ZDocumentDetail,
});

export const deleteDocument = defineEndpoint({
  method: 'DELETE',
  path: '/v3/documents/{id}',
  summary: 'Remove a document from a draft',
  tags: ['Documents'],
  auth: 'business',
  params: ZIdParams,
  response: ZOk,
});

const ZAttachmentParams = z.object({ id: ZId, attId: ZId });

export const getAttachment = defineEndpoint({
  method: 'GET',
  path: '/v3/signature-requests/{id}/attachments/{attId}',
  summary:
    'An attachment of the request. Added as multipart `attachments` (PDF, PNG, JPEG or plain text) at creation or with POST .../attachments while a draft; its bytes at .../content',
  tags: ['Documents'],
  auth: 'business',
  params: ZAttachmentParams,
  response: ZAttachment,
});

export const deleteAttachment = defineEndpoint({
  method: 'DELETE',
  path: '/v3/signature-requests/{id}/attachments/{attId}',
  summary: 'Remove an attachment from a draft',
  tags: ['Documents'],
  auth: 'business',
  params: ZAttachmentParams,
  response: ZOk,
});

export const addDocuments = defineEndpoint({
  method: 'POST',
  path: '/v3/signature-requests/{id}/documents',
  summary: 'Add PDFs to a draft: multipart/form-data with the files as `documents`',
  description:
    'Each PDF under the upload limit (`max_upload_mb` of /api/config) and the limits on what one document may cost; one refused file adds none.',
  tags: ['Documents'],
  auth: 'business',
  params: ZIdParams,
  upload: { documents: { kind: 'files', description: 'The PDFs', required: true } },
  response: z.object({ documentIds: z.array(z.string()) }),
  successStatus: 201,
  problems: ['signature_request.not_found', 'signature_request.locked', ...pdfUploadProblems],
});

export const removeRequestDocument = defineEndpoint({
  method: 'DELETE',
  path: '/v3/signature-requests/{id}/documents/{docId}',
  summary: 'Remove a document from a draft, named with its request',
  description:
    'As DELETE /v3/documents/{id}, but refused unless the document belongs to the request the path names.',
  tags: ['Documents'],
  auth: 'business',
  params: z.object({ id: ZId, docId: ZId }),
  response: ZOk,
  problems: ['document.not_found', 'signature_request.locked'],
});

export const documentEndpoints = {
  getDocument,
  deleteDocument,
  getAttachment,
  deleteAttachment,
  addDocuments,
  removeRequestDocument,
};
