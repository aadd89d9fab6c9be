// Dialog `visual-signature: delete signature` (spec 2): names the signature and runs the
// opener's action (DELETE /v1/user/visual-signatures/{id}).
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import type { DialogRecord } from '../dialogs/dialog-store.js';
import { useDialogs } from '../dialogs/dialog-store.js';
import { describeVisualError } from './describe-visual-error.js';

export function DeleteSignatureDialog({
  record,
}: {
  record: DialogRecord<'visual-signature/delete-signature'>;
}) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const alias = record.props.alias;
  return (
    <div className="flex flex-col gap-4">
      <Dialog.Title className="text-xl font-bold">
        {t('profile.visual.deleteDialog.heading', { alias })}
      </Dialog.Title>
      <Dialog.Description className="text-muted">{t('profile.visual.deleteDialog.text')}</Dialog.Description>
      <FormAlert message={dialogs.actionError ? t(describeVisualError(dialogs.actionError)) : null} />
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button isBusy={dialogs.isLoading} onClick={() => void dialogs.runAction()}>
          {t('profile.visual.deleteDialog.confirm')}
        </Button>
        <Button variant="text" onClick={dialogs.close}>
          {t('profile.visual.deleteDialog.cancel')}
        </Button>
      </div>
    </div>
  );
}
