// The pieces both upgrade pages are made of: the billing cycle, the plan with its price in the
// platform's currency, the promo code, and the card (saved on the payment
// provider's page, reached through a setup intent).
import type { BillingCycle } from '@countersign/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { SelectField } from '../../components/select-field.js';
import { useCountryOptions } from '../business/business-details-fields.js';
import type { PlanOffers } from './billing-api.js';
import { useFormatMoney } from './use-locale.js';

export type PlanOffer = PlanOffers['plans'][number];

const cycles: readonly BillingCycle[] = ['monthly', 'yearly'];

const promoProblems: readonly string[] = [
  'billing.promo_not_found',
  'billing.promo_expired',
  'billing.promo_used_up',
  'billing.promo_not_applicable',
];

/** A preview refused for its promo code: said at the code's field, not as a failure of the page. */
export function isPromoProblem(error: { code: string } | null | undefined): boolean {
  return error ? promoProblems.includes(error.code) : false;
}

export function CycleChoice({
  value,
  onChange,
}: {
  value: BillingCycle;
  onChange: (cycle: BillingCycle) => void;
}) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-semibold">{t('billing.cycleLegend')}</legend>
      <div className="flex gap-4">
        {cycles.map((cycle) => (
          <label key={cycle} className="flex items-center gap-2">
            <input
              type="radio"
              name={name}
              value={cycle}
              checked={value === cycle}
              onChange={() => onChange(cycle)}
              className="size-4 accent-primary"
            />
            {t(`billing.cycles.${cycle}`)}
          </label>
        ))}
      </div>
      <p className="text-sm text-muted">{t('billing.yearlySaving')}</p>
    </fieldset>
  );
}

/** A plan's price per seat (business plans) or per period, in the currency shown. */
export function usePlanPrice(): (offer: PlanOffer, cycle: BillingCycle, currency: string) => string {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  return (offer, cycle, currency) => {
    const price = offer.prices.find((row) => row.cycle === cycle && row.currency === currency);
    if (!price) return '';
    const amount = formatMoney(price.amountMinor, currency);
    return offer.business
      ? t(`billing.perSeat.${cycle}`, { price: amount })
      : t(`billing.perPeriod.${cycle}`, { price: amount });
  };
}

export function PlanChoice({
  offers,
  value,
  cycle,
  currency,
  onChange,
}: {
  offers: readonly PlanOffer[];
  value: string;
  cycle: BillingCycle;
  currency: string;
  onChange: (plan: string) => void;
}) {
  const { t } = useTranslation();
  const name = useId();
  const priceOf = usePlanPrice();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-semibold">{t('billing.choosePlan')}</legend>
      <div className="grid gap-3 sm:grid-cols-3">
        {offers.map((offer) => (
          <label
            key={offer.id}
            className={`flex cursor-pointer flex-col gap-1 rounded-lg border p-4 ${
              value === offer.id ? 'border-primary bg-primary/5' : 'border-line bg-white'
            }`}
          >
            <span className="flex items-center gap-2 font-bold">
              <input
                type="radio"
                name={name}
                value={offer.id}
                checked={value === offer.id}
                onChange={() => onChange(offer.id)}
                aria-labelledby={`${name}-${offer.id}`}
                aria-describedby={`${name}-${offer.id}-price`}
                className="size-4 accent-primary"
              />
              <span id={`${name}-${offer.id}`}>{t(`billing.plans.${offer.id}`)}</span>
            </span>
            <span id={`${name}-${offer.id}-price`} className="text-sm" data-testid={`price-${offer.id}`}>
              {priceOf(offer, cycle, currency)}
            </span>
            <span className="text-xs text-muted">
              {(['ses', 'aes', 'qes'] as const)
                .map(
                  (level) =>
                    `${t(`billing.levels.${level}`)}: ${
                      offer.signaturesPerSeat[level] === null
                        ? t('billing.unlimited')
                        : t('billing.allowance', { count: offer.signaturesPerSeat[level] ?? 0 })
                    }`,
                )
                .join(' · ')}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The promo code: typed, then applied (the page checks it with the server and shows the result). */
export function PromoCodeField({
  applied,
  error,
  onApply,
}: {
  applied: string | null;
  error: string | null;
  onApply: (code: string | null) => void;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const [text, setText] = useState(applied ?? '');
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className="text-sm font-semibold">
        {t('billing.promo.label')}
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          value={text}
          maxLength={64}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${inputId}-status`}
          onChange={(event) => setText(event.target.value)}
          className="w-48 rounded-md border border-line px-3 py-2"
        />
        <Button variant="secondary" disabled={text.trim() === ''} onClick={() => onApply(text.trim())}>
          {t('billing.promo.apply')}
        </Button>
        {applied && (
          <Button
            variant="text"
            onClick={() => {
              setText('');
              onApply(null);
            }}
          >
            {t('billing.promo.remove')}
          </Button>
        )}
      </div>
      <p id={`${inputId}-status`} role="status" className="text-sm">
        {error ? (
          <span className="text-error">{error}</span>
        ) : applied ? (
          t('billing.promo.applied', { code: applied })
        ) : (
          ''
        )}
      </p>
    </div>
  );
}

/** Saving a card: the country of its holder, then the provider's card page. */
export function CardSection({
  savedCard,
  returnStatus,
  country,
  onCountryChange,
  isBusy,
  error,
  onAddCard,
}: {
  savedCard: string | null;
  returnStatus: 'succeeded' | 'failed' | null;
  country: string;
  onCountryChange: (country: string) => void;
  isBusy: boolean;
  error: string | null;
  onAddCard: () => void;
}) {
  const { t } = useTranslation();
  const countries = useCountryOptions();
  return (
    <section aria-labelledby="card-heading" className="flex flex-col gap-3">
      <h2 id="card-heading" className="text-lg font-bold">
        {t('billing.card.heading')}
      </h2>
      {savedCard && <p data-testid="saved-card">{savedCard}</p>}
      <FormAlert tone="success" message={returnStatus === 'succeeded' ? t('billing.card.added') : null} />
      <FormAlert message={returnStatus === 'failed' ? t('billing.card.failed') : null} />
      <SelectField
        label={t('billing.card.country')}
        options={countries}
        value={country}
        onChange={(event) => onCountryChange(event.target.value)}
      />
      <FormAlert message={error} />
      <Button variant="secondary" className="self-start" isBusy={isBusy} onClick={onAddCard}>
        {t('billing.card.add')}
      </Button>
    </section>
  );
}
