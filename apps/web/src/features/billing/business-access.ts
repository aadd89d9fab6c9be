// Whether the signed-in person's business is in good standing (spec 2 and 4): its price plan's
// payment state says full, expired (the trial ran out, or a renewal is unpaid) or locked
// (BLOCKED). The route rules and the members' locked dialog act on it. The call itself loads on
// demand (price-plan-call.ts): individual users, most visitors, never fetch its schemas.
import type { PricePlan } from '@countersign/contract';
import { accessFor } from '@countersign/domain';
import type { BusinessAccess } from '@countersign/domain';
import { useQuery } from '@tanstack/react-query';
import type { ApiError } from '../../api/api-error.js';
import { useServices } from '../../app/services.js';
import { businessQueryKey } from '../business/business-api.js';
import { useSession } from '../session/session-provider.js';

export function pricePlanQueryKey(businessId: string | null) {
  return [...businessQueryKey, businessId, 'price-plan'] as const;
}

/** The price plan of the caller's business (admins and members); disabled for everyone else. */
export function useBusinessPricePlan() {
  const { api } = useServices();
  const { user, role } = useSession();
  const id = (role === 'admin' || role === 'member' ? user?.business?.id : null) ?? null;
  return useQuery<PricePlan, ApiError>({
    queryKey: pricePlanQueryKey(id),
    queryFn: async ({ signal }) =>
      (await import('./price-plan-call.js')).fetchBusinessPricePlan(api, id ?? '', signal),
    enabled: id !== null,
    // Parts of the page that read it come and go as the route screen waits for it; a new one must
    // not ask again, or a failed answer would blank the page and ask once more, endlessly.
    staleTime: 60_000,
    retryOnMount: false,
  });
}

export interface BusinessStanding {
  /** null: no business, or its plan could not be read (then nothing is held back) */
  access: BusinessAccess | null;
  /** the first answer is still on its way: the route rules wait for it */
  isPending: boolean;
}

export function useBusinessStanding(): BusinessStanding {
  const plan = useBusinessPricePlan();
  if (plan.data) return { access: accessFor(plan.data.paymentState), isPending: false };
  // only the very first answer is waited for: asking again later leaves the page on screen
  const hasAnswered = plan.dataUpdatedAt > 0 || plan.errorUpdatedAt > 0;
  return { access: null, isPending: plan.fetchStatus !== 'idle' && !hasAnswered };
}

export function isLockedOrExpired(access: BusinessAccess | null): boolean {
  return access === 'locked' || access === 'expired';
}
