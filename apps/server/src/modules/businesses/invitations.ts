// Invitations: an admin invites people by e-mail (each gets a mail in their language linking to
// /invite/{id}), lists and withdraws them; the invitee accepts with POST /v1/user/accept
// `business_invite` once signed in with the invited address. Without an invitation, a person whose
// address is on a verified domain of a business may join it the same way. A business sends at most
// INVITATIONS_PER_BUSINESS_HOUR invitations an hour, those sent again after a withdrawal included,
// so that it cannot mail strangers without end (ADR 063).
import type { Transaction } from 'kysely';
import { isLanguage, type Language } from '@countersign/domain';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { PersonPrincipal } from '../../lib/principal.js';
import { newId } from '../../lib/tokens.js';
import type { BusinessDeps } from './deps.js';
import { loadBusiness } from './manage-business.js';
import { renderInvitationMail } from './mail-templates.js';
import type { InvitationRecord } from './model.js';
import { authorizeInvitation } from './policy.js';

const presentInvitation = (i: InvitationRecord) => ({
  id: i.id,
  email: i.email,
  lang: i.lang,
  createdAt: i.createdAt,
});

export async function inviteMembers(
  deps: BusinessDeps,
  principal: PersonPrincipal,
  input: { businessId: string; users: readonly { email: string; lang?: Language | undefined }[] },
) {
  const business = await loadBusiness(deps, principal, input.businessId, 'invite_members');
  const emails = input.users.map((u) => u.email.toLowerCase());
  const duplicate = emails.find((e, i) => emails.indexOf(e) !== i);
  if (duplicate) throw new AppError('business.invitation_duplicate', `${duplicate} is named twice`);
  const already = await deps.repo.findInvitationsTo(input.businessId, emails);
  if (already.length > 0) {
    throw new AppError(
      'business.invitation_duplicate',
      `Already invited: ${already.map((i) => i.email).join(', ')}`,
    );
  }
  // Each address is checked before any invitation is made: nothing half-made.
  const accounts = new Map<string, { id: string; lang: string; firstName: string; lastName: string }>();
  for (const email of emails) {
    const account = await deps.repo.findAccountByEmail(email);
    if (!account) continue;
    const membership = await deps.repo.membershipOf(account.id);
    if (membership?.businessId === input.businessId) {
      throw new AppError('business.already_member', `${email} belongs to this business already`);
    }
    if (membership) throw new AppError('business.member_of_another', `${email} belongs to another business`);
    accounts.set(email, account);
  }
  const now = deps.clock.now().toISOString();
  const inviter = await deps.repo.findAccountById(principal.userId);
  const invitations: InvitationRecord[] = input.users.map((user, index) => {
    const email = emails[index]!;
    // the language the admin names, else the invitee's account's, else (someone without an
    // account yet) the inviter's, who most likely shares it
    const known = [user.lang, accounts.get(email)?.lang, inviter?.lang].find(isLanguage);
    const lang: Language = known ?? 'en';
    return {
      id: newId(),
      businessId: input.businessId,
      email,
      lang,
      invitedBy: principal.userId,
      createdAt: now,
    };
  });
  await deps.throttle.take(
    { name: 'invitations-business', limit: deps.invitationsPerBusinessHour, windowSeconds: 3600 },
    input.businessId,
    invitations.length,
  );
  const insert = async (trx?: Transaction<Database>) => {
    if (!(await deps.repo.insertInvitations(invitations, trx))) {
      throw new AppError('business.invitation_duplicate', 'One of these addresses was invited meanwhile');
    }
  };
  // each open invitation holds the seat its invitee will take: checked and taken in one transaction
  if (deps.plans) await deps.plans.withSeats(input.businessId, invitations.length, insert);
  else await insert();
  await deps.recordAccountEvents(
    input.businessId,
    now,
    principal.email,
    invitations.map((i) => {
      const account = accounts.get(i.email);
      const name = account ? `${account.firstName} ${account.lastName}`.trim() : '';
      return { event: 'invited', email: i.email, name, role: null };
    }),
  );
  for (const invitation of invitations) {
    const message = renderInvitationMail(invitation.lang, invitation.email, {
      inviter: inviter ? `${inviter.firstName} ${inviter.lastName}`.trim() : business.name,
      businessName: business.name,
      // the address lets the page name the business and fill in the log-in or sign-up form
      link: `${deps.publicUrl}/invite/${invitation.id}?email=${encodeURIComponent(invitation.email)}`,
      logoUrl: business.settings.companyBranding.logo?.url,
    });
    try {
      await deps.mailer.send(message);
    } catch (err) {
      // the invitation exists; the admin sees it listed and can invite again after withdrawing it
      deps.log.error({ err }, 'sending an invitation mail failed');
    }
  }
  return { invitations: invitations.map(presentInvitation) };
}

