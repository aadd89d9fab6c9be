// /upgrade: an individual buys a plan of their own (the direct upgrade calls): the cycle, a promo
// code, the price the server previews (what the purchase charges), a card saved on the payment
// provider's page, then the purchase, with the bank's 3-D Secure step when it asks for one. A
// person on the plan can go back to the free plan at the end of the period, or revoke that. People
// of a business are billed through it and are sent to its plan. A purchase turns the checkout into
// the plan's own view once the plan is read afresh; the page says the purchase went through above
// either, so the message outlives the checkout that made it.
import { billingEndpoints } from '@countersign/contract';
import type { Preview } from '@countersign/contract';
import type { BillingCycle } from '@countersign/domain';
import { planCancellation } from '@countersign/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { ApiError } from '../../api/api-error.js';
import { useServices } from '../../app/services.js';
import { Button, buttonClasses } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { PageHeading } from '../../components/page-heading.js';
import { Spinner } from '../../components/spinner.js';
import { TextLink } from '../../components/text-link.js';
import { usePlanOffers, userPricePlanKey, useUserPricePlan } from '../../features/billing/billing-api.js';
import type { UserPricePlan } from '../../features/billing/billing-api.js';
import {
  CardSection,
  CycleChoice,
  isPromoProblem,
  PlanChoice,
  PromoCodeField,
} from '../../features/billing/checkout-parts.js';
import { cardReturnStatus, forgetCheckout, readCheckout } from '../../features/billing/checkout-store.js';
import { PreviewTable } from '../../features/billing/preview-table.js';
import { useCheckoutPayment } from '../../features/billing/use-checkout-payment.js';
import { useFormatMoney } from '../../features/billing/use-locale.js';
import { readReferralCode } from '../../features/business/business-signup-store.js';
import { useCountryOptions } from '../../features/business/business-details-fields.js';
import { useDialogs } from '../../features/dialogs/dialog-store.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';
import { useFormatDate } from '../../features/i18n/use-format-date.js';
import { useSession, userQueryKey } from '../../features/session/session-provider.js';
import { InvoicesSection } from './invoices-section.js';
import { usePlanLabel } from './plan-label.js';

export function UpgradePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const plan = useUserPricePlan();
  const planLabel = usePlanLabel();
  const [isUpgraded, setUpgraded] = useState(false);
  let body;
  if (user?.business) {
    body = (
      <div className="flex flex-col items-start gap-3">
        <p>{t('billing.upgrade.memberOfBusiness', { name: user.business.name })}</p>
        {user.role === 'admin' && (
          <Link to="/business/billing/plan" className={buttonClasses('primary', 'md')}>
            {t('billing.upgrade.toBusinessPlan')}
          </Link>
        )}
      </div>
    );
  } else if (plan.isPending) body = <Spinner label={t('app.loading')} />;
  else if (plan.isError) body = <FormAlert message={t(describeApiError(plan.error))} />;
  else if (
    plan.data.pricePlan?.plan === 'individual' &&
    planCancellation(plan.data.pricePlan) !== 'cancelled'
  )
    body = <OwnPlan plan={plan.data} />;
  else body = <Checkout plan={plan.data} onUpgraded={() => setUpgraded(true)} />;
  return (
    <>
      <PageHeading lead={t('billing.upgrade.lead')}>{t('billing.upgrade.heading')}</PageHeading>
      <div className={isUpgraded ? 'mb-4' : undefined}>
        <FormAlert
          tone="success"
          message={isUpgraded ? t('billing.upgraded', { plan: planLabel('individual') }) : null}
        />
      </div>
      {body}
    </>
  );
}

/**
 * On the individual plan: what it is, and going back to the free plan (or staying after all). A
 * checkout choice still kept (a purchase the bank's 3-D Secure step completed) is done with.
 */
