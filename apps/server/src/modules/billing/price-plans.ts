// The plans on offer as the contract presents them: prices from the one price table, limits and
// entitlements from the domain's rules, in the one currency of the platform (ADR 055).
import {
  BILLING_CYCLES,
  ENTITLEMENTS,
  PLAN_IDS,
  SEAT_LIMITS,
  currencyOfPlatform,
  isBusinessPlan,
  isPurchasablePlan,
  planName,
  seatPrice,
  type Platform,
} from '@countersign/domain';

export function listPricePlans(platform: Platform) {
  const currency = currencyOfPlatform(platform);
  const plans = PLAN_IDS.map((id) => {
    const entitlements = ENTITLEMENTS[id];
    const prices = BILLING_CYCLES.flatMap((cycle) => {
      const amountMinor = seatPrice(id, cycle, currency);
      return amountMinor === null ? [] : [{ cycle, currency, amountMinor }];
    });
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
  return { currency, platform, plans };
}
