// /upgrade: an individual buys a plan of their own (the direct upgrade calls): the cycle, a promo
// code, the price the server previews (what the purchase charges), a card saved on the payment
// provider's page, then the purchase, with the bank's 3-D Secure step when it asks for one. A
// person on the plan can go back to the free plan at the end of the period, or revoke that. People
// of a business are billed through it and are sent to its plan.
import { billingEndpoints } from '@countersign/contract';
import type { Preview } from '@countersign/contract';
import type { BillingCycle } from '@countersign/domain';
import { planCancellation } from '@countersign/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
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
import { cardReturnStatus, readCheckout, saveCheckout } from '../../features/billing/checkout-store.js';
import { PreviewTable } from '../../features/billing/preview-table.js';
import { goToPaymentPage } from '../../features/billing/provider-redirect.js';
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
  else body = <Checkout plan={plan.data} />;
  return (
    <>
      <PageHeading lead={t('billing.upgrade.lead')}>{t('billing.upgrade.heading')}</PageHeading>
      {body}
    </>
  );
}

/** On the individual plan: what it is, and going back to the free plan (or staying after all). */
function OwnPlan({ plan }: { plan: UserPricePlan }) {
  const { t } = useTranslation();
  const { api } = useServices();
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

function Checkout({ plan }: { plan: UserPricePlan }) {
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
  const [outcome, setOutcome] = useState<'upgraded' | 'pending' | null>(null);
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
  const remember = () =>
    saveCheckout(storage, 'individual', { plan: 'individual', cycle, seats: 1, promoCode, country });
  const addCard = useMutation({
    mutationFn: async () => {
      const intent = await api.call(billingEndpoints.createDirectSetupIntent, { body: { country } });
      remember();
      if (intent.redirectUrl) goToPaymentPage(intent.redirectUrl);
    },
  });
  const confirm = useMutation({
    mutationFn: async () => {
      const answer = await api.call(billingEndpoints.confirmDirectUpgrade, { body });
      if (answer.status === 'requires_action' && answer.actionUrl) {
        remember();
        setOutcome('pending');
        goToPaymentPage(answer.actionUrl);
        return;
      }
      setOutcome('upgraded');
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
    },
  });

  if (outcome === 'upgraded') {
    return (
      <div className="flex flex-col items-start gap-4">
        <FormAlert tone="success" message={t('billing.upgraded', { plan: planLabel('individual') })} />
        <Link to="/dashboard" className={buttonClasses('primary', 'md')}>
          {t('billing.upgrade.toDashboard')}
        </Link>
      </div>
    );
  }
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
      <FormAlert message={confirm.error ? t(describeApiError(confirm.error)) : null} />
      {outcome === 'pending' && <p role="status">{t('billing.secure')}</p>}
      <Button
        className="self-start"
        disabled={!preview.data || promoError !== null}
        isBusy={confirm.isPending}
        onClick={() => confirm.mutate()}
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
