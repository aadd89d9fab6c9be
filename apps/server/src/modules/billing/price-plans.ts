// The plans on offer as the contract presents them: prices from the one price table, limits and
// entitlements from the domain's rules, and the currency the caller's locale and our platform show.
import {
  BILLING_CYCLES,
  CURRENCIES,
  ENTITLEMENTS,
  PLAN_IDS,
  SEAT_LIMITS,
  currencyFor,
  isBusinessPlan,
  isPurchasablePlan,
  planName,
  seatPrice,
  type Locale,
  type Platform,
} from '@countersign/domain';

export function listPricePlans(platform: Platform, locale: Locale | undefined) {
  const plans = PLAN_IDS.map((id) => {
    const entitlements = ENTITLEMENTS[id];
    const prices = BILLING_CYCLES.flatMap((cycle) =>
      CURRENCIES.flatMap((currency) => {
        const amountMinor = seatPrice(id, cycle, currency);
        return amountMinor === null ? [] : [{ cycle, currency, amountMinor }];
      }),
    );
    return {
      id,
      name: planName(id, 'monthly'),
      purchasable: isPurchasablePlan(id),
      business: isBusinessPlan(id),
      seats: SEAT_LIMITS[id],
      prices,
      signaturesPerSeat: entitlements.signaturesPerSeat,
      licenses: { idents: entitlements.idents },
      canUpload: entitlements.canUpload,
    };
  });
  return { currency: currencyFor(locale ?? 'en-gb', platform), platform, plans };
}
