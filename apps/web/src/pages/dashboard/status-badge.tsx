// A request's status from the viewer's seat (spec 4 status colours). The colour is a dot beside
// the word, so the text keeps full contrast and nobody needs to tell colours apart to read it. A
// cancelled request is named by how it ended (declined, withdrawn, expired), like on its page.
import type { RequestDisplayStatus } from '@countersign/domain';
import { useTranslation } from 'react-i18next';

const dotClasses: Record<RequestDisplayStatus, string> = {
  to_sign: 'bg-warning',
  waiting: 'bg-primary',
  cancelled: 'bg-error',
  completed: 'bg-success',
  draft: 'bg-muted',
};

/** The ways a request ends early: the colour says "cancelled", the word says which it was. */
const endedEarly = ['declined', 'withdrawn', 'expired'] as const;
type EndedEarly = (typeof endedEarly)[number];
const isEndedEarly = (status: string | undefined): status is EndedEarly =>
  endedEarly.includes(status as EndedEarly);

export function StatusBadge({
  status,
  requestStatus,
}: {
  status: RequestDisplayStatus;
  /** the request's own status, which names a cancelled one as the request page does */
  requestStatus?: string;
}) {
  const { t } = useTranslation();
  const word =
    status === 'cancelled' && isEndedEarly(requestStatus)
      ? t(`dashboard.filters.statuses.${requestStatus}`)
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
