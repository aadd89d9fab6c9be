// The billing overlays of spec 2: add seats (the seats wanted, and what that charges now, from
// the server's preview, which is what the change charges) and exhausted signatures (signing
// answered that this period's allowance of that level is used up).
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { describeApiError } from '../errors/describe-api-error.js';
import { useLocaleArea } from '../i18n/i18n.js';
import { OVERLAY_COMPLETE, useOverlays } from '../overlays/overlay-store.js';
import type { OverlayRecord } from '../overlays/overlay-store.js';
import { useSession } from '../session/session-provider.js';
import { PreviewTable } from './preview-table.js';
import { SeatsInput, useSeatChange } from './seats-field.js';
import { useFormatMoney } from './use-locale.js';

export interface AddSeatsProps {
  businessId: string;
  seats: number;
  /** the plan's ceiling, null when none */
  maxSeats: number | null;
  /** the seats in total asked for first, one more than now unless given (a change taken up again) */
  wanted?: number;
}

export function AddSeatsOverlay({ record }: { record: OverlayRecord<'add-seats'> }) {
  useLocaleArea('billing');
  const { t } = useTranslation();
  const overlays = useOverlays();
  const formatMoney = useFormatMoney();
  const { props } = record;
  const { businessId, seats, maxSeats } = props;
  const range = { min: seats + 1, max: maxSeats };
  const { wanted, setWanted, isValid, preview } = useSeatChange(businessId, props.wanted ?? seats + 1, range);
  return (
    <div className="flex w-full max-w-lg flex-col gap-4">
      <Dialog.Title className="text-2xl font-bold">{t('billing.addSeats.title')}</Dialog.Title>
      <p className="text-muted">{t('billing.addSeats.now', { count: seats })}</p>
      <SeatsInput label={t('billing.addSeats.seats')} value={wanted} range={range} onChange={setWanted} />
      {isValid && <PreviewTable preview={preview.data} isLoading={preview.isPending} />}
      <FormAlert message={preview.error ? t(describeApiError(preview.error)) : null} />
      <FormAlert message={overlays.actionError ? t(describeApiError(overlays.actionError)) : null} />
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button
          isBusy={overlays.isLoading}
          disabled={!isValid || !preview.data}
          onClick={() => void overlays.runAction(OVERLAY_COMPLETE, { seats: wanted })}
        >
          {t('billing.addSeats.confirm', {
            amount: preview.data ? formatMoney(preview.data.totalMinor, preview.data.currency) : '',
          })}
        </Button>
        <Button variant="secondary" onClick={overlays.close}>
          {t('billing.addSeats.close')}
        </Button>
      </div>
    </div>
  );
}

/**
 * Spec 2's "exhausted signatures": who can do something about it is told what. A person on their
 * own plan and a business admin see the plans; a member asks an admin; a link holder the sender.
 */
export function ExhaustedSignaturesOverlay() {
  useLocaleArea('billing');
  const { t } = useTranslation();
  const overlays = useOverlays();
  const { role } = useSession();
  const plansPath = role === 'admin' ? '/business/upgrade' : role === 'user' ? '/upgrade' : null;
  const advice =
    role === 'member'
      ? t('billing.exhausted.askAdmin')
      : role === 'user' || role === 'admin'
        ? null
        : t('billing.exhausted.askSender');
  return (
    <div className="flex max-w-md flex-col items-center gap-4 text-center">
      <Dialog.Title className="text-2xl font-bold">{t('billing.exhausted.title')}</Dialog.Title>
      <p className="text-muted">{t('billing.exhausted.text')}</p>
      {advice && <p>{advice}</p>}
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        {plansPath && (
          <Link to={plansPath} className={buttonClasses('primary', 'md')} onClick={overlays.close}>
            {t('billing.exhausted.upgrade')}
          </Link>
        )}
        <Button
          variant={plansPath ? 'secondary' : 'primary'}
          onClick={() => void overlays.runAction(OVERLAY_COMPLETE)}
        >
          {t('billing.exhausted.close')}
        </Button>
      </div>
    </div>
  );
}
