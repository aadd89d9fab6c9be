// A request's status from the viewer's seat (spec 4 status colours). The colour is a dot beside
// the word, so the text keeps full contrast and nobody needs to tell colours apart to read it.
import type { RequestDisplayStatus } from '@countersign/domain';
import { useTranslation } from 'react-i18next';

const dotClasses: Record<RequestDisplayStatus, string> = {
  to_sign: 'bg-warning',
  waiting: 'bg-primary',
  cancelled: 'bg-error',
  completed: 'bg-success',
  draft: 'bg-muted',
};

export function StatusBadge({ status }: { status: RequestDisplayStatus }) {
  const { t } = useTranslation();
  return (
    <span
      data-status={status}
      className="inline-flex items-center gap-2 rounded-full border border-line bg-white px-2 py-0.5 text-sm font-semibold"
    >
      <span aria-hidden="true" className={`size-2.5 rounded-full ${dotClasses[status]}`} />
      {t(`dashboard.status.${status}`)}
    </span>
  );
}
