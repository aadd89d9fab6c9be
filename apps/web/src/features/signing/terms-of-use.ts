// Dialog `document: terms of use` (spec 2). The spec leaves its trigger open; ours (ADR 096): an
// account holder about to make a qualified signature who has not yet accepted the terms of use of
// the trust service provider that issues the certificate (`acceptedTouSwisscom`, recorded by
// POST /v1/user/accept {tou_swisscom: true}). Accepting records it and goes on signing; "Not now"
// leaves the request unsigned. It is asked once per account: the answer lives on the account.
import { accountEndpoints } from '@countersign/contract';
import type { SignatureRequest, User } from '@countersign/contract';
import { useCallback } from 'react';
import { useServices } from '../../app/services.js';
import { useDialogs } from '../dialogs/dialog-store.js';
import { useSession } from '../session/session-provider.js';

type Quality = SignatureRequest['quality'];

/** Whether signing at `quality` must first ask the provider's terms of use. */
export function needsTermsOfUse(quality: Quality, user: Pick<User, 'attributes'> | null): boolean {
  return quality === 'qes' && user !== null && !user.attributes.acceptedTouSwisscom;
}

/** Runs `sign` now, or once the terms of use are accepted when the quality asks for them. */
export function useTermsOfUseGate(): (quality: Quality, sign: () => Promise<void>) => Promise<void> {
  const dialogs = useDialogs();
  const { api } = useServices();
  const { user, updateUser } = useSession();
  return useCallback(
    async (quality, sign) => {
      if (!needsTermsOfUse(quality, user)) return sign();
      dialogs.open({
        namespace: 'document',
        name: 'terms-of-use',
        onAction: async () => {
          const updated = await api.call(accountEndpoints.acceptTerms, { body: { touSwisscom: true } });
          updateUser(updated);
          dialogs.close();
          await sign();
        },
      });
    },
    [api, dialogs, updateUser, user],
  );
}
