// Dialog `business: remove members` (spec 2): names the people to remove and what happens to them
// (they keep their account and requests, ADR 035); the opener's action removes them.
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { useDialogs } from '../dialogs/dialog-store.js';
import { useLocaleArea } from '../i18n/i18n.js';
import type { DialogRecord } from '../dialogs/dialog-store.js';
import { describeApiError } from '../errors/describe-api-error.js';

export interface RemovalCandidate {
  userId: string;
  name: string;
}

export function RemoveMembersDialog({ record }: { record: DialogRecord<'business/remove-members'> }) {
  useLocaleArea('business');
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const people = record.props.people;
  return (
    <div className="flex flex-col gap-4">
      <Dialog.Title className="text-xl font-bold">{t('businessPages.removeMembers.title')}</Dialog.Title>
      <Dialog.Description className="text-muted">{t('businessPages.removeMembers.text')}</Dialog.Description>
      <ul className="list-disc pl-6" data-testid="removal-candidates">
        {people.map((person) => (
          <li key={person.userId}>{person.name}</li>
        ))}
      </ul>
      <FormAlert message={dialogs.actionError ? t(describeApiError(dialogs.actionError)) : null} />
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button
          isBusy={dialogs.isLoading}
          className="bg-error hover:bg-error"
          onClick={() => void dialogs.runAction()}
        >
          {t('businessPages.removeMembers.confirm')}
        </Button>
        <Button variant="text" onClick={dialogs.close}>
          {t('businessPages.removeMembers.cancel')}
        </Button>
      </div>
    </div>
  );
}
