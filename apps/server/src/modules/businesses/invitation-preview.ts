// What the page of an invitation link shows a visitor before they log in or sign up: the business
// and the person who invited them. The link carries the invitation's id (random) and the address it
// was mailed to; only that pair, of an invitation still open, answers, so an id seen elsewhere (an
// admin's list) names nobody's business to a stranger, and a withdrawn or accepted one says nothing.
import { AppError } from '../../lib/app-error.js';
import type { BusinessDeps } from './deps.js';

export async function previewInvitation(
  deps: Pick<BusinessDeps, 'repo'>,
  input: { inviteId: string; email: string },
): Promise<{ businessName: string; inviterName: string }> {
  const invitation = await deps.repo.findInvitation(input.inviteId);
  const business = invitation && (await deps.repo.findBusiness(invitation.businessId));
  if (!invitation || !business || invitation.email !== input.email.trim().toLowerCase()) {
    throw new AppError('business.invitation_not_found', 'No open invitation to this address');
  }
  const inviter = await deps.repo.findAccountById(invitation.invitedBy);
  // the mail names the business when the inviter has left no name; the page says the same
  const inviterName = inviter ? `${inviter.firstName} ${inviter.lastName}`.trim() : '';
  return { businessName: business.name, inviterName: inviterName || business.name };
}
