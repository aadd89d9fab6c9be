// The read-only parts of a request's page: status, signers, documents with their pages, and the
// audit trail. The page around them decides where they go and which actions show.
import type { SignatureRequest } from '@countersign/contract';
import { isRequestEventType, isTerminalState } from '@countersign/domain';
import type { RequestEventType } from '@countersign/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useFormatDate } from '../../features/i18n/use-format-date.js';
import { PageImage } from '../../features/signing/page-image.js';
import type { RequestApi } from '../../features/signing/request-api.js';

type Signer = SignatureRequest['signatures'][number];

const statusTone: Record<string, string> = {
  open: 'bg-primary/10 text-primary-dark',
  completed: 'bg-success/10 text-success-dark',
  declined: 'bg-error/10 text-error-dark',
  withdrawn: 'bg-line text-ink',
  expired: 'bg-line text-ink',
  draft: 'bg-line text-ink',
  pending: 'bg-warning/15 text-ink',
  signed: 'bg-success/10 text-success-dark',
  delegated: 'bg-line text-ink',
  notSigned: 'bg-line text-ink',
};

/** A titled box of the side column. */
export function Panel({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-line bg-white p-4">
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {heading}
      </h2>
      {children}
    </section>
  );
}

export function StatusBadge({ status, kind }: { status: string; kind: 'request' | 'signer' }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${statusTone[status] ?? 'bg-line'}`}
    >
      {t(`sign.status.${kind}.${status}` as ParseKeys)}
    </span>
  );
}

/**
 * The badge of a signature: one still pending on a request that has ended (withdrawn, declined
 * by someone else, expired) will never be given, so it must not read as still to be signed.
 */
function signerBadgeStatus(request: SignatureRequest, signer: Signer): string {
  return signer.status === 'pending' && isTerminalState(request.status) ? 'notSigned' : signer.status;
}

/** Why a request ended, as its withdrawer or decliner wrote it, labelled so it is not taken for the message. */
export function EndMessage({ request }: { request: SignatureRequest }) {
  const { t } = useTranslation();
  if (!request.endMessage) return null;
  return (
    <div className="flex flex-col gap-1 rounded-md border-l-4 border-line bg-white p-3 ring-1 ring-line">
      <span className="text-sm font-semibold text-muted">
        {t(request.status === 'withdrawn' ? 'sign.view.withdrawReason' : 'sign.view.declineReason')}
      </span>
      <p className="whitespace-pre-line" data-testid="end-message">
        {request.endMessage}
      </p>
    </div>
  );
}

export function SignerList({ request }: { request: SignatureRequest }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const describe = (signer: Signer) => {
    if (signer.status === 'signed') return t('sign.view.signedAt', { date: formatDate(signer.signedAt) });
    if (signer.status === 'declined')
      return t('sign.view.declinedAt', { date: formatDate(signer.declinedAt) });
    return null;
  };
  return (
    <Panel id="signers-heading" heading={t('sign.view.signers')}>
      <ul className="flex flex-col gap-3">
        {request.signatures.map((signer) => (
          <li key={signer.id} className="flex flex-col gap-1" data-testid="signer">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="min-w-0 font-semibold [overflow-wrap:anywhere]">
                {signer.name ?? signer.email}
                {signer.id === request.you.signatureId && (
                  <span className="ml-1 font-normal text-muted">({t('sign.view.you')})</span>
                )}
              </span>
              <StatusBadge status={signerBadgeStatus(request, signer)} kind="signer" />
            </div>
            {signer.name && (
              <span className="text-sm [overflow-wrap:anywhere] text-muted">{signer.email}</span>
            )}
            {describe(signer) && <span className="text-sm text-muted">{describe(signer)}</span>}
            {signer.declineMessage && (
              <blockquote className="border-l-4 border-line pl-3 text-sm">{signer.declineMessage}</blockquote>
            )}
          </li>
        ))}
      </ul>
    </Panel>
  );
}

export function DocumentPages({
  request,
  requestApi,
  pageOverlay,
}: {
  request: SignatureRequest;
  requestApi: RequestApi;
  /** what to draw over a page (its fields) */
  pageOverlay?: (documentId: string, page: number, size: { width: number; height: number }) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-8">
      {request.documents.map((document) => (
        <section key={document.id} aria-label={document.title} className="flex flex-col gap-3">
          <h2 className="text-lg font-semibold [overflow-wrap:anywhere]">
            {document.title}{' '}
            <span className="text-sm font-normal text-muted">
              {t('sign.view.pageCount', { total: document.pageCount })}
            </span>
          </h2>
          <ol className="flex flex-col gap-4">
            {document.pages.map((size, index) => (
              <li key={index}>
                <PageImage
                  page={index + 1}
                  pageCount={document.pageCount}
                  documentTitle={document.title}
                  size={size}
                  request={(ask) => requestApi.pageRequest(document.id, index + 1, ask)}
                >
                  {pageOverlay?.(document.id, index + 1, size)}
                </PageImage>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}

/** Every kind of event the server appends, with its words (typed, so a new kind needs some). */
const eventLabels: Record<RequestEventType, ParseKeys> = {
  created: 'sign.events.created',
  documents_added: 'sign.events.documents_added',
  document_removed: 'sign.events.document_removed',
  attachments_added: 'sign.events.attachments_added',
  attachment_removed: 'sign.events.attachment_removed',
  signer_added: 'sign.events.signer_added',
  signer_removed: 'sign.events.signer_removed',
  details_changed: 'sign.events.details_changed',
  observers_set: 'sign.events.observers_set',
  handed_off: 'sign.events.handed_off',
  claimed: 'sign.events.claimed',
  archive_renewed: 'sign.events.archive_renewed',
  embedded_signing_issued: 'sign.events.embedded_signing_issued',
  initiated: 'sign.events.initiated',
  reminded: 'sign.events.reminded',
  delegated: 'sign.events.delegated',
  signed: 'sign.events.signed',
  declined: 'sign.events.declined',
  withdrawn: 'sign.events.withdrawn',
  expired: 'sign.events.expired',
  completed: 'sign.events.completed',
};

/** A person of the request by name where it is known (a signer's, the sender's), else by address. */
export function personOf(request: SignatureRequest, email: string): string {
  const signer = request.signatures.find((s) => s.email === email && s.name);
  if (signer?.name) return signer.name;
  const owner = request.owner;
  const ownerName = `${owner.firstName} ${owner.lastName}`.trim();
  return owner.email === email && ownerName ? ownerName : email;
}

export function EventList({ request, requestApi }: { request: SignatureRequest; requestApi: RequestApi }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const events = useQuery({
    queryKey: [...requestApi.queryKey, 'events'],
    queryFn: ({ signal }) => requestApi.getEvents(signal),
  });
  return (
    <details className="rounded-lg border border-line bg-white p-4">
      <summary className="cursor-pointer text-lg font-semibold">{t('sign.view.events')}</summary>
      {events.isPending && <p className="mt-3 text-muted">{t('app.loading')}</p>}
      {events.isError && <p className="mt-3 text-error">{t('apiErrors.generic')}</p>}
      {events.data && (
        <>
          <ol className="mt-3 flex flex-col gap-2">
            {events.data.events.map((event) => (
              <li key={event.seq} className="flex flex-col text-sm">
                <span className="font-semibold">
                  {isRequestEventType(event.type)
                    ? t(eventLabels[event.type])
                    : t('sign.events.other', { type: event.type })}
                </span>
                <span className="text-muted">
                  {formatDate(event.at)}
                  {event.actor.email ? ` · ${personOf(request, event.actor.email)}` : ''}
                </span>
              </li>
            ))}
          </ol>
          <p className="mt-3 text-sm text-muted">
            {t(events.data.chainValid ? 'sign.view.chainValid' : 'sign.view.chainBroken')}
          </p>
        </>
      )}
    </details>
  );
}
