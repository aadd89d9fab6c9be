// The providers every screen relies on, outside the router so the error page can still
// translate: services, the query cache, translations, the session, dialogs and snackbars.
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { DialogProvider } from '../features/dialogs/dialog-store.js';
import { OverlayProvider } from '../features/overlays/overlay-store.js';
import { SessionProvider } from '../features/session/session-provider.js';
import { SnackbarProvider } from '../features/snackbars/snackbar-store.js';
import { ServicesProvider } from './services.js';
import type { AppServices } from './services.js';

export function AppProviders({ services, children }: { services: AppServices; children: ReactNode }) {
  return (
    <ServicesProvider services={services}>
      <QueryClientProvider client={services.queryClient}>
        <I18nextProvider i18n={services.i18n}>
          <SessionProvider>
            <DialogProvider>
              <OverlayProvider>
                <SnackbarProvider>{children}</SnackbarProvider>
              </OverlayProvider>
            </DialogProvider>
          </SessionProvider>
        </I18nextProvider>
      </QueryClientProvider>
    </ServicesProvider>
  );
}
