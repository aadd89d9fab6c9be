// Overlay `direct sign` (spec 2). The spec leaves its trigger open; ours (ADR 096): a link holder
// has the request open while it is polled every 5 s (spec 4), and it stops being open through
// someone else (everyone else signed, a signer declined, the sender withdrew it, the deadline
// passed). The page behind would otherwise change under their hands; the overlay says why and
// shows the request as it now stands. The link holder's own signature or decline never opens it:
// the signing overlays tell them that.
import type { SignatureRequest } from '@countersign/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.js';
import { OVERLAY_COMPLETE, useOverlays } from '../overlays/overlay-store.js';
import type { OverlayRecord } from '../overlays/overlay-store.js';
import { Actions, Frame } from './signing-overlays.js';

type Status = SignatureRequest['status'];
type EndedStatus = Exclude<Status, 'draft' | 'open'>;

/** The status to tell the link holder about, when the request ended while they looked at it. */
export function endedMeanwhile(
  previous: Status | undefined,
  current: Status | undefined,
  isOwnAction: boolean,
): EndedStatus | null {
  if (isOwnAction || previous !== 'open' || current === undefined) return null;
  return current === 'open' || current === 'draft' ? null : current;
}

/**
 * Watches a link holder's request and opens the overlay when it ends through someone else.
 * Returns the marker the sign flow sets once the link holder's own action was taken.
 */
export function useDirectSignWatch(isDirect: boolean, status: Status | undefined): () => void {
  const overlays = useOverlays();
  const previous = useRef<Status | undefined>(undefined);
  const isOwnAction = useRef(false);
  useEffect(() => {
    const ended = endedMeanwhile(previous.current, status, isOwnAction.current);
    previous.current = status;
    if (isDirect && ended) overlays.open({ name: 'direct-sign', props: { status: ended } });
  }, [isDirect, status, overlays]);
  return () => {
    isOwnAction.current = true;
  };
}

export function DirectSignOverlay({ record }: { record: OverlayRecord }) {
  const { t } = useTranslation();
  const overlays = useOverlays();
  const status = record.props?.status as EndedStatus;
  return (
    <Frame icon={<span className="text-primary">ℹ</span>} title={t('sign.directSign.title')}>
      <p className="text-muted">{t(`sign.directSign.${status}`)}</p>
      <Actions>
        <Button onClick={() => void overlays.runAction(OVERLAY_COMPLETE)}>
          {t('sign.directSign.close')}
        </Button>
      </Actions>
    </Frame>
  );
}