function OwnPlan({ plan }: { plan: UserPricePlan }) {
  const { t } = useTranslation();
  const { api, storage } = useServices();
  useEffect(() => forgetCheckout(storage, 'individual'), [storage]);
  const queryClient = useQueryClient();
  const dialogs = useDialogs();
  const planLabel = usePlanLabel();
  const formatDate = useFormatDate();
  const pricePlan = plan.pricePlan!;
  const endAt = formatDate(pricePlan.current.base.endAt);
  const setBase = async (type: 'CANCELED' | 'individual') => {
    await api.call(billingEndpoints.updateUserBase, { body: { type } });
    await queryClient.invalidateQueries({ queryKey: userPricePlanKey });
  };
  const keep = useMutation({ mutationFn: () => setBase('individual') });
  const isCancelling = planCancellation(pricePlan) === 'cancelling';
  return (
    <div className="flex flex-col items-start gap-4">
      <p className="text-xl font-bold" data-testid="own-plan">
        {t('billing.upgrade.current', { plan: planLabel('individual') })}
      </p>
      {isCancelling ? (
        <>
          <p>{t('billing.upgrade.cancelling', { date: endAt })}</p>
          <FormAlert message={keep.error ? t(describeApiError(keep.error)) : null} />
          <Button isBusy={keep.isPending} onClick={() => keep.mutate()}>
            {t('billing.upgrade.keepPlan')}
          </Button>
        </>
      ) : (
        <Button
          variant="secondary"
          onClick={() =>
            dialogs.open({
              namespace: 'business',
              name: 'free-plan-downgrade',
              props: { plan: planLabel('individual'), date: endAt },
              onAction: () => setBase('CANCELED'),
            })
          }
        >
          {t('billing.upgrade.backToFree')}
        </Button>
      )}
      <InvoicesSection owner={{ own: true }} />
      <TextLink to="/dashboard">{t('billing.upgrade.toDashboard')}</TextLink>
    </div>
  );
}

function Checkout({ plan, onUpgraded }: { plan: UserPricePlan; onUpgraded: () => void }) {
  const { t } = useTranslation();
  const { api, storage } = useServices();
  const queryClient = useQueryClient();
  const formatMoney = useFormatMoney();
  const planLabel = usePlanLabel();
  const offers = usePlanOffers();
  const countries = useCountryOptions();
  const [search] = useSearchParams();
  const [saved] = useState(() => readCheckout(storage, 'individual'));
  const [cycle, setCycle] = useState<BillingCycle>(saved?.cycle ?? 'yearly');
  const [promoCode, setPromoCode] = useState<string | null>(saved?.promoCode ?? null);
  const [country, setCountry] = useState(saved?.country ?? countries[0]?.value ?? 'CH');
  const referralCode = readReferralCode(storage) ?? undefined;
  const body = {
    plan: 'individual' as const,
    cycle,
    ...(promoCode && { promoCode }),
    ...(referralCode && { referralCode }),
  };
  const preview = useQuery<Preview, ApiError>({
    queryKey: ['direct-upgrade-preview', body],
    queryFn: ({ signal }) => api.call(billingEndpoints.previewDirectUpgrade, { body, signal }),
  });
  const choice = { plan: 'individual', cycle, seats: 1, promoCode, country };
  const { addCard, pay, isSecureStep } = useCheckoutPayment({
    scope: 'individual',
    choice,
    startCardSetup: () => api.call(billingEndpoints.createDirectSetupIntent, { body: { country } }),
    charge: () => api.call(billingEndpoints.confirmDirectUpgrade, { body }),
    onPaid: async () => {
      onUpgraded();
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
    },
  });
  const offer = offers.data?.plans.find((candidate) => candidate.id === 'individual');
  const promoError = isPromoProblem(preview.error) ? t(describeApiError(preview.error)) : null;
  const currentName = plan.pricePlan
    ? planLabel(plan.pricePlan.plan)
    : planLabel(plan.freeAccountType === 'free_legacy' ? 'free_legacy' : 'free');
  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <p data-testid="current-plan">{t('billing.upgrade.current', { plan: currentName })}</p>
      <CycleChoice value={cycle} onChange={setCycle} />
      {offer && offers.data && (
        <PlanChoice
          offers={[offer]}
          value="individual"
          cycle={cycle}
          currency={offers.data.currency}
          onChange={() => {}}
        />
      )}
      <PromoCodeField applied={promoCode} error={promoError} onApply={setPromoCode} />
      <PreviewTable preview={preview.data} isLoading={preview.isPending} />
      {preview.error && !promoError && <FormAlert message={t(describeApiError(preview.error))} />}
      <CardSection
        savedCard={null}
        returnStatus={cardReturnStatus(search)}
        country={country}
        onCountryChange={setCountry}
        isBusy={addCard.isPending}
        error={addCard.error ? t(describeApiError(addCard.error)) : null}
        onAddCard={() => addCard.mutate()}
      />
      <FormAlert message={pay.error ? t(describeApiError(pay.error)) : null} />
      {isSecureStep && <p role="status">{t('billing.secure')}</p>}
      <Button
        className="self-start"
        disabled={!preview.data || promoError !== null}
        isBusy={pay.isPending}
        onClick={() => pay.mutate(choice)}
      >
        {t('billing.confirm', {
          amount: preview.data ? formatMoney(preview.data.totalMinor, preview.data.currency) : '',
        })}
      </Button>
      <p className="text-sm">
        {t('billing.upgrade.forTeams')}{' '}
        <TextLink to="/business/register">{t('billing.upgrade.registerBusiness')}</TextLink>
      </p>
    </div>
  );
}
