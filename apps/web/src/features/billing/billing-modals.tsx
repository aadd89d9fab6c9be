// The billing dialogs and overlays: their props, added to the typed maps of the dialog and
// overlay stores, and their components as the frames know them. Their code and texts load when
// one first opens, not with the dialog frame: most visits never see one.
import type { BusinessAccess, LeaveDecision } from '@countersign/domain';
import { lazy, Suspense } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/spinner.js';
import type { DialogEntries } from '../dialogs/dialog-store.js';
import type { MessageKey } from '../errors/describe-api-error.js';
import type { OverlayEntries } from '../overlays/overlay-store.js';
import type { PlanChangeProps, RemoveSeatsProps } from './billing-dialogs.js';
import type { AddSeatsProps } from './billing-overlays.js';

interface BillingDialogProps {
  'business/business-locked-member': { businessName: string; access: BusinessAccess | null };
  'business/cancel-subscription': PlanChangeProps;
  'business/cancel-trial': undefined;
  'business/free-plan-downgrade': PlanChangeProps;
  'business/remove-seats': RemoveSeatsProps;
  'default/fair-flat-migration': undefined;
  'default/free-migration': undefined;
}

interface BillingOverlayProps {
  'add-seats': AddSeatsProps;
  /** opened by a refused signature with the failure's props, which it has no use for */
  'exhausted-signatures': { leave?: LeaveDecision; reason?: MessageKey | null } | undefined;
}

declare module '../dialogs/dialog-store.js' {
  interface DialogPropsMap extends BillingDialogProps {}
}

declare module '../overlays/overlay-store.js' {
  interface OverlayPropsMap extends BillingOverlayProps {}
}

function Loading() {
  return <Spinner label={useTranslation().t('app.loading')} />;
}

function loadedWhenOpened<P extends object>(load: () => Promise<ComponentType<P>>): (props: P) => ReactNode {
  const View = lazy(async () => ({ default: await load() }));
  return function BillingView(props: P) {
    return (
      <Suspense fallback={<Loading />}>
        <View {...props} />
      </Suspense>
    );
  };
}

const dialogs = () => import('./billing-dialogs.js');
const overlays = () => import('./billing-overlays.js');

export const billingDialogs: DialogEntries<keyof BillingDialogProps> = {
  'business/business-locked-member': {
    Component: loadedWhenOpened(async () => (await dialogs()).BusinessLockedMemberDialog),
    isPersistent: true,
  },
  'business/cancel-subscription': {
    Component: loadedWhenOpened(async () => (await dialogs()).CancelSubscriptionDialog),
  },
  'business/cancel-trial': { Component: loadedWhenOpened(async () => (await dialogs()).CancelTrialDialog) },
  'business/free-plan-downgrade': {
    Component: loadedWhenOpened(async () => (await dialogs()).FreePlanDowngradeDialog),
  },
  'business/remove-seats': { Component: loadedWhenOpened(async () => (await dialogs()).RemoveSeatsDialog) },
  'default/fair-flat-migration': {
    Component: loadedWhenOpened(async () => (await dialogs()).FairFlatMigrationDialog),
  },
  'default/free-migration': {
    Component: loadedWhenOpened(async () => (await dialogs()).FreeMigrationDialog),
  },
};

export const billingOverlays: OverlayEntries<keyof BillingOverlayProps> = {
  'add-seats': loadedWhenOpened(async () => (await overlays()).AddSeatsOverlay),
  'exhausted-signatures': loadedWhenOpened(async () => (await overlays()).ExhaustedSignaturesOverlay),
};
