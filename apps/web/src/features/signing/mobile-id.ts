// An advanced signature confirmed on the signer's phone (Mobile ID, ADR 094), offered when the
// sign call answers that the signer lacks the advanced quality an aes request asks for. The
// "mobile advanced signature" overlay takes the number (empty: the one in the profile), the
// server puts a confirmation on that phone, and the page asks for the answer every two seconds
// while the overlay says to confirm there; the server signs on the approval. A refusal or a lapse
// shows the "mobile-ID signing failure" overlay, whose retry starts again.
import type { MessageKey } from '../errors/describe-api-error.js';
import { describeApiError } from '../errors/describe-api-error.js';
import { OVERLAY_COMPLETE, type OverlayState } from '../overlays/overlay-store.js';
import type { MobileIdSignInput, MobileIdTransaction, RequestApi } from './request-api.js';
import { codeOf } from './sign-outcome.js';

/** How often the page asks for the phone's answer. */
export const MOBILE_ID_POLL_MS = 2000;

/** What the signer is told when the phone's answer ends the attempt. */
const failureReasons: Record<string, MessageKey> = {
  'mobile_id.refused': 'sign.overlays.mobileIdRefused',
  'mobile_id.timeout': 'sign.overlays.mobileIdTimeout',
};

export interface MobileIdFlow {
  requestApi: Pick<RequestApi, 'signWithMobileId' | 'mobileIdAnswer'>;
  overlays: Pick<OverlayState, 'open'>;
  /** the signature's choices, without the number (the overlay asks for it) */
  input: Omit<MobileIdSignInput, 'mobile'>;
  /** the phone approved and the server signed */
  onSigned(requestStatus: MobileIdTransaction['requestStatus']): Promise<void>;
  wait?: (ms: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Opens the overlay that asks for the number; sending starts the confirmation. */
export function askMobileId(flow: MobileIdFlow): void {
  flow.overlays.open({
    name: 'mobile-advanced-signature',
    props: { phase: 'ask' },
    onAction: async (action, payload) => {
      if (action !== 'start') return;
      const mobile = (payload as { mobile?: string } | undefined)?.mobile?.trim();
      // a refusal to start (no number, not an advanced request) stays in the overlay with its message
      const started = await flow.requestApi.signWithMobileId({
        ...flow.input,
        ...(mobile ? { mobile } : {}),
      });
      void waitForPhone(flow, started);
    },
  });
}

/** Asks for the answer until it is in, or the signer cancels. */
export async function waitForPhone(flow: MobileIdFlow, started: MobileIdTransaction): Promise<void> {
  let isCancelled = false;
  flow.overlays.open({
    name: 'mobile-advanced-signature',
    props: { phase: 'waiting', expiresAt: started.expiresAt },
    onAction: (action) => {
      if (action === OVERLAY_COMPLETE) isCancelled = true;
    },
  });
  const wait = flow.wait ?? sleep;
  for (;;) {
    await wait(MOBILE_ID_POLL_MS);
    if (isCancelled) return;
    try {
      const answer = await flow.requestApi.mobileIdAnswer(started.transactionId);
      if (answer.status === 'signed') {
        await flow.onSigned(answer.requestStatus);
        return;
      }
    } catch (error) {
      flow.overlays.open({
        name: 'mobile-id-signing-failure',
        props: { reason: failureReasons[codeOf(error) ?? ''] ?? describeApiError(error) },
        onAction: (action) => {
          if (action === 'retry') askMobileId(flow);
        },
      });
      return;
    }
  }
}
