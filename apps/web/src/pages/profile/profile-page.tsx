// /profile: who the user is (name, e-mail and whether it is confirmed), the signature qualities,
// links to the other profile pages, the person's business, and deleting the account (overlay
// `delete user`, then dialog `profile: delete account`, POST /v1/user/delete, then /bye).
import { accountEndpoints, businessEndpoints } from '@countersign/contract';
import type { User } from '@countersign/contract';
import type { Role } from '@countersign/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { PageHeading } from '../../components/page-heading.js';
import { TextLink } from '../../components/text-link.js';
import { businessQueryKey } from '../../features/business/business-api.js';
import { useDialogs } from '../../features/dialogs/dialog-store.js';
import { useOverlays } from '../../features/overlays/overlay-store.js';
import { DELETE_USER_CONTINUE } from '../../features/profile/delete-user-overlay.js';
import { SignatureQualities } from '../../features/profile/signature-qualities.js';
import { useSession } from '../../features/session/session-provider.js';
import { useSnackbars } from '../../features/snackbars/snackbar-store.js';

const links = [
  ['/profile/settings', 'profile.overview.links.settings'],
  ['/profile/visual-signature', 'profile.overview.links.visualSignature'],
  ['/profile/change-password', 'profile.overview.links.changePassword'],
  ['/profile/confirm', 'profile.overview.links.confirm'],
  ['/profile/signature-standards', 'profile.overview.links.signatureStandards'],
] as const;

export function ProfilePage() {
  const { t } = useTranslation();
  const { api } = useServices();
  const { user, role, leave } = useSession();
  const dialogs = useDialogs();
  const overlays = useOverlays();
  if (!user) return null;

  // the overlay `delete user` says what deleting does; its "continue" asks the password
  const openDelete = () =>
    overlays.open({
      name: 'delete-user',
      props: { adminOf: role === 'admin' ? (user.business?.name ?? null) : null },
      onAction: (action) => {
        if (action !== DELETE_USER_CONTINUE) return;
        dialogs.open({
          namespace: 'profile',
          name: 'delete-account',
          onAction: async (password) => {
            await api.call(accountEndpoints.deleteUser, { body: { password: String(password) } });
            overlays.close();
            // the route rules lead from this page to /bye once the session is gone
            leave('/bye');
          },
        });
      },
    });

  return (
    <>
      <PageHeading>{t('profile.overview.heading')}</PageHeading>
      <div className="grid gap-6 lg:grid-cols-2">
        <section
          aria-label={t('profile.overview.heading')}
          className="rounded-lg border border-line bg-white p-4"
        >
          <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[max-content_1fr]">
            <dt className="font-semibold">{t('profile.overview.name')}</dt>
            <dd data-testid="profile-name">
              {user.firstName} {user.lastName}
            </dd>
            <dt className="font-semibold">{t('profile.overview.email')}</dt>
            <dd className="break-all">
              {user.email}{' '}
              <span className={user.emailVerified ? 'text-success-dark' : 'text-error'}>
                (
                {user.emailVerified
                  ? t('profile.overview.emailVerified')
                  : t('profile.overview.emailUnverified')}
                )
              </span>
            </dd>
          </dl>
          <nav aria-label={t('profile.overview.linksLabel')} className="mt-4">
            <ul className="flex flex-col gap-2">
              {links.map(([to, label]) => (
                <li key={to}>
                  <TextLink to={to}>{t(label)}</TextLink>
                </li>
              ))}
            </ul>
          </nav>
        </section>
        <SignatureQualities user={user} />
      </div>
      <BusinessSection user={user} role={role} />
      <section
        aria-labelledby="danger-heading"
        className="mt-6 rounded-lg border border-error/40 bg-white p-4"
      >
        <h2 id="danger-heading" className="mb-2 text-lg font-semibold">
          {t('profile.overview.dangerHeading')}
        </h2>
        <p className="mb-3 text-muted">{t('profile.overview.dangerText')}</p>
        <Button variant="secondary" onClick={openDelete}>
          {t('profile.overview.deleteAccount')}
        </Button>
      </section>
    </>
  );
}

/** The person's place in a business (spec 4 roles): a member's view with the way out (dialog
 * `profile: leave business`, POST .../remove-members naming oneself), an admin's way to the
 * console, or for an individual user the way to register one. */
function BusinessSection({ user, role }: { user: User; role: Role }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { updateUser } = useSession();
  const dialogs = useDialogs();
  const snackbars = useSnackbars();
  const queryClient = useQueryClient();
  const business = user.business;
  const openLeave = (id: string, name: string) =>
    dialogs.open({
      namespace: 'profile',
      name: 'leave-business',
      props: { name },
      onAction: async () => {
        await api.call(businessEndpoints.removeBusinessMembers, {
          params: { id },
          body: { userIds: [user.id] },
        });
        updateUser(await api.call(accountEndpoints.getUser, { query: { v2: 'true' } }));
        queryClient.removeQueries({ queryKey: businessQueryKey });
        snackbars.show({ message: t('profile.business.left', { name }), color: 'success' });
      },
    });
  return (
    <section aria-labelledby="business-heading" className="mt-6 rounded-lg border border-line bg-white p-4">
      <h2 id="business-heading" className="mb-2 text-lg font-semibold">
        {t('profile.business.heading')}
      </h2>
      {business && role === 'member' && (
        <p data-testid="business-membership">{t('profile.business.member', { name: business.name })}</p>
      )}
      {business && role === 'admin' && (
        <p data-testid="business-membership">
          {t('profile.business.admin', { name: business.name })}{' '}
          <TextLink to="/business/dashboard">{t('profile.business.console')}</TextLink>
        </p>
      )}
      {business && (
        <Button variant="secondary" className="mt-3" onClick={() => openLeave(business.id, business.name)}>
          {t('profile.business.leave')}
        </Button>
      )}
      {!business && (
        <p>
          {t('profile.business.individual')}{' '}
          <TextLink to="/business/register">{t('profile.business.register')}</TextLink>
        </p>
      )}
    </section>
  );
}
