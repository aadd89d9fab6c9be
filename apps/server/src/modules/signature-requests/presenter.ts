// Turns a request record into the contract's shape, as the given caller may see it.
import type { PublicInformation, SignatureRequest } from '@countersign/contract';
import { allowedActions, type Relation } from './access.js';
import { knownNameOf, type AttachmentRecord, type RequestRecord } from './model.js';

export function presentRequest(
  r: RequestRecord,
  relation: Relation,
  /** the owner's business, for the page's branding (null for an individual's request) */
  business: PublicInformation | null = null,
  /** the origins that business registered for its integration (ADR 064); none without one */
  redirectOrigins: readonly string[] = [],
): SignatureRequest {
  return {
    id: r.id,
    title: r.title,
    message: r.message,
    status: r.status,
    quality: r.quality,
    legislation: r.legislation,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    initiatedAt: r.initiatedAt,
    completedAt: r.completedAt,
    endedAt: r.endedAt,
    endMessage: r.endMessage,
    expiresAt: r.expiresAt,
    tanRequired: r.tanRequired,
    owner: { id: r.ownerId, email: r.ownerEmail, firstName: r.ownerFirstName, lastName: r.ownerLastName },
    business,
    redirectOrigins: [...redirectOrigins],
    documents: r.documents.map((d) => ({
      id: d.id,
      title: d.title,
      fileName: d.fileName,
      pageCount: d.pageCount,
      pages: d.pages,
      sha256: d.originalSha256,
      size: d.originalSize,
      revision: d.revision,
      signedSha256: d.revision > 0 ? d.currentSha256 : null,
    })),
    signatures: r.signers.map((s) => ({
      id: s.id,
      email: s.email,
      name: knownNameOf(s),
      hasAccount: s.accountUserId !== null,
      status: s.status,
      signedAt: s.signedAt,
      declinedAt: s.declinedAt,
      declineMessage: s.declineMessage,
      delegatedFrom: s.delegatedFrom,
      group: s.group,
      documentSignatures: s.fields.map((f) => ({ documentId: f.documentId, placement: f.placement })),
    })),
    observers: r.observers,
    fields: r.fields.map((f) => ({
      id: f.id,
      documentId: f.documentId,
      signerId: f.signerId,
      kind: f.kind,
      required: f.required,
      label: f.label,
      page: f.page,
      x: f.x,
      y: f.y,
      width: f.width,
      height: f.height,
      value: f.value,
    })),
    attachments: r.attachments.map(presentAttachment),
    you: {
      roles: relation.actors,
      signatureId: relation.signer?.id ?? null,
      allowedActions: allowedActions(r, relation),
    },
  };
}

export function presentAttachment(a: AttachmentRecord) {
  return {
    id: a.id,
    fileName: a.fileName,
    contentType: a.contentType,
    size: a.size,
    sha256: a.sha256,
    createdAt: a.createdAt,
  };
}
