// Dialog `business: business downgraded` (spec 2: removed or deleted business users see it): the
// person is an individual user now and keeps their requests (ADR 035). Acknowledging it clears
// `removedFromBusiness` and `businessDeleted` (the opener's action).
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.js';
import { useDialogs } from '../dialogs/dialog-store.js';
import type { DialogRecord } from '../dialogs/dialog-store.js';
import { useLocaleArea } from '../i18n/i18n.js';

export function BusinessDowngradedDialog({
  record,
}: {
  record: DialogRecord<'business/business-downgraded'>;
}) {
  useLocaleArea('business');
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const isDeleted = record.props.reason === 'deleted';
  return (
    <div className="flex flex-col gap-4">
      <Dialog.Title className="text-xl font-bold">{t('businessPages.downgraded.title')}</Dialog.Title>
      <Dialog.Description className="text-muted">
        {isDeleted ? t('businessPages.downgraded.deleted') : t('businessPages.downgraded.removed')}{' '}
        {t('businessPages.downgraded.text')}
      </Dialog.Description>
      <Button isBusy={dialogs.isLoading} className="self-end" onClick={() => void dialogs.runAction()}>
        {t('businessPages.downgraded.ok')}
      </Button>
    </div>
  );
}
