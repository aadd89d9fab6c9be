// What a request is, above its documents: title, status, sender, deadline and message. Wider
// screens show it all. A phone folds it into one compact bar (title, status, sender) with a
// Details button that unfolds the rest and what the signer may choose before signing, so the
// first screen shows the top of page 1 rather than a page of forms above it.
import type { SignatureRequest } from '@countersign/contract';
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatDate } from '../../features/i18n/use-format-date.js';
import { BusinessBranding } from './business-branding.js';
import { EndMessage, StatusBadge } from './request-parts.js';

function useSenderLine(request: SignatureRequest): string {
  const { t } = useTranslation();
  const name = `${request.owner.firstName} ${request.owner.lastName}`.trim() || request.owner.email;
  return t('sign.view.from', { name });
}

/** Branding, deadline and message: the part of the header a phone folds away. */
function HeaderDetails({ request }: { request: SignatureRequest }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  return (
    <>
      {request.status === 'open' && request.expiresAt && (
        <p className="text-sm text-muted" data-testid="open-until">
          {t('sign.view.openUntil', { date: formatDate(request.expiresAt) })}
        </p>
      )}
      {request.message && (
        <p className="rounded-md bg-white p-3 whitespace-pre-line ring-1 ring-line">{request.message}</p>
      )}
    </>
  );
}

export function RequestHeader({
  request,
  extra,
  isInert,
}: {
  request: SignatureRequest;
  /** shown at the header's top right (the link holder's language) */
  extra?: ReactNode;
  isInert: boolean;
}) {
  const from = useSenderLine(request);
  return (
    <header className="flex flex-col gap-2" inert={isInert}>
      {extra && <div className="flex justify-end">{extra}</div>}
      {request.business && <BusinessBranding business={request.business} />}
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold break-words">{request.title}</h1>
        <StatusBadge status={request.status} kind="request" />
      </div>
      <p className="text-muted">{from}</p>
      <HeaderDetails request={request} />
      <EndMessage request={request} />
    </header>
  );
}

/** The phone's header: one bar, the rest (and `folded`, the choices before signing) behind Details. */
export function CompactHeader({
  request,
  extra,
  folded,
  isInert,
}: {
  request: SignatureRequest;
  extra?: ReactNode;
  folded?: ReactNode;
  isInert: boolean;
}) {
  const { t } = useTranslation();
  const from = useSenderLine(request);
  const [isOpen, setOpen] = useState(false);
  const detailsId = useId();
  return (
    <header
      className="flex flex-col gap-3"
      inert={isInert}
      aria-label={t('sign.view.essentials')}
      data-testid="compact-header"
    >
      {/* wraps rather than overflows when the badge and the button alone fill a 320 px screen */}
      <div className="flex flex-wrap items-center gap-2 rounded-lg bg-white px-3 py-2 ring-1 ring-line">
        <div className="flex min-w-32 flex-1 flex-col">
          <h1 className="truncate text-base font-bold">{request.title}</h1>
          <p className="truncate text-xs text-muted">{from}</p>
        </div>
        <StatusBadge status={request.status} kind="request" />
        <button
          type="button"
          className="min-h-11 shrink-0 rounded-md px-2 text-sm font-semibold text-primary-dark"
          aria-expanded={isOpen}
          aria-controls={detailsId}
          onClick={() => setOpen((open) => !open)}
        >
          {t(isOpen ? 'sign.view.hideDetails' : 'sign.view.showDetails')}
        </button>
      </div>
      <EndMessage request={request} />
      <div id={detailsId} hidden={!isOpen} className="flex flex-col gap-3">
        {/* kept while folded: what the signer typed or drew there stays */}
        {extra && <div className="flex justify-end">{extra}</div>}
        {request.business && <BusinessBranding business={request.business} />}
        <HeaderDetails request={request} />
        {folded}
      </div>
    </header>
  );
}
