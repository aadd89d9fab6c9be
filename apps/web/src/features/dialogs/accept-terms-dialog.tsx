// Spec 2: users who have not accepted the terms see this dialog; accepting calls
// POST /v1/user/accept {gtc: true}. It cannot be dismissed, only accepted or left by logging out.
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { describeApiError } from '../errors/describe-api-error.js';
import { useDialogs } from './dialog-store.js';

export function AcceptTermsDialog() {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const navigate = useNavigate();
  return (
    <div className="flex flex-col gap-4">
      <Dialog.Title className="text-xl font-bold">{t('terms.heading')}</Dialog.Title>
      <Dialog.Description className="text-muted">{t('terms.text')}</Dialog.Description>
      <FormAlert message={dialogs.actionError ? t(describeApiError(dialogs.actionError)) : null} />
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button isBusy={dialogs.isLoading} onClick={() => void dialogs.runAction()}>
          {t('terms.accept')}
        </Button>
        <Button
          variant="text"
          onClick={() => {
            dialogs.close();
            void navigate('/logout');
          }}
        >
          {t('terms.logout')}
        </Button>
      </div>
    </div>
  );
}
