// The signing overlays of spec 2: in progress, success (with the exit countdown), failure,
// locked (another signature is being written into the document), the TAN outcomes, and the
// question before leaving for an address the request's business has not registered (spec 5,
// ADR 064). The opener may name the text (`textKey`) and the retry button (`retryLabel`, which
// also offers a retry where the overlay has none by itself). Each reports what the signer chose through the overlay store's action: 'retry',
// 'leave' (chosen), 'leave-timed' (the countdown ran out), or 'complete' (close and stay).
import * as Dialog from '@radix-ui/react-dialog';
import type { LeaveDecision } from '@countersign/domain';
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { describeApiError } from '../errors/describe-api-error.js';
import type { MessageKey } from '../errors/describe-api-error.js';
import { OVERLAY_COMPLETE, useOverlays } from '../overlays/overlay-store.js';
import type { OverlayEntries, OverlayRecord } from '../overlays/overlay-store.js';
import { LEAVE_CHOSEN, LEAVE_TIMED } from './leave.js';
import { MobileAdvancedSignature } from './mobile-id-overlays.js';
import { SERIAL_NUMBER_MISMATCH } from './sign-outcome.js';

/** What a failure overlay may be told: where to go after it, why it failed, other words. */
export interface FailureOverlayProps {
  leave?: LeaveDecision;
  reason?: MessageKey | null;
  textKey?: MessageKey;
  retryLabel?: MessageKey;
  /** when the document lock ends (the locked overlay) */
  lockedUntil?: string | null;
}

/** The props of the signing overlays, added to the overlay store's map (signing-modals.ts). */
interface SigningFlowOverlayProps {
  /** `waitingSeconds`: another signature holds the document, and this one is tried again then */
  'signing-in-progress': { waitingSeconds?: number } | undefined;
  'signing-success': { leave: LeaveDecision; isComplete: boolean };
  'leave-question': { url: string };
  'mobile-advanced-signature': { phase: 'ask' } | { phase: 'waiting'; expiresAt: string };
}

/** The overlays of a failed attempt, each offering a retry or the way out. */
export type FailureOverlayName =
  | 'signing-failure'
  | 'signing-locked'
  | 'tan-expired'
  | 'tan-invalid'
  | 'tan-locked'
  | typeof SERIAL_NUMBER_MISMATCH
  | 'mobile-id-signing-failure';

export interface SigningOverlayProps
  extends SigningFlowOverlayProps, Record<FailureOverlayName, FailureOverlayProps | undefined> {}

type OverlayProps<N extends keyof SigningOverlayProps> = { record: OverlayRecord<N> };

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
function SigningInProgress({ record }: OverlayProps<'signing-in-progress'>) {
  const { t } = useTranslation();
  const waitingSeconds = record.props?.waitingSeconds;
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
function LeaveQuestionOverlay({ record }: OverlayProps<'leave-question'>) {
  const { t } = useTranslation();
  const overlays = useOverlays();
  const { url } = record.props;
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

function SigningSuccess({ record }: OverlayProps<'signing-success'>) {
  const { t } = useTranslation();
  const overlays = useOverlays();
  const { leave, isComplete } = record.props;
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

function RetryOrLeave({ record, icon, title, text, canRetry }: OverlayProps<FailureOverlayName> & RetrySpec) {
  const { t } = useTranslation();
  const overlays = useOverlays();
  const { leave = { kind: 'none' }, reason, retryLabel, textKey = text } = record.props ?? {};
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

interface RetrySpec {
  icon: string;
  title: MessageKey;
  text: MessageKey;
  canRetry: boolean;
}

const retryOverlay = (spec: RetrySpec) =>
  function RetryOverlay({ record }: OverlayProps<FailureOverlayName>) {
    return <RetryOrLeave record={record} {...spec} />;
  };

export const signingOverlays: OverlayEntries<keyof SigningOverlayProps> = {
  'signing-in-progress': SigningInProgress,
  'signing-success': SigningSuccess,
  'leave-question': LeaveQuestionOverlay,
  'mobile-advanced-signature': MobileAdvancedSignature,
  'signing-failure': retryOverlay({
    icon: '!',
    title: 'sign.overlays.failureTitle',
    text: 'sign.overlays.failureText',
    canRetry: true,
  }),
  'signing-locked': retryOverlay({
    icon: '⏳',
    title: 'sign.overlays.lockedTitle',
    text: 'sign.overlays.lockedText',
    canRetry: true,
  }),
  'tan-expired': retryOverlay({
    icon: '!',
    title: 'sign.overlays.tanExpiredTitle',
    text: 'sign.overlays.tanExpiredText',
    canRetry: true,
  }),
  'tan-invalid': retryOverlay({
    icon: '!',
    title: 'sign.overlays.tanInvalidTitle',
    text: 'sign.overlays.tanInvalidText',
    canRetry: true,
  }),
  // after too many wrong codes the provider refuses for a while: trying again at once cannot help
  'tan-locked': retryOverlay({
    icon: '!',
    title: 'sign.overlays.tanLockedTitle',
    text: 'sign.overlays.tanLockedText',
    canRetry: false,
  }),
  // the signer's certificate at the QTSP was renewed after the signature was prepared (ADR 093,
  // 101): signing again prepares it with the new certificate
  [SERIAL_NUMBER_MISMATCH]: retryOverlay({
    icon: '!',
    title: 'sign.overlays.serialMismatchTitle',
    text: 'sign.overlays.serialMismatchText',
    canRetry: true,
  }),
  // the phone's refusal or lapse (ADR 094): trying again sends a new confirmation
  'mobile-id-signing-failure': retryOverlay({
    icon: '!',
    title: 'sign.overlays.mobileIdFailureTitle',
    text: 'sign.overlays.mobileIdFailureText',
    canRetry: true,
  }),
};
