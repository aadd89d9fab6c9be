// Which files the completion mail carries: the spec's business settings
// `mailService.attachments.signedDocument.enabled` and `.signatureProtocol.enabled`. Businesses do
// not exist yet, so the server's configuration (MAIL_ATTACH_SIGNED_DOCUMENTS, MAIL_ATTACH_PROTOCOL)
// answers for every request; once they do, the owner's business settings take precedence and
// this source is where that lookup goes (ADR 023).
import type { RequestRecord } from './model.js';

export interface MailAttachmentSettings {
  signedDocument: boolean;
  signatureProtocol: boolean;
}

/** The attachment settings that apply to one request's completion mail. */
export type MailAttachmentSettingsSource = (request: RequestRecord) => Promise<MailAttachmentSettings>;

/** The same configured answer for every request. */
export function configuredMailAttachments(settings: MailAttachmentSettings): MailAttachmentSettingsSource {
  return async () => settings;
}
