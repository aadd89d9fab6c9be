// Spec 2 "part 11 info": what a Part 11 signature is and what it shows, opened from the
// verification overlay (or anywhere by `default/part11-info`).
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.js';
import { useDialogs } from '../dialogs/dialog-store.js';

export function Part11InfoDialog() {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  return (
    <div className="flex flex-col gap-4">
      <Dialog.Title className="text-xl font-bold">{t('sign.part11.infoTitle')}</Dialog.Title>
      <Dialog.Description className="text-muted">{t('sign.part11.infoText')}</Dialog.Description>
      <p className="text-muted">{t('sign.part11.infoManifest')}</p>
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button onClick={dialogs.close}>{t('sign.part11.infoClose')}</Button>
      </div>
    </div>
  );
}
