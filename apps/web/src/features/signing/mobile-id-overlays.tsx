// The "mobile advanced signature" overlay of spec 2 (ADR 094): first it asks for the number to
// confirm on, then it says to approve on the phone while mobile-id.ts asks for the answer. Its
// failure twin, "mobile-ID signing failure", is one of the retry overlays (signing-overlays.tsx).
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { describeApiError } from '../errors/describe-api-error.js';
import { OVERLAY_COMPLETE, useOverlays } from '../overlays/overlay-store.js';
import type { OverlayRecord } from '../overlays/overlay-store.js';

export function MobileAdvancedSignature({ record }: { record: OverlayRecord<'mobile-advanced-signature'> }) {
  const { t, i18n } = useTranslation();
  const overlays = useOverlays();
  const [mobile, setMobile] = useState('');
  const isWaiting = record.props.phase === 'waiting';
  const expiresAt = record.props.phase === 'waiting' ? record.props.expiresAt : '';
  const time = expiresAt
    ? new Date(expiresAt).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' })
    : '';
  return (
    <div
      className="flex w-full max-w-md flex-col items-center gap-4 text-center"
      data-testid="mobile-id-overlay"
    >
      <div aria-hidden="true" className="text-5xl">
        📱
      </div>
      <Dialog.Title className="text-2xl font-bold">{t('sign.overlays.mobileIdTitle')}</Dialog.Title>
      {isWaiting ? (
        <p role="status" className="text-muted">
          {t('sign.overlays.mobileIdWaiting', { time })}
        </p>
      ) : (
        <form
          className="flex w-full flex-col gap-2 text-left"
          onSubmit={(event) => {
            event.preventDefault();
            void overlays.runAction('start', { mobile });
          }}
        >
          <p className="text-muted">{t('sign.overlays.mobileIdAsk')}</p>
          <label htmlFor="mobile-id-number" className="font-semibold">
            {t('sign.overlays.mobileIdNumber')}
          </label>
          <input
            id="mobile-id-number"
            type="tel"
            autoComplete="tel"
            className="rounded border px-3 py-2"
            value={mobile}
            aria-describedby="mobile-id-number-hint"
            onChange={(event) => setMobile(event.target.value)}
          />
          <p id="mobile-id-number-hint" className="text-sm text-muted">
            {t('sign.overlays.mobileIdNumberHint')}
          </p>
          <FormAlert message={overlays.actionError ? t(describeApiError(overlays.actionError)) : null} />
          <Button type="submit" isBusy={overlays.isLoading}>
            {t('sign.overlays.mobileIdSend')}
          </Button>
        </form>
      )}
      <Button variant="text" onClick={() => void overlays.runAction(OVERLAY_COMPLETE)}>
        {t('sign.overlays.mobileIdCancel')}
      </Button>
    </div>
  );
}
