// The completion mail (ADR 027): when the last signature completes a request, every party hears
// of it with the signed documents and the signature protocol. Making the protocol (validating
// every signature, rendering, sealing at B-LTA) costs more than the signature itself, so the
// signer's answer does not wait for it: the mail is marked due in the completing transaction and
// composed right after the answer (before it, when MAIL_DELIVERY is inline, as in tests), and a
// job sends any mail a dead process left due. A serving process hands both to its background
// worker thread when it has one (ADR 028), so the work runs beside the signing, not in its way.
import type { MailAttachment } from '../../../providers/mail/mailer.js';
import type { RequestsDeps } from '../deps.js';
import { composeNotification, recipientsOf, requestViewLink } from '../notify.js';
import { protocolAttachments } from '../protocol/protocol-pdf.js';
import { requireRequest } from '../service.js';
import { claimCompletionMail, finishCompletionMail, listDueCompletionMails } from './repo.js';

/** What composing and sending a request's completion mail reads (ADR 027, 028). */
export type CompletionMailDeps = Pick<
  RequestsDeps,
  | 'blobs'
  | 'clock'
  | 'completionMailer'
  | 'db'
  | 'failpoint'
  | 'liveness'
  | 'log'
  | 'mailAttachments'
  | 'mailAttachmentsMaxBytes'
  | 'mailer'
  | 'pdf'
  | 'publicUrl'
  | 'trust'
>;

/** Right after a request completed: compose its mail now or after the answer, as delivery says. */
export async function afterCompletion(
  deps: CompletionMailDeps & Pick<RequestsDeps, 'mailDelivery'>,
  requestId: string,
): Promise<void> {
  const composing = deps.completionMailer
    ? deps.completionMailer.sendCompletionMail(requestId)
    : sendCompletionMail(deps, requestId);
  const send = composing.catch((err: unknown) =>
    deps.log.error({ err, requestId }, 'the completion mail failed; the job will try again'),
  );
  if (deps.mailDelivery === 'inline') await send;
}

/** Composes and queues the completion mail of one request if it is due and nobody else holds it. */
export async function sendCompletionMail(deps: CompletionMailDeps, requestId: string): Promise<boolean> {
  if (!(await claimCompletionMail(deps.db, requestId, deps.clock.now(), deps.liveness))) return false;
  await deps.failpoint('completion.before_mail');
  await mailCompleted(deps, requestId);
  return true;
}

/** The job: every completion mail still due (its process died before sending it). */
export async function sendDueCompletionMails(deps: CompletionMailDeps, batchSize = 20): Promise<number> {
  if (deps.completionMailer) return deps.completionMailer.sendDueCompletionMails();
  let sent = 0;
  for (;;) {
    const due = await listDueCompletionMails(deps.db, deps.clock.now(), deps.liveness, batchSize);
    for (const id of due) {
      try {
        if (await sendCompletionMail(deps, id)) sent += 1;
      } catch (err) {
        // left claimed: tried again once the claim is stale, without holding up the others
        deps.log.error({ err, requestId: id }, 'the completion mail failed');
      }
    }
    if (due.length < batchSize) return sent;
  }
}

/**
 * Everyone who took part hears of the completion: owner, signers (a delegator too) and
 * observers. What rides along follows the attachment settings (mail-attachment-settings.ts):
 * the signed documents, and the signature protocol in the recipient's language, while their
 * total stays under MAIL_ATTACHMENTS_MB (when both do not fit, the protocol is left out). Whatever
 * is not attached is behind the mail's link to the request. A protocol that cannot be made does
 * not hold back the mail: it goes without it.
 */
async function mailCompleted(deps: CompletionMailDeps, id: string): Promise<void> {
  const request = await requireRequest(deps, id);
  const settings = await deps.mailAttachments(request);
  const limit = deps.mailAttachmentsMaxBytes;
  const documentsSize = request.documents.reduce((sum, d) => sum + d.currentSize, 0);
  const documents: MailAttachment[] = [];
  if (settings.signedDocument && documentsSize > 0 && documentsSize <= limit) {
    for (const d of request.documents) {
      documents.push({
        filename: `${d.fileName.replace(/\.pdf$/i, '')}-signed.pdf`,
        content: await deps.blobs.get(d.currentSha256),
        contentType: 'application/pdf',
        blob: d.currentSha256,
      });
    }
  }
  const attachedSize = documents.length > 0 ? documentsSize : 0;
  const protocolIn = protocolAttachments(deps, request);
  const mails = [];
  const recipients = new Set([
    request.ownerEmail,
    ...request.signers.map((s) => s.email),
    ...request.observers.map((o) => o.email),
  ]);
  const known = await recipientsOf(deps, [...recipients], request);
  for (const to of recipients) {
    const recipient = known.get(to)!;
    let protocol: MailAttachment | undefined;
    if (settings.signatureProtocol && limit > 0) {
      try {
        protocol = await protocolIn(recipient.language);
      } catch (err) {
        deps.log.error({ err, requestId: id }, 'making the signature protocol failed');
      }
    }
    const withProtocol = protocol !== undefined && attachedSize + protocol.content.length <= limit;
    const attachments = withProtocol && protocol ? [...documents, protocol] : documents;
    const mail = await composeNotification(
      deps,
      request,
      'completed',
      to,
      { attachments, attached: documents.length > 0, withProtocol, link: requestViewLink(deps, id) },
      recipient,
    );
    // one key per request and recipient: however often the mail is composed, it is one message
    if (mail) mails.push({ ...mail, idempotencyKey: `completion:${id}:${to}` });
  }
  // queued together, and marked sent in the same transaction
  await deps.mailer.queue(mails, (trx) => finishCompletionMail(trx, id, deps.liveness.id));
}
