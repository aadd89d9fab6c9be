// The billing dialogs and overlays as the registries know them. Their code and texts load when
// one first opens, not with the dialog frame: most visits never see one.
import { lazy, Suspense } from 'react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/spinner.js';
import type { DialogEntry } from '../dialogs/dialog-registry.js';
import type { DialogRecord } from '../dialogs/dialog-store.js';
import type { OverlayRecord } from '../overlays/overlay-store.js';
import type * as DialogModule from './billing-dialogs.js';
import type * as OverlayModule from './billing-overlays.js';

type DialogViews = typeof DialogModule;
type OverlayViews = typeof OverlayModule;

function Loading() {
  return <Spinner label={useTranslation().t('app.loading')} />;
}

function onDemand<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const View = lazy(async () => ({ default: await load() }));
  return function BillingView(props: P) {
    return (
      <Suspense fallback={<Loading />}>
        <View {...props} />
      </Suspense>
    );
  };
}

const dialog = (name: keyof DialogViews) =>
  onDemand<{ record: DialogRecord }>(
    async () => (await import('./billing-dialogs.js'))[name] as ComponentType<{ record: DialogRecord }>,
  );
const overlay = (name: keyof OverlayViews) =>
  onDemand<{ record: OverlayRecord }>(
    async () => (await import('./billing-overlays.js'))[name] as ComponentType<{ record: OverlayRecord }>,
  );

export const billingDialogs: Record<string, DialogEntry> = {
  'business/business-locked-member': { Component: dialog('BusinessLockedMemberDialog'), isPersistent: true },
  'business/cancel-subscription': { Component: dialog('CancelSubscriptionDialog') },
  'business/cancel-trial': { Component: dialog('CancelTrialDialog') },
  'business/free-plan-downgrade': { Component: dialog('FreePlanDowngradeDialog') },
  'business/remove-seats': { Component: dialog('RemoveSeatsDialog') },
  'default/fair-flat-migration': { Component: dialog('FairFlatMigrationDialog') },
  'default/free-migration': { Component: dialog('FreeMigrationDialog') },
};

export const billingOverlays: Record<string, ComponentType<{ record: OverlayRecord }>> = {
  'add-seats': overlay('AddSeatsOverlay'),
  'exhausted-signatures': overlay('ExhaustedSignaturesOverlay'),
};
