// The call behind a business's standing, on its own so the first load does not carry the billing
// schemas: a module of the contract comes whole, and only people of a business need this one.
import { getBusinessPricePlan } from '@countersign/contract';
import type { PricePlan } from '@countersign/contract';
import type { ApiClient } from '../../api/client.js';

export function fetchBusinessPricePlan(api: ApiClient, id: string, signal: AbortSignal): Promise<PricePlan> {
  return api.call(getBusinessPricePlan, { params: { id }, signal });
}
