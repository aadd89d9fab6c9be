// The frame around every route: the maintenance bar, the page, the Test System overlay, the one
// active dialog, and the accept-terms rule that opens it.
import { accountEndpoints } from '@countersign/contract';
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { DialogHost } from '../features/dialogs/dialog-host.js';
import { useDialogs } from '../features/dialogs/dialog-store.js';
import { MaintenanceBar } from '../features/maintenance/maintenance-bar.js';
import { useAppConfig } from '../features/maintenance/use-app-config.js';
import { OverlayHost } from '../features/overlays/overlay-host.js';
import { TestSystemOverlay } from '../features/overlays/test-system-overlay.js';
import { useSession } from '../features/session/session-provider.js';
import { needsTermsAcceptance } from './guards.js';
import { useServices } from './services.js';

function useAcceptTermsDialog(): void {
  const { api } = useServices();
  const { user, updateUser } = useSession();
  const dialogs = useDialogs();
  const { pathname } = useLocation();
  const isNeeded = needsTermsAcceptance(user, pathname);
  const isOpen = dialogs.active?.namespace === 'default' && dialogs.active.name === 'accept-terms';
  const { open, close } = dialogs;

  useEffect(() => {
    if (isNeeded && !isOpen) {
      open({
        namespace: 'default',
        name: 'accept-terms',
        onAction: async () =>
          updateUser(await api.call(accountEndpoints.acceptTerms, { body: { gtc: true } })),
      });
    } else if (!isNeeded && isOpen) {
      close();
    }
  }, [isNeeded, isOpen, open, close, api, updateUser]);
}

export function AppShell() {
  const { config } = useAppConfig();
  useAcceptTermsDialog();
  return (
    <>
      <MaintenanceBar maintenance={config.maintenance} />
      <Outlet />
      <TestSystemOverlay environment={config.environment} />
      <OverlayHost />
      <DialogHost />
      <ScrollRestoration />
    </>
  );
}
