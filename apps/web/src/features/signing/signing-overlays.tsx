// The signing overlays of spec 2: in progress, success (with the exit countdown), failure,
// locked (another signature is being written into the document), the TAN outcomes, and the
// question before leaving for an address the request's business has not registered (spec 5,
// ADR 064). The opener may name the text (`textKey`) and the retry button (`retryLabel`, which
// also offers a retry where the overlay has none by itself). Each reports what the signer chose through the overlay store's action: 'retry',
// 'leave' (chosen), 'leave-timed' (the countdown ran out), or 'complete' (close and stay).
import * as Dialog from '@radix-ui/react-dialog';
import type { LeaveDecision } from '@countersign/domain';
import { useEffect, useRef, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { describeApiError } from '../errors/describe-api-error.js';
import type { MessageKey } from '../errors/describe-api-error.js';
import { OVERLAY_COMPLETE, useOverlays } from '../overlays/overlay-store.js';
import type { OverlayRecord } from '../overlays/overlay-store.js';
import { LEAVE_CHOSEN, LEAVE_TIMED } from './leave.js';
import { MobileAdvancedSignature } from './mobile-id-overlays.js';
import { SERIAL_NUMBER_MISMATCH } from './sign-outcome.js';

type OverlayProps = { record: OverlayRecord };

export function Frame({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex w-full max-w-md flex-col items-center gap-4 text-center">
      <div aria-hidden="true" className="text-5xl">
        {icon}
      </div>
      <Dialog.Title className="text-2xl font-bold">{title}</Dialog.Title>
      {children}
    </div>
  );
}

export function Actions({ children }: { children: ReactNode }) {
  return <div className="flex w-full flex-col gap-2 sm:flex-row-reverse sm:justify-center">{children}</div>;
}

/** `waitingSeconds`: another signature holds the document, and this one is tried again then. */
function SigningInProgress({ record }: OverlayProps) {
  const { t } = useTranslation();
  const waitingSeconds = record.props?.waitingSeconds as number | undefined;
  return (
    <Frame
      icon={
        <span className="inline-block size-12 animate-spin rounded-full border-4 border-primary border-t-transparent" />
      }
      title={t('sign.overlays.progressTitle')}
    >
      <p role="status" className="text-muted">
        {waitingSeconds === undefined
          ? t('sign.overlays.progressText')
          : t('sign.overlays.progressWaiting', { count: waitingSeconds })}
      </p>
    </Frame>
  );
}

/**
 * Counts down once a second and leaves at zero, once (a page still shown while the browser leaves
 * re-renders, and must not leave again each time); the signer may go now or stay.
 */
export function Countdown({ seconds, onLeave }: { seconds: number; onLeave: () => void }) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(seconds);
  const latestOnLeave = useRef(onLeave);
  useEffect(() => {
    latestOnLeave.current = onLeave;
  }, [onLeave]);
  useEffect(() => {
    if (left <= 0) {
      latestOnLeave.current();
      return;
    }
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return (
    <p className="text-muted" role="timer" aria-live="off" data-testid="exit-countdown">
      {t('sign.overlays.countdown', { seconds: left })}
    </p>
  );
}

export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * Where the page would take the signer, named, and the two choices; nothing counts down, so an
 * address that anyone can put into a link never takes the signer away by itself (spec 5).
 */
export function LeaveQuestion({
  url,
  onLeave,
  onStay,
}: {
  url: string;
  onLeave: () => void;
  onStay: () => void;
}) {
  const { t } = useTranslation();
  const host = hostOf(url);
  return (
    <div className="flex w-full flex-col gap-3" data-testid="leave-question">
      <p>{t('sign.overlays.askText', { host })}</p>
      <p className="font-semibold [overflow-wrap:anywhere]" data-testid="leave-host">
        {host}
      </p>
      <Actions>
        <Button onClick={onLeave}>{t('sign.overlays.askLeave', { host })}</Button>
        <Button variant="secondary" onClick={onStay}>
          {t('sign.overlays.askStay')}
        </Button>
      </Actions>
    </div>
  );
}

/** After a decline, when the decline address is not one the request's business registered. */
function LeaveQuestionOverlay({ record }: OverlayProps) {
  const { t } = useTranslation();
  const overlays = useOverlays();
  const url = String(record.props?.url ?? '');
  return (
    <Frame icon={<span className="text-muted">↗</span>} title={t('sign.overlays.askTitle')}>
      <LeaveQuestion
        url={url}
        onLeave={() => void overlays.runAction(LEAVE_CHOSEN)}
        onStay={() => void overlays.runAction(OVERLAY_COMPLETE)}
      />
    </Frame>
  );
}

function SigningSuccess({ record }: OverlayProps) {
  const { t } = useTranslation();
  const overlays = useOverlays();
  const leave = (record.props?.leave ?? { kind: 'none' }) as LeaveDecision;
  const isComplete = record.props?.isComplete === true;
  const [isStaying, setStaying] = useState(false);
  const go = () => void overlays.runAction(LEAVE_CHOSEN);
  const stay = () => {
    setStaying(true);
    void overlays.runAction(OVERLAY_COMPLETE);
  };
  const text = t(isComplete ? 'sign.overlays.successComplete' : 'sign.overlays.successText');
  if (leave.kind === 'ask')
    return (
      <Frame icon={<span className="text-success-dark">✓</span>} title={t('sign.overlays.successTitle')}>
        <p className="text-muted">{text}</p>
        <LeaveQuestion url={leave.url} onLeave={go} onStay={stay} />
      </Frame>
    );
  return (
    <Frame icon={<span className="text-success-dark">✓</span>} title={t('sign.overlays.successTitle')}>
      <p className="text-muted">{text}</p>
      {leave.kind === 'countdown' && !isStaying && (
        <Countdown seconds={leave.seconds} onLeave={() => void overlays.runAction(LEAVE_TIMED)} />
      )}
      <Actions>
        {leave.kind !== 'none' && (
          <Button onClick={go}>{t('sign.overlays.leaveTo', { host: hostOf(leave.url) })}</Button>
        )}
        <Button variant={leave.kind === 'none' ? 'primary' : 'secondary'} onClick={stay}>
          {t(leave.kind === 'none' ? 'sign.overlays.done' : 'sign.overlays.stay')}
        </Button>
      </Actions>
    </Frame>
  );
}

function RetryOrLeave({
  record,
  icon,
  title,
  text,
  canRetry,
}: OverlayProps & { icon: string; title: MessageKey; text: MessageKey; canRetry: boolean }) {
  const { t } = useTranslation();
  const overlays = useOverlays();
  const leave = (record.props?.leave ?? { kind: 'none' }) as LeaveDecision;
  const reason = record.props?.reason as MessageKey | undefined;
  const retryLabel = record.props?.retryLabel as MessageKey | undefined;
  const textKey = (record.props?.textKey as MessageKey | undefined) ?? text;
  return (
    <Frame icon={<span className="text-error">{icon}</span>} title={t(title)}>
      <p className="text-muted">{t(textKey)}</p>
      {reason && <p>{t(reason)}</p>}
      <FormAlert message={overlays.actionError ? t(describeApiError(overlays.actionError)) : null} />
      <Actions>
        {(canRetry || retryLabel) && (
          <Button isBusy={overlays.isLoading} onClick={() => void overlays.runAction('retry')}>
            {t(retryLabel ?? 'sign.overlays.retry')}
          </Button>
        )}
        {leave.kind !== 'none' && (
          <Button variant="secondary" onClick={() => void overlays.runAction(LEAVE_CHOSEN)}>
            {t('sign.overlays.leaveTo', { host: hostOf(leave.url) })}
          </Button>
        )}
        <Button variant="text" onClick={() => void overlays.runAction(OVERLAY_COMPLETE)}>
          {t('app.close')}
        </Button>
      </Actions>
    </Frame>
  );
}

type RetryOverlay = [name: string, icon: string, title: MessageKey, text: MessageKey, canRetry: boolean];

const retryOverlays: RetryOverlay[] = [
  ['signing-failure', '!', 'sign.overlays.failureTitle', 'sign.overlays.failureText', true],
  ['signing-locked', '⏳', 'sign.overlays.lockedTitle', 'sign.overlays.lockedText', true],
  ['tan-expired', '!', 'sign.overlays.tanExpiredTitle', 'sign.overlays.tanExpiredText', true],
  ['tan-invalid', '!', 'sign.overlays.tanInvalidTitle', 'sign.overlays.tanInvalidText', true],
  // after too many wrong codes the provider refuses for a while: trying again at once cannot help
  ['tan-locked', '!', 'sign.overlays.tanLockedTitle', 'sign.overlays.tanLockedText', false],
  // the signer's certificate at the QTSP was renewed after the signature was prepared (ADR 093, 101):
  // signing again prepares it with the new certificate
  [
    SERIAL_NUMBER_MISMATCH,
    '!',
    'sign.overlays.serialMismatchTitle',
    'sign.overlays.serialMismatchText',
    true,
  ],
  // the phone's refusal or lapse (ADR 094): trying again sends a new confirmation
  [
    'mobile-id-signing-failure',
    '!',
    'sign.overlays.mobileIdFailureTitle',
    'sign.overlays.mobileIdFailureText',
    true,
  ],
];

export const signingOverlays: Record<string, ComponentType<OverlayProps>> = {
  'signing-in-progress': SigningInProgress,
  'signing-success': SigningSuccess,
  'leave-question': LeaveQuestionOverlay,
  'mobile-advanced-signature': MobileAdvancedSignature,
  ...Object.fromEntries(
    retryOverlays.map(([name, icon, title, text, canRetry]) => [
      name,
      (props: OverlayProps) => (
        <RetryOrLeave {...props} icon={icon} title={title} text={text} canRetry={canRetry} />
      ),
    ]),
  ),
};
