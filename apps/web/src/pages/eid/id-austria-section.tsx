// Where ID Austria is offered (ADR 083): on /profile/signature-standards for the account, and among
// the eIDAS methods of a link holder's identification. Both open the "connect national eID
// (Austria)" dialog, which leaves for the provider once confirmed.
import { eidEndpoints } from '@countersign/contract';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { useDialogs } from '../../features/dialogs/dialog-store.js';
import type { DirectSession } from '../../features/signing/direct-session.js';
import { leaveToExternal } from '../../features/signing/leave.js';

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
      {!connected && (
        <div>
          <Button variant="secondary" onClick={connect}>
            {t('eid.austria.connect')}
          </Button>
        </div>
      )}
    </section>
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
