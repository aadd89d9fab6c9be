// /business/upgrade (an individual user or a business admin, spec 2): an admin buys a plan for the
// business or moves it up: plan and cycle, seats (at least its people and open invitations), a
// promo code checked by the server, the referral code the business signed up with, the charge the
// server previews, the billing address (asked before paying), the card saved on the payment
// provider's page, then the purchase (with the bank's 3-D Secure step when asked). An individual user is pointed to registering a business.
import { billingEndpoints } from '@countersign/contract';
import type { Preview } from '@countersign/contract';
import type { BillingCycle } from '@countersign/domain';
import { hasBillingAddress } from '@countersign/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { ApiError } from '../../api/api-error.js';
import { useServices } from '../../app/services.js';
import { Button, buttonClasses } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { PageHeading } from '../../components/page-heading.js';
import { Spinner } from '../../components/spinner.js';
import { TextField } from '../../components/text-field.js';
import {
  useBusinessBilling,
  usePlanOffers,
  useStorePricePlan,
  useUsage,
} from '../../features/billing/billing-api.js';
import type { PlanOffers, Usage } from '../../features/billing/billing-api.js';
import { useBusinessPricePlan } from '../../features/billing/business-access.js';
import {
  CardSection,
  CycleChoice,
  isPromoProblem,
  PlanChoice,
  PromoCodeField,
} from '../../features/billing/checkout-parts.js';
import { cardReturnStatus, readCheckout } from '../../features/billing/checkout-store.js';
import { PreviewTable } from '../../features/billing/preview-table.js';
import { useCheckoutPayment } from '../../features/billing/use-checkout-payment.js';
import { useFormatMoney } from '../../features/billing/use-locale.js';
import { useBusinessId } from '../../features/business/business-api.js';
import { readReferralCode } from '../../features/business/business-signup-store.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';
import { useSession } from '../../features/session/session-provider.js';
import { useSnackbars } from '../../features/snackbars/snackbar-store.js';
import { BillingAddressForm } from './billing-address-form.js';
import { usePlanLabel } from './plan-label.js';

export function BusinessUpgradePage() {
  const { t } = useTranslation();
  const { role } = useSession();
  const offers = usePlanOffers();
  const usage = useUsage();
  const plan = useBusinessPricePlan();
  let body;
  if (role !== 'admin') {
    body = (
      <div className="flex flex-col items-start gap-3">
        <p>{t('billing.businessUpgrade.noBusiness')}</p>
        <Link to="/business/register" className={buttonClasses('primary', 'md')}>
          {t('billing.upgrade.registerBusiness')}
        </Link>
      </div>
    );
  } else if (offers.isPending || usage.isPending || plan.isPending)
    body = <Spinner label={t('app.loading')} />;
  else if (offers.isError || usage.isError || plan.isError) {
    body = <FormAlert message={t(describeApiError(offers.error ?? usage.error ?? plan.error))} />;
  } else {
    body = <BusinessCheckout offers={offers.data} usage={usage.data} currentPlan={plan.data.plan} />;
  }
  return (
    <>
      <PageHeading lead={t('billing.businessUpgrade.lead')}>
        {t('billing.businessUpgrade.heading')}
      </PageHeading>
      {body}
    </>
  );
}

