// Dialog `business: business invitation` (spec 2: business invitees must accept the invitation).
// An invitation addressed to the person can only be accepted, or left by logging out; a verified
// domain's offer to join can also wait ("Not now"). The opener's action accepts.
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { useDialogs } from '../dialogs/dialog-store.js';
import type { DialogRecord } from '../dialogs/dialog-store.js';
import { useLocaleArea } from '../i18n/i18n.js';
import { describeApiError } from '../errors/describe-api-error.js';

export interface BusinessInvitationProps {
  businessName: string;
  via: 'invitation' | 'domain';
  /** Called when a domain's offer is put off. */
  onDismiss?: () => void;
}

export function BusinessInvitationDialog({
  record,
}: {
  record: DialogRecord<'business/business-invitation'>;
}) {
  useLocaleArea('business');
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const { businessName: name, via, onDismiss } = record.props;
  const isOffer = via === 'domain';
  return (
    <div className="flex flex-col gap-4">
      <Dialog.Title className="text-xl font-bold">
        {isOffer
          ? t('businessPages.invitationDialog.offerTitle', { name })
          : t('businessPages.invitationDialog.title', { name })}
      </Dialog.Title>
      <Dialog.Description className="text-muted">
        {isOffer
          ? t('businessPages.invitationDialog.offerText', { name })
          : t('businessPages.invitationDialog.text', { name })}
      </Dialog.Description>
      <FormAlert message={dialogs.actionError ? t(describeApiError(dialogs.actionError)) : null} />
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button isBusy={dialogs.isLoading} onClick={() => void dialogs.runAction()}>
          {isOffer
            ? t('businessPages.invitationDialog.join', { name })
            : t('businessPages.invitationDialog.accept')}
        </Button>
        {isOffer ? (
          <Button variant="text" onClick={() => onDismiss?.()}>
            {t('businessPages.invitationDialog.notNow')}
          </Button>
        ) : (
          <Button
            variant="text"
            onClick={() => {
              dialogs.close();
              void navigate('/logout');
            }}
          >
            {t('businessPages.invitationDialog.logout')}
          </Button>
        )}
      </div>
    </div>
  );
}
