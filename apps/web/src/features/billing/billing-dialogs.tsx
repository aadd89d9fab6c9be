// The billing dialogs of spec 2: business locked (for members), cancel subscription, cancel
// trial, free plan downgrade and remove seats (business namespace), fair-flat migration and free
// migration (default namespace). Confirming runs the opener's action, which makes the call; the
// dialog store shows loading and keeps the dialog open with the error when it fails.
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { useDialogs } from '../dialogs/dialog-store.js';
import type { DialogKey, DialogRecord } from '../dialogs/dialog-store.js';
import { describeApiError } from '../errors/describe-api-error.js';
import type { MessageKey } from '../errors/describe-api-error.js';
import { useLocaleArea } from '../i18n/i18n.js';
import { SeatsInput, useSeatChange } from './seats-field.js';
import { useFormatMoney } from './use-locale.js';

type Props<K extends DialogKey> = { record: DialogRecord<K> };

/** The questions about a change of plan, filled with the plan and the date (PlanChangeProps). */
type PlanQuestionKey =
  | 'business/cancel-subscription'
  | 'business/cancel-trial'
  | 'business/free-plan-downgrade'
  | 'default/fair-flat-migration'
  | 'default/free-migration';

/** The placeholders of a billing question: the plan and the date it ends. */
export interface PlanChangeProps {
  plan: string;
  date: string;
}

function DialogButtons({
  confirm,
  cancel,
  isDestructive,
}: {
  confirm: string;
  cancel: string;
  isDestructive?: boolean;
}) {
  const dialogs = useDialogs();
  const { t } = useTranslation();
  return (
    <>
      <FormAlert message={dialogs.actionError ? t(describeApiError(dialogs.actionError)) : null} />
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button
          isBusy={dialogs.isLoading}
          className={isDestructive ? 'bg-error hover:bg-error' : ''}
          onClick={() => void dialogs.runAction()}
        >
          {confirm}
        </Button>
        <Button variant="secondary" onClick={dialogs.close}>
          {cancel}
        </Button>
      </div>
    </>
  );
}

/** Spec 2: a member of a locked or expired business sees this; they may go on, or log out. */
export function BusinessLockedMemberDialog({ record }: Props<'business/business-locked-member'>) {
  useLocaleArea('billing');
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const name = record.props.businessName;
  const title =
    record.props.access === 'expired' ? 'billing.dialogs.expiredTitle' : 'billing.dialogs.lockedTitle';
  return (
    <div className="flex flex-col gap-4">
      <Dialog.Title className="text-xl font-bold">{t(title, { name })}</Dialog.Title>
      <Dialog.Description className="text-muted">{t('billing.dialogs.lockedText')}</Dialog.Description>
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button isBusy={dialogs.isLoading} onClick={() => void dialogs.runAction()}>
          {t('billing.dialogs.continue')}
        </Button>
        <Link to="/logout" className={buttonClasses('secondary', 'md')} onClick={dialogs.close}>
          {t('billing.dialogs.logout')}
        </Link>
      </div>
    </div>
  );
}

interface ConfirmTexts {
  title: MessageKey;
  text: MessageKey;
  confirm: MessageKey;
  cancel: MessageKey;
  isDestructive: boolean;
}

/** A dialog that asks one question; its placeholders (plan, date) come in the record's props. */
function confirmDialog(texts: ConfirmTexts) {
  return function BillingConfirmDialog({ record }: Props<PlanQuestionKey>) {
    useLocaleArea('billing');
    const { t } = useTranslation();
    const values: Partial<PlanChangeProps> = record.props ?? {};
    return (
      <div className="flex flex-col gap-4">
        <Dialog.Title className="pr-8 text-xl font-bold">{t(texts.title, values)}</Dialog.Title>
        <Dialog.Description className="text-muted">{t(texts.text, values)}</Dialog.Description>
        <DialogButtons
          confirm={t(texts.confirm)}
          cancel={t(texts.cancel)}
          isDestructive={texts.isDestructive}
        />
      </div>
    );
  };
}