function BusinessCheckout({
  offers,
  usage,
  currentPlan,
}: {
  offers: PlanOffers;
  usage: Usage;
  currentPlan: string;
}) {
  const { t } = useTranslation();
  const { api, storage } = useServices();
  const navigate = useNavigate();
  const snackbars = useSnackbars();
  const formatMoney = useFormatMoney();
  const planLabel = usePlanLabel();
  const storePlan = useStorePricePlan();
  const billing = useBusinessBilling();
  const id = useBusinessId() ?? '';
  const [search] = useSearchParams();
  const choices = offers.plans.filter((offer) => offer.business && offer.purchasable);
  const [saved] = useState(() => readCheckout(storage, 'business'));
  const minSeats = Math.max(1, usage.seats.people + usage.seats.pendingInvitations);
  const [planId, setPlanId] = useState(
    saved?.plan ?? (choices.some((c) => c.id === currentPlan) ? currentPlan : (choices[0]?.id ?? 'team')),
  );
  const [cycle, setCycle] = useState<BillingCycle>(saved?.cycle ?? 'yearly');
  const [seats, setSeats] = useState(Math.max(saved?.seats ?? usage.seats.purchased, minSeats));
  const [promoCode, setPromoCode] = useState<string | null>(saved?.promoCode ?? null);
  const [referralCode, setReferralCode] = useState(readReferralCode(storage));
  const [country, setCountry] = useState(saved?.country ?? 'CH');
  const billingCountry = billing.data?.country;
  useEffect(() => {
    if (!saved && billingCountry) setCountry(billingCountry);
  }, [saved, billingCountry]);
  const offer = choices.find((candidate) => candidate.id === planId);
  const maxSeats = offer?.seats.max ?? null;
  const isSeatsValid =
    Number.isInteger(seats) && seats >= minSeats && (maxSeats === null || seats <= maxSeats);
  const body = {
    plan: planId as Preview['plan'],
    cycle,
    amountSeats: seats,
    ...(promoCode && { promoCode }),
    ...(referralCode && { referralCode }),
  };
  const preview = useQuery<Preview, ApiError>({
    queryKey: ['upgrade-preview', id, body],
    queryFn: ({ signal }) => api.call(billingEndpoints.previewUpgrade, { params: { id }, body, signal }),
    enabled: isSeatsValid && offer !== undefined,
  });
  // a referral code the server does not know (or the business's own) is dropped, not held against the purchase
  const previewCode = preview.error?.code;
  useEffect(() => {
    if (previewCode === 'billing.referral_not_found') setReferralCode(null);
  }, [previewCode]);
  const choice = { plan: planId, cycle, seats, promoCode, country };
  const { addCard, pay } = useCheckoutPayment({
    scope: 'business',
    choice,
    startCardSetup: () =>
      api.call(billingEndpoints.createBusinessSetupIntent, {
        params: { id },
        // the card page leads back here, where the purchase goes on with the card
        body: { country, returnTo: '/business/upgrade' },
      }),
    charge: () => api.call(billingEndpoints.upgradeSubscription, { params: { id }, body }),
    onPaid: async (outcome) => {
      await storePlan(outcome.pricePlan);
      // the snackbar lives above the routes, so the plan page shows it too
      snackbars.show({
        message: t('billing.upgraded', { plan: planLabel(outcome.pricePlan.plan) }),
        color: 'success',
      });
      void navigate('/business/billing/plan');
    },
  });
  const promoError = isPromoProblem(preview.error) ? t(describeApiError(preview.error)) : null;
  const card = billing.data?.card;
  // every invoice names the business's address: it is asked before paying, not after
  const hasAddress = billing.data !== undefined && hasBillingAddress(billing.data);
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <CycleChoice value={cycle} onChange={setCycle} />
      <PlanChoice
        offers={choices}
        value={planId}
        cycle={cycle}
        currency={offers.currency}
        onChange={setPlanId}
      />
      <TextField
        label={t('billing.businessUpgrade.seats')}
        type="number"
        min={minSeats}
        max={maxSeats ?? undefined}
        className="max-w-40"
        value={Number.isNaN(seats) ? '' : seats}
        hint={t('billing.businessUpgrade.seatsHint', {
          min: minSeats,
          people: usage.seats.people,
          invitations: usage.seats.pendingInvitations,
        })}
        onChange={(event) => setSeats(event.target.valueAsNumber)}
      />
      <PromoCodeField applied={promoCode} error={promoError} onApply={setPromoCode} />
      {referralCode && (
        <p className="text-sm">{t('billing.businessUpgrade.referral', { code: referralCode })}</p>
      )}
      <PreviewTable preview={preview.data} isLoading={preview.isFetching} />
      {preview.error && !promoError && <FormAlert message={t(describeApiError(preview.error))} />}
      <BillingAddressForm businessId={id} />
      <CardSection
        savedCard={
          card
            ? t('billing.card.saved', {
                brand: card.brand,
                last4: card.last4,
                month: card.expMonth,
                year: card.expYear,
              })
            : t('billing.card.none')
        }
        returnStatus={cardReturnStatus(search)}
        country={country}
        onCountryChange={setCountry}
        isBusy={addCard.isPending}
        error={addCard.error ? t(describeApiError(addCard.error)) : null}
        onAddCard={() => addCard.mutate()}
      />
      <FormAlert message={pay.error ? t(describeApiError(pay.error)) : null} />
      {billing.data && !hasAddress && (
        <p className="text-sm text-muted" data-testid="address-first">
          {t('billing.businessUpgrade.addressFirst')}
        </p>
      )}
      <Button
        className="self-start"
        disabled={!preview.data || promoError !== null || !isSeatsValid || !hasAddress}
        isBusy={pay.isPending}
        onClick={() => pay.mutate(choice)}
      >
        {t('billing.confirm', {
          amount: preview.data ? formatMoney(preview.data.totalMinor, preview.data.currency) : '',
        })}
      </Button>
    </div>
  );
}
