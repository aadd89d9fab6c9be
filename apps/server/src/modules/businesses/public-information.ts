// A business's public face (name, logo, support contact) for the pages of its requests: its own
// people and API users read it, and so does whoever takes part in a request one of its people
// sent (a signer or observer with an account, or a link holder). Anyone else gets 404.
import { AppError } from '../../lib/app-error.js';
import type { Principal } from '../../lib/principal.js';
import type { BusinessDeps } from './deps.js';
import { authorizeBusiness } from './policy.js';
import { presentPublicInformation } from './presenter.js';

export async function getPublicInformation(deps: BusinessDeps, principal: Principal, businessId: string) {
  const isParticipant =
    principal.kind === 'api_user' ||
    (principal.kind === 'person' && principal.membership?.businessId === businessId)
      ? false
      : await deps.repo.takesPartInRequestOf(businessId, principal);
  authorizeBusiness(principal, 'view_public_information', { businessId, isParticipant });
  const business = await deps.repo.findBusiness(businessId);
  if (!business) throw new AppError('business.not_found', 'No such business');
  return presentPublicInformation(business);
}
