// /business/billing/plan (admins): the business's plan and its state (trial, expired, locked,
// cancelling, a payment issue), what it allows against this month's use, and what an admin does
// with it: choose or change the plan, add seats (overlay with the charge previewed, and the bank's
// 3-D Secure step when asked, a change it did not confirm offered again on return) or remove
// them, cancel the subscription or revoke that, end the trial, open the provider's portal; the
// business's invoices; and the billing address.
import { billingEndpoints } from '@countersign/contract';
import type { Business, PricePlan } from '@countersign/contract';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useServices } from '../../app/services.js';
import { Button, buttonClasses } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { PageHeading } from '../../components/page-heading.js';
import { Spinner } from '../../components/spinner.js';
import {
  useBusinessBilling,
  usePlanOffers,
  useStorePricePlan,
  useUsage,
} from '../../features/billing/billing-api.js';
import type { Usage } from '../../features/billing/billing-api.js';
import type { AddSeatsProps } from '../../features/billing/billing-overlays.js';
import type { RemoveSeatsProps } from '../../features/billing/billing-dialogs.js';
import { useBusinessPricePlan } from '../../features/billing/business-access.js';
import { cardReturnStatus, forgetCheckout, readCheckout } from '../../features/billing/checkout-store.js';
import { describePlanStatus, listPlanActions } from '../../features/billing/plan-status.js';
import type { PlanStatus } from '../../features/billing/plan-status.js';
import { goToPaymentPage } from '../../features/billing/provider-redirect.js';
import { useCheckoutCharge } from '../../features/billing/use-checkout-payment.js';
import { BusinessGate } from '../../features/business/business-gate.js';
import { useDialogs } from '../../features/dialogs/dialog-store.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';
import { useFormatDate } from '../../features/i18n/use-format-date.js';
import { OVERLAY_COMPLETE, useOverlays } from '../../features/overlays/overlay-store.js';
import { useSnackbars } from '../../features/snackbars/snackbar-store.js';
import { BillingAddressForm } from './billing-address-form.js';
import { InvoicesSection } from './invoices-section.js';
import { usePlanLabel } from './plan-label.js';

export function BillingPlanPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading>{t('billing.plan.heading')}</PageHeading>
      <BusinessGate>{(business) => <PlanAndBilling business={business} />}</BusinessGate>
    </>
  );
}

/** Back from the provider's card page: say how it went, and lead on to a purchase begun before. */
function CardReturn() {
  const { t } = useTranslation();
  const { storage } = useServices();
  const status = cardReturnStatus(useSearchParams()[0]);
  if (!status) return null;
  return (
    <div className="flex flex-col items-start gap-2">
      <FormAlert tone="success" message={status === 'succeeded' ? t('billing.card.added') : null} />
      <FormAlert message={status === 'failed' ? t('billing.card.failed') : null} />
      {status === 'succeeded' && readCheckout(storage, 'business') && (
        <Link to="/business/upgrade" className={buttonClasses('primary', 'md')}>
          {t('billing.plan.continueCheckout')}
        </Link>
      )}
    </div>
  );
}

function PlanAndBilling({ business }: { business: Business }) {
  const { t } = useTranslation();
  const plan = useBusinessPricePlan();
  const usage = useUsage();
  if (plan.isPending) return <Spinner label={t('app.loading')} />;
  if (plan.isError) return <FormAlert message={t(describeApiError(plan.error))} />;
  return (
    <div className="flex flex-col gap-8">
      <CardReturn />
      <CurrentPlan business={business} plan={plan.data} usage={usage.data} />
      {usage.data && <UsageSection usage={usage.data} />}
      <InvoicesSection owner={{ businessId: business.id }} />
      <BillingAddressForm businessId={business.id} />
      <p>
        <Link
          to="/business/extras"
          className="font-semibold text-primary-dark underline-offset-4 hover:underline"
        >
          {t('billing.plan.extras')}
        </Link>
      </p>
    </div>
  );
}

function StatusLine({ status }: { status: PlanStatus }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const warn = (text: string) => (
    <p className="rounded-md border border-warning bg-warning/10 px-3 py-2" data-testid="plan-status">
      {text}
    </p>
  );
  switch (status.kind) {
    case 'trialing':
      return (
        <p data-testid="plan-status">{t('billing.plan.trialEnds', { date: formatDate(status.until) })}</p>
      );
    case 'trial-ended':
      return warn(t('billing.plan.trialEnded'));
    case 'locked':
      return warn(t('billing.plan.locked'));
    case 'payment-issue':
      return warn(t('billing.plan.paymentIssue'));
    case 'cancelling':
      return warn(t('billing.plan.cancelling', { date: formatDate(status.until) }));
    case 'cancelled':
      return warn(t('billing.plan.cancelled'));
    case 'renews':
      return <p data-testid="plan-status">{t('billing.plan.renews', { date: formatDate(status.on) })}</p>;
    case 'manual':
      return null;
  }
}

