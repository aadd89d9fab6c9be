// Which files the completion mail carries: the spec's business settings
// `mailService.attachments.signedDocument.enabled` and `.signatureProtocol.enabled` when the
// request's owner belongs to a business (ADR 035: a request follows its owner's business), else
// the server's configuration (MAIL_ATTACH_SIGNED_DOCUMENTS, MAIL_ATTACH_PROTOCOL).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { settingsOfMember } from '../businesses/index.js';
import type { RequestRecord } from './model.js';

export interface MailAttachmentSettings {
  signedDocument: boolean;
  signatureProtocol: boolean;
}

/** The attachment settings that apply to one request's completion mail. */
export type MailAttachmentSettingsSource = (request: RequestRecord) => Promise<MailAttachmentSettings>;

/** The owner's business settings where there is one, the configured answer otherwise. */
export function businessMailAttachments(
  db: Kysely<Database>,
  configured: MailAttachmentSettings,
): MailAttachmentSettingsSource {
  return async (request) => {
    const attachments = (await settingsOfMember(db, request.ownerId))?.mailService.attachments;
    return attachments
      ? {
          signedDocument: attachments.signedDocument.enabled,
          signatureProtocol: attachments.signatureProtocol.enabled,
        }
      : configured;
  };
}
