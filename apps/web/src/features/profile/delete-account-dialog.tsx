// Dialog `profile: delete account` (spec 2): the password confirms the deletion; the action the
// opener passed (POST /v1/user/delete, then /bye) receives it. Wrong passwords keep it open.
// It opens from the `delete user` overlay, which has said what deleting does.
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { TextField } from '../../components/text-field.js';
import { useDialogs } from '../dialogs/dialog-store.js';
import { describeApiError } from '../errors/describe-api-error.js';

export function DeleteAccountDialog() {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (password === '') return setMissing(true);
        void dialogs.runAction(password);
      }}
    >
      <Dialog.Title className="text-xl font-bold">{t('profile.deleteDialog.heading')}</Dialog.Title>
      <Dialog.Description className="text-muted">{t('profile.deleteDialog.text')}</Dialog.Description>
      <TextField
        label={t('profile.deleteDialog.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        error={missing && password === '' ? t('form.required') : undefined}
        onChange={(event) => setPassword(event.target.value)}
      />
      <FormAlert message={dialogs.actionError ? t(describeApiError(dialogs.actionError)) : null} />
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button type="submit" isBusy={dialogs.isLoading} className="bg-error hover:bg-error">
          {t('profile.deleteDialog.confirm')}
        </Button>
        <Button variant="text" onClick={dialogs.close}>
          {t('profile.deleteDialog.cancel')}
        </Button>
      </div>
    </form>
  );
}
