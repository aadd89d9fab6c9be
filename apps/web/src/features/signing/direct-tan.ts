// A link signer's TAN (ADR 078, 086), asked when their sign call answers `direct_tan.required`:
// the TAN is mailed in the sender's business's name with this page's address, the "TAN entry"
// dialog takes it (and sends a new one on request), and a refused TAN shows its overlay: "TAN
// invalid" lets the signer type again, "TAN expired" and "TAN locked" send a new one. A right
// TAN lets the signer sign for ten minutes, so the signature is then tried again.
import { directTanEndpoints } from '@countersign/contract';
import type { ApiClient } from '../../api/client.js';
import type { DialogState } from '../dialogs/dialog-store.js';
import { describeApiError } from '../errors/describe-api-error.js';
import type { MessageKey } from '../errors/describe-api-error.js';
import type { OverlayState } from '../overlays/overlay-store.js';
import { codeOf } from './sign-outcome.js';
import type { FailureOverlayName } from './signing-overlays.js';

export const DIRECT_TAN_REQUIRED = 'direct_tan.required';

/** The overlay of a refused TAN, what it says, and whether trying again needs a new TAN. */
const refusals: Record<string, { overlay: FailureOverlayName; textKey?: MessageKey; sendsNew: boolean }> = {
  'signing.tan_invalid': { overlay: 'tan-invalid', sendsNew: false },
  'signing.tan_expired': { overlay: 'tan-expired', sendsNew: true },
  'signing.tan_locked': { overlay: 'tan-locked', textKey: 'sign.overlays.tanLockedMailText', sendsNew: true },
};

export interface DirectTanFlow {
  api: ApiClient;
  token: string;
  dialogs: Pick<DialogState, 'open' | 'close'>;
  overlays: Pick<OverlayState, 'open' | 'close'>;
  /** the TAN passed: sign again */
  onVerified: () => Promise<void>;
}

/** Mails a TAN and asks for it; a failure to send shows the signing failure with its reason. */
export async function askDirectTan(flow: DirectTanFlow): Promise<void> {
  const { api, token, overlays } = flow;
  try {
    const sent = await api.call(directTanEndpoints.directTanResend, {
      query: { token },
      body: { url: window.location.href, companyBranding: true },
    });
    openEntry(flow, sent.sentTo);
  } catch (error) {
    overlays.open({ name: 'signing-failure', props: { reason: describeApiError(error) } });
  }
}

function openEntry(flow: DirectTanFlow, sentTo: string): void {
  const { api, token, dialogs, overlays } = flow;
  overlays.close();
  dialogs.open({
    namespace: 'document',
    name: 'tan-entry',
    props: { sentTo, textKey: 'sign.dialogs.tanMailText', secondaryLabel: 'sign.dialogs.tanResend' },
    onAction: async (payload) => {
      const given = (payload ?? {}) as { tan?: string; secondary?: boolean };
      if (given.secondary) {
        await askDirectTan(flow);
        return;
      }
      try {
        await api.call(directTanEndpoints.directTanCheck, {
          query: { token },
          body: { tan: given.tan ?? '' },
        });
      } catch (error) {
        const refusal = refusals[codeOf(error) ?? ''];
        // anything else (no TAN waits, the request ended) stays in the dialog with its message
        if (!refusal) throw error;
        dialogs.close();
        overlays.open({
          name: refusal.overlay,
          props: {
            ...(refusal.textKey && { textKey: refusal.textKey }),
            ...(refusal.sendsNew && { retryLabel: 'sign.overlays.tanSendNew' }),
          },
          onAction: async (action) => {
            if (action !== 'retry') return;
            if (refusal.sendsNew) await askDirectTan(flow);
            else openEntry(flow, sentTo);
          },
        });
        return;
      }
      dialogs.close();
      await flow.onVerified();
    },
  });
}
