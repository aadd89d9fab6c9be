// The kinds of entry in a request's audit log. The server appends only these; the web app's
// history and the signature protocol name each of them in every language, and their label
// tables are typed by this list, so a new kind fails the type check until it has words.
export const REQUEST_EVENT_TYPES = [
  'created',
  'documents_added',
  'document_removed',
  'attachments_added',
  'attachment_removed',
  'signer_added',
  'signer_removed',
  'details_changed',
  'observers_set',
  'handed_off',
  'claimed',
  'initiated',
  'reminded',
  'delegated',
  'signed',
  'declined',
  'withdrawn',
  'expired',
  'completed',
  // a completed document stamped again before its newest time-stamp's proof runs out (ADR 089)
  'archive_renewed',
  // the sender asked for a short-lived address to sign one signer's part inside their page (ADR 088)
  'embedded_signing_issued',
] as const;
export type RequestEventType = (typeof REQUEST_EVENT_TYPES)[number];

/** Whether a stored event's type is one we know (a log read back may hold any string). */
export function isRequestEventType(type: string): type is RequestEventType {
  return (REQUEST_EVENT_TYPES as readonly string[]).includes(type);
}
