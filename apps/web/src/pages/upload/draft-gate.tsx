// What the draft screens show before the editor: loading, a failed load, or a request that is
// no longer a draft (it opens in the request view instead).
import type { SignatureRequest } from '@countersign/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { Spinner } from '../../components/spinner.js';
import { TextLink } from '../../components/text-link.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';
import type { useDraft } from './use-draft.js';

export function DraftGate({
  draft,
  children,
}: {
  draft: ReturnType<typeof useDraft>;
  children: (request: SignatureRequest) => ReactNode;
}) {
  const { t } = useTranslation();
  if (draft.isPending) return <Spinner label={t('send.loadingDraft')} />;
  if (draft.isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <FormAlert message={t(describeApiError(draft.error))} />
        <Button variant="secondary" onClick={() => void draft.refetch()}>
          {t('dashboard.list.retry')}
        </Button>
      </div>
    );
  }
  if (draft.data.status !== 'draft') {
    return (
      <p>
        {t('send.alreadySent')}{' '}
        <TextLink to={`/view/${encodeURIComponent(draft.data.id)}`}>{t('send.openRequest')}</TextLink>
      </p>
    );
  }
  return <>{children(draft.data)}</>;
}
