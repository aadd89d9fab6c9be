// The frame around every route: the maintenance bar, the page, the Test System overlay, the one
// active dialog, the dialogs a user must answer (required-dialogs.ts) and the once-seen notices
// about a change of plan; a partner referral kept in this browser is handed in once signed in.
// While the first page's code and texts load (the router's route `lazy`), the same frame shows
// with a spinner where the page goes, so the dialogs a user must answer and the bars do not wait
// for the page.
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { Spinner } from '../components/spinner.js';
import { usePlanNotices } from '../features/billing/plan-notices.js';
import { useCelloReferral } from '../features/business/cello-referral.js';
import { DialogHost } from '../features/dialogs/dialog-host.js';
import { MaintenanceBar } from '../features/maintenance/maintenance-bar.js';
import { useAppConfig } from '../features/maintenance/use-app-config.js';
import { OverlayHost } from '../features/overlays/overlay-host.js';
import { TestSystemOverlay } from '../features/overlays/test-system-overlay.js';
import { ThirdPartyLoader } from '../features/third-parties/third-party-loader.js';
import { AppDialogFrame, AppOverlayFrame } from './modal-frames.js';
import { useRequiredDialogs } from './required-dialogs.js';

export function AppShell({ isStarting = false }: { isStarting?: boolean }) {
  const { t } = useTranslation();
  const { config } = useAppConfig();
  useRequiredDialogs();
  usePlanNotices();
  useCelloReferral();
  return (
    <>
      <MaintenanceBar maintenance={config.maintenance} />
      <TestSystemOverlay environment={config.environment} />
      {config.thirdParties && <ThirdPartyLoader services={config.thirdParties} />}
      {isStarting ? <Spinner label={t('app.loading')} /> : <Outlet />}
      <OverlayHost>
        <AppOverlayFrame />
      </OverlayHost>
      <DialogHost>
        <AppDialogFrame />
      </DialogHost>
      {!isStarting && <ScrollRestoration />}
    </>
  );
}