function CurrentPlan({
  business,
  plan,
  usage,
}: {
  business: Business;
  plan: PricePlan;
  usage: Usage | undefined;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const planLabel = usePlanLabel();
  const formatDate = useFormatDate();
  const dialogs = useDialogs();
  const overlays = useOverlays();
  const snackbars = useSnackbars();
  const storePlan = useStorePricePlan();
  const offers = usePlanOffers();
  const billing = useBusinessBilling();
  const status = describePlanStatus(plan);
  const actions = listPlanActions(plan);
  const id = business.id;
  const maxSeats = offers.data?.plans.find((offer) => offer.id === plan.plan)?.seats.max ?? null;
  const minSeats = usage ? usage.seats.people + usage.seats.pendingInvitations : 1;

  /** A seat change, sent with the version of the plan this page showed (a stale one is refused). */
  const { pay: paySeats, isSecureStep } = useCheckoutCharge({
    scope: 'seats',
    charge: ({ seats }) =>
      api.call(billingEndpoints.updateSeats, { params: { id }, body: { seats, timestamp: plan.timestamp } }),
    onPaid: async (outcome) => {
      await storePlan(outcome.pricePlan);
      snackbars.show({
        message: t('billing.addSeats.added', { count: outcome.pricePlan.seats }),
        color: 'success',
      });
    },
  });
  // seats change on a paid period, which has its cycle (the server refuses a change without one)
  const changeSeats = (seats: number) =>
    paySeats.mutateAsync({
      plan: plan.plan,
      cycle: plan.cycle ?? 'yearly',
      seats,
      promoCode: null,
      country: billing.data?.country ?? '',
    });
  const addSeats = (wanted?: number) =>
    overlays.open({
      name: 'add-seats',
      props: { businessId: id, seats: plan.seats, maxSeats, wanted } satisfies AddSeatsProps,
      onAction: async (action, payload) => {
        if (action === OVERLAY_COMPLETE) await changeSeats((payload as { seats: number }).seats);
      },
    });
  const setBase = async (type: PricePlan['plan'] | 'CANCELED', message: string) => {
    await storePlan(await api.call(billingEndpoints.updateBusinessBase, { params: { id }, body: { type } }));
    snackbars.show({ message, color: 'success' });
  };
  const revoke = useMutation({ mutationFn: () => setBase(plan.plan, t('billing.plan.revoked')) });
  const portal = useMutation({
    mutationFn: async () => {
      const endpoint =
        billing.data?.paymentMethod === 'CHARGEBEE'
          ? billingEndpoints.createChargebeePortalSession
          : billingEndpoints.createCustomerPortalSession;
      goToPaymentPage((await api.call(endpoint, { params: { id } })).redirectUrl);
    },
  });
  const hasProvider = billing.data?.paymentMethod === 'STRIPE' || billing.data?.paymentMethod === 'CHARGEBEE';

  return (
    <section
      aria-labelledby="current-plan"
      className="flex flex-col gap-3 rounded-lg border border-line bg-white p-4"
    >
      <h2 id="current-plan" className="text-lg font-bold">
        {t('billing.plan.current')}
      </h2>
      <p className="text-2xl font-bold" data-testid="plan-name">
        {planLabel(plan.plan)}
      </p>
      <p className="text-sm text-muted">
        {t('billing.plan.seats', { count: plan.seats })}
        {plan.cycle &&
          ` · ${t('billing.plan.cycle', { cycle: t(`billing.cycles.${plan.cycle}`).toLowerCase() })}`}
      </p>
      <StatusLine status={status} />
      {billing.data?.card && (
        <p className="text-sm">
          {t('billing.card.saved', {
            brand: billing.data.card.brand,
            last4: billing.data.card.last4,
            month: billing.data.card.expMonth,
            year: billing.data.card.expYear,
          })}
        </p>
      )}
      {actions.seats && <UnfinishedSeatChange plan={plan} onContinue={addSeats} />}
      {isSecureStep && <p role="status">{t('billing.secure')}</p>}
      <FormAlert message={revoke.error ? t(describeApiError(revoke.error)) : null} />
      <FormAlert message={portal.error ? t(describeApiError(portal.error)) : null} />
      <div className="flex flex-wrap gap-2">
        {actions.upgrade && (
          <Link to="/business/upgrade" className={buttonClasses('primary', 'md')}>
            {actions.upgrade === 'choose' ? t('billing.plan.choosePlan') : t('billing.plan.changePlan')}
          </Link>
        )}
        {actions.seats && (
          <Button
            variant="secondary"
            disabled={maxSeats !== null && plan.seats >= maxSeats}
            onClick={() => addSeats()}
          >
            {t('billing.plan.addSeats')}
          </Button>
        )}
        {/* how many seats people and invitations take must be known first */}
        {actions.seats && usage && plan.seats > Math.max(1, minSeats) && (
          <Button
            variant="secondary"
            onClick={() =>
              dialogs.open({
                namespace: 'business',
                name: 'remove-seats',
                props: { businessId: id, seats: plan.seats, minSeats } satisfies RemoveSeatsProps,
                onAction: (payload) => changeSeats((payload as { seats: number }).seats),
              })
            }
          >
            {t('billing.plan.removeSeats')}
          </Button>
        )}
        {actions.revokeCancel && (
          <Button variant="secondary" isBusy={revoke.isPending} onClick={() => revoke.mutate()}>
            {t('billing.plan.revokeCancel')}
          </Button>
        )}
        {hasProvider && (
          <Button variant="secondary" isBusy={portal.isPending} onClick={() => portal.mutate()}>
            {t('billing.plan.portal')}
          </Button>
        )}
        {actions.cancel && (
          <Button
            variant="text"
            onClick={() =>
              dialogs.open({
                namespace: 'business',
                name: 'cancel-subscription',
                props: { plan: planLabel(plan.plan), date: formatDate(plan.current.base.endAt) },
                onAction: () => setBase('CANCELED', t('billing.plan.cancelledNotice')),
              })
            }
          >
            {t('billing.plan.cancelSubscription')}
          </Button>
        )}
        {actions.endTrial && (
          <Button
            variant="text"
            onClick={() =>
              dialogs.open({
                namespace: 'business',
                name: 'cancel-trial',
                onAction: async () => {
                  await storePlan(await api.call(billingEndpoints.cancelTrial, { params: { id } }));
                  snackbars.show({ message: t('billing.plan.trialEndedNotice'), color: 'success' });
                },
              })
            }
          >
            {t('billing.plan.endTrial')}
          </Button>
        )}
      </div>
    </section>
  );
}

/**
 * Back on the plan page after leaving for the bank's 3-D Secure step of a seat change: the change
 * kept before leaving is offered again while the plan has fewer seats (the bank did not confirm,
 * or the person came back before answering). Once the plan has them, it is forgotten. Taking it
 * up forgets it too: the overlay holds it then, and keeps it again on the next trip to the bank.
 */
function UnfinishedSeatChange({
  plan,
  onContinue,
}: {
  plan: PricePlan;
  onContinue: (seats: number) => void;
}) {
  const { t } = useTranslation();
  const { storage } = useServices();
  const [wanted, setWanted] = useState(() => readCheckout(storage, 'seats')?.seats ?? null);
  const isDone = wanted !== null && wanted <= plan.seats;
  useEffect(() => {
    if (isDone) forgetCheckout(storage, 'seats');
  }, [isDone, storage]);
  if (wanted === null || isDone) return null;
  return (
    <div className="flex flex-col items-start gap-2 rounded-md border border-warning bg-warning/10 px-3 py-2">
      <p>{t('billing.plan.seatChangeUnfinished', { count: wanted })}</p>
      <Button
        variant="secondary"
        onClick={() => {
          forgetCheckout(storage, 'seats');
          setWanted(null);
          onContinue(wanted);
        }}
      >
        {t('billing.plan.continueSeatChange')}
      </Button>
    </div>
  );
}

function UsageSection({ usage }: { usage: Usage }) {
  const { t } = useTranslation();
  const levels = ['ses', 'aes', 'qes'] as const;
  return (
    <section aria-labelledby="usage" className="flex flex-col gap-2">
      <h2 id="usage" className="text-lg font-bold">
        {t('billing.plan.usage')}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
        {levels.map((level) => {
          const line = usage.signatures[level];
          return (
            <div key={level} className="contents">
              <dt>{t(`billing.levels.${level}`)}</dt>
              <dd data-testid={`usage-${level}`}>
                {line.limit === null
                  ? t('billing.plan.usedUnlimited', { used: line.used })
                  : t('billing.plan.used', { used: line.used, limit: line.limit })}
              </dd>
            </div>
          );
        })}
        <dt>{t('billing.plan.seatsUsage')}</dt>
        <dd data-testid="usage-seats">
          {t('billing.plan.seatsTaken', {
            taken: usage.seats.people + usage.seats.pendingInvitations,
            purchased: usage.seats.purchased,
            people: usage.seats.people,
            invitations: usage.seats.pendingInvitations,
          })}
        </dd>
      </dl>
    </section>
  );
}