export async function listInvitations(
  deps: BusinessDeps,
  principal: PersonPrincipal,
  input: { businessId: string; page: number; size: number },
) {
  await loadBusiness(deps, principal, input.businessId, 'list_invitations');
  const page = await deps.repo.listInvitations(input.businessId, input.page, input.size);
  return { ...page, items: page.items.map(presentInvitation) };
}

export async function deleteInvitation(
  deps: BusinessDeps,
  principal: PersonPrincipal,
  input: { businessId: string; inviteId: string },
) {
  await loadBusiness(deps, principal, input.businessId, 'delete_invitation');
  const invitation = await deps.repo.findInvitation(input.inviteId);
  if (!invitation || invitation.businessId !== input.businessId) {
    throw new AppError('business.invitation_not_found', 'No such invitation');
  }
  authorizeInvitation(principal, 'delete', invitation);
  await deps.repo.deleteInvitation(invitation.id);
  await deps.recordAccountEvents(input.businessId, deps.clock.now().toISOString(), principal.email, [
    { event: 'invitation_withdrawn', email: invitation.email, name: '', role: null },
  ]);
  return { ok: true as const };
}

export const markJoined = (attributes: string): string =>
  JSON.stringify({
    ...JSON.parse(attributes),
    acceptedBusinessInvite: true,
    removedFromBusiness: false,
    businessDeleted: false,
  });

/**
 * Accepts an invitation (the one named, or the newest to the caller's address), or joins the
 * business whose verified domain the caller's address is on. The caller's login proved the address.
 */
export async function acceptInvitation(
  deps: BusinessDeps,
  principal: PersonPrincipal,
  input: { inviteId?: string | undefined; businessId?: string | undefined },
): Promise<void> {
  const refuse = (membership: { businessId: string } | undefined, businessId?: string) =>
    new AppError(
      membership && membership.businessId !== businessId && businessId !== undefined
        ? 'business.member_of_another'
        : 'business.already_member',
      'You belong to a business already',
    );
  let businessId: string | undefined;
  // an invitation holds its seat already; joining through a verified domain takes a free one
  let needsSeat = false;
  if (input.inviteId) {
    const invitation = await deps.repo.findInvitation(input.inviteId);
    if (invitation) authorizeInvitation(principal, 'accept', invitation);
    businessId = invitation?.businessId;
  } else {
    // single sign-on names the business whose provider vouched for the person (ADR 075): only
    // that business's invitation counts, and without one the person takes a free seat there
    const found = await deps.repo.findInvitationFor(principal.email);
    const invitation =
      input.businessId === undefined || found?.businessId === input.businessId ? found : undefined;
    if (invitation) authorizeInvitation(principal, 'accept', invitation);
    const domain = principal.email.slice(principal.email.lastIndexOf('@') + 1);
    businessId =
      invitation?.businessId ??
      input.businessId ??
      (await deps.repo.findBusinessByVerifiedDomain(domain))?.id;
    needsSeat = !invitation;
  }
  // read afresh after the invitation, not from the session: an accept that finished meanwhile (a
  // double click) spent the invitation, and this tells why none was found
  const current = await deps.repo.membershipOf(principal.userId);
  if (current) throw refuse(current, businessId);
  if (!businessId)
    throw new AppError('business.invitation_not_found', 'No invitation waits for this address');
  const now = deps.clock.now().toISOString();
  const target = businessId;
  const join = async (trx?: Transaction<Database>) => {
    const how = { invited: !needsSeat };
    const outcome = await deps.repo.join(
      target,
      { id: principal.userId, email: principal.email },
      now,
      markJoined,
      how,
      trx,
    );
    // refused inside the seats' transaction, so that nothing of it is kept
    if (outcome === 'removed') {
      throw new AppError(
        'business.rejoin_needs_invitation',
        'You were removed from this business: only a new invitation lets you join it again',
      );
    }
    return outcome;
  };
  const outcome = needsSeat && deps.plans ? await deps.plans.withSeats(target, 1, join) : await join();
  if (outcome !== 'joined') throw refuse(await deps.repo.membershipOf(principal.userId), businessId);
  const account = await deps.repo.findAccountById(principal.userId);
  const name = account ? `${account.firstName} ${account.lastName}`.trim() : '';
  const role = (await deps.repo.membershipOf(principal.userId))?.role ?? 'member';
  await deps.recordAccountEvents(businessId, now, principal.email, [
    { event: 'joined', email: principal.email, name, role },
  ]);
}
