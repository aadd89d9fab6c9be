// A request's status from the viewer's seat (spec 4 status colours). The colour is a dot beside
// the word, so the text keeps full contrast and nobody needs to tell colours apart to read it. A
// cancelled request is named by how it ended (declined, withdrawn, expired), like on its page.
import { displayStatusOf } from '@countersign/domain';
import type { DisplayStatusInput, RequestDisplayStatus } from '@countersign/domain';
import { useTranslation } from 'react-i18next';

const dotClasses: Record<RequestDisplayStatus, string> = {
  to_sign: 'bg-warning',
  waiting: 'bg-primary',
  cancelled: 'bg-error',
  completed: 'bg-success',
  draft: 'bg-muted',
};

/** A request's badge: the colour of its display status, and for a cancelled one the word of how it ended. */
export function StatusBadge({ request }: { request: DisplayStatusInput }) {
  const { t } = useTranslation();
  const status = displayStatusOf(request);
  // cancelled is declined, withdrawn or expired (displayStatusOf), each named as on the request
  // page; the draft test only tells the type checker that the status has a filter word
  const word =
    status === 'cancelled' && request.status !== 'draft'
      ? t(`dashboard.filters.statuses.${request.status}`)
      : t(`dashboard.status.${status}`);
  return (
    <span
      data-status={status}
      className="inline-flex items-center gap-2 rounded-full border border-line bg-white px-2 py-0.5 text-sm font-semibold"
    >
      <span aria-hidden="true" className={`size-2.5 rounded-full ${dotClasses[status]}`} />
      {word}
    </span>
  );
}
