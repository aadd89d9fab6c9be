// Where ID Austria is offered (ADR 083): on /profile/signature-standards for the account, and among
// the eIDAS methods of a link holder's identification. Both open the "connect national eID
// (Austria)" dialog, which leaves for the provider once confirmed. Once connected, the profile
// offers to disconnect it (ADR 106).
import { eidEndpoints } from '@countersign/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { useDialogs } from '../../features/dialogs/dialog-store.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';
import { userQueryKey } from '../../features/session/session-provider.js';
import type { DirectSession } from '../../features/signing/direct-session.js';
import { leaveToExternal } from '../../features/signing/leave.js';
import { qualitiesDetailKey } from '../profile/standards/standards-state.js';

function useConnectDialog(start: () => Promise<{ url: string }>) {
  const dialogs = useDialogs();
  return () =>
    dialogs.open({
      namespace: 'default',
      name: 'connect-national-eid-austria',
      onAction: async () => {
        if (!leaveToExternal((await start()).url)) throw new Error('no provider address');
      },
    });
}

export function IdAustriaSection({ connected }: { connected: boolean }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const connect = useConnectDialog(() => api.call(eidEndpoints.startIdAustria, { body: {} }));
  return (
    <section className="flex flex-col gap-2" aria-labelledby="id-austria">
      <h2 id="id-austria" className="text-lg font-semibold">
        {t('eid.austria.section')}
      </h2>
      <p className="text-sm text-muted">{connected ? t('eid.austria.connected') : t('eid.austria.lead')}</p>
      {connected ? (
        <DisconnectIdAustria />
      ) : (
        <div>
          <Button variant="secondary" onClick={connect}>
            {t('eid.austria.connect')}
          </Button>
        </div>
      )}
    </section>
  );
}

/**
 * Disconnecting ID Austria (ADR 106), confirmed first: the advanced level and the lock on the
 * name go, the identification stays listed as disconnected.
 */
function DisconnectIdAustria() {
  const { t } = useTranslation();
  const { api } = useServices();
  const queryClient = useQueryClient();
  const [isConfirming, setConfirming] = useState(false);
  const disconnect = useMutation({
    mutationFn: () => api.call(eidEndpoints.disconnectIdAustria, {}),
    onSuccess: async () => {
      setConfirming(false);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: userQueryKey }),
        queryClient.invalidateQueries({ queryKey: qualitiesDetailKey }),
      ]);
    },
  });
  return (
    <div className="flex flex-col gap-2">
      {isConfirming ? (
        <>
          <p className="text-sm">{t('eid.austria.disconnectText')}</p>
          <div className="flex gap-2">
            <Button variant="primary" onClick={() => disconnect.mutate()} isBusy={disconnect.isPending}>
              {t('eid.austria.disconnectConfirm')}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('eid.cancel')}
            </Button>
          </div>
        </>
      ) : (
        <div>
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            {t('eid.austria.disconnect')}
          </Button>
        </div>
      )}
      <FormAlert message={disconnect.isError ? t(describeApiError(disconnect.error)) : null} />
    </div>
  );
}

export function DirectIdAustriaOption({ session }: { session: DirectSession }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const connect = useConnectDialog(() =>
    api.call(eidEndpoints.directStartIdAustria, { query: { token: session.token }, body: {} }),
  );
  return (
    <li className="rounded-lg border border-line bg-white p-4">
      <button type="button" className="font-semibold text-primary-dark underline" onClick={connect}>
        {t('eid.austria.section')}
      </button>
      <p className="text-sm text-muted">{t('eid.austria.lead')}</p>
    </li>
  );
}