export const CancelSubscriptionDialog = confirmDialog({
  title: 'billing.dialogs.cancelSubscriptionTitle',
  text: 'billing.dialogs.cancelSubscriptionText',
  confirm: 'billing.dialogs.cancelSubscriptionConfirm',
  cancel: 'billing.dialogs.back',
  isDestructive: true,
});

export const CancelTrialDialog = confirmDialog({
  title: 'billing.dialogs.cancelTrialTitle',
  text: 'billing.dialogs.cancelTrialText',
  confirm: 'billing.dialogs.cancelTrialConfirm',
  cancel: 'billing.dialogs.back',
  isDestructive: true,
});

export const FreePlanDowngradeDialog = confirmDialog({
  title: 'billing.dialogs.freeDowngradeTitle',
  text: 'billing.dialogs.freeDowngradeText',
  confirm: 'billing.dialogs.freeDowngradeConfirm',
  cancel: 'billing.dialogs.back',
  isDestructive: true,
});

export const FairFlatMigrationDialog = confirmDialog({
  title: 'billing.dialogs.fairFlatTitle',
  text: 'billing.dialogs.fairFlatText',
  confirm: 'billing.dialogs.fairFlatConfirm',
  cancel: 'billing.dialogs.later',
  isDestructive: false,
});

export const FreeMigrationDialog = confirmDialog({
  title: 'billing.dialogs.freeMigrationTitle',
  text: 'billing.dialogs.freeMigrationText',
  confirm: 'billing.dialogs.freeMigrationConfirm',
  cancel: 'billing.dialogs.later',
  isDestructive: false,
});

export interface RemoveSeatsProps {
  businessId: string;
  seats: number;
  /** people and open invitations: fewer seats than that are refused */
  minSeats: number;
}

/**
 * Fewer seats: the person picks how many remain and sees what the change credits (the server's
 * preview); confirming hands `{ seats }` to the opener, which sends it with the plan's timestamp.
 */
export function RemoveSeatsDialog({ record }: Props<'business/remove-seats'>) {
  useLocaleArea('billing');
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const dialogs = useDialogs();
  const { businessId, seats, minSeats } = record.props;
  const range = { min: Math.max(1, minSeats), max: seats - 1 };
  const { wanted, setWanted, isValid, preview } = useSeatChange(
    businessId,
    Math.max(range.min, seats - 1),
    range,
  );
  const credit = preview.data ? -preview.data.totalMinor : 0;
  return (
    <div className="flex flex-col gap-4">
      <Dialog.Title className="pr-8 text-xl font-bold">{t('billing.dialogs.removeSeatsTitle')}</Dialog.Title>
      <Dialog.Description className="text-muted">
        {t('billing.dialogs.removeSeatsText', { count: seats, min: range.min })}
      </Dialog.Description>
      <SeatsInput
        label={t('billing.dialogs.removeSeatsSeats')}
        value={wanted}
        range={range}
        onChange={setWanted}
      />
      <p role="status" className="text-sm">
        {preview.data && credit > 0
          ? t('billing.dialogs.removeSeatsCredit', { amount: formatMoney(credit, preview.data.currency) })
          : null}
      </p>
      <FormAlert message={preview.error ? t(describeApiError(preview.error)) : null} />
      <FormAlert message={dialogs.actionError ? t(describeApiError(dialogs.actionError)) : null} />
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button
          isBusy={dialogs.isLoading}
          disabled={!isValid}
          className="bg-error hover:bg-error"
          onClick={() => void dialogs.runAction({ seats: wanted })}
        >
          {t('billing.dialogs.removeSeatsConfirm')}
        </Button>
        <Button variant="secondary" onClick={dialogs.close}>
          {t('billing.dialogs.back')}
        </Button>
      </div>
    </div>
  );
}
