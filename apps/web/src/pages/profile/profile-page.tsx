// /profile: who the user is (name, e-mail and whether it is confirmed), the signature qualities,
// links to the other profile pages, the person's business, and deleting the account (dialog `profile: delete account`,
// POST /v1/user/delete, then /bye).
import { accountEndpoints } from '@countersign/contract';
import type { User } from '@countersign/contract';
import type { Role } from '@countersign/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { PageHeading } from '../../components/page-heading.js';
import { TextLink } from '../../components/text-link.js';
import { useDialogs } from '../../features/dialogs/dialog-store.js';
import { SignatureQualities } from '../../features/profile/signature-qualities.js';
import { useSession } from '../../features/session/session-provider.js';

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
  const { user, role, signOut } = useSession();
  const dialogs = useDialogs();
  const navigate = useNavigate();
  if (!user) return null;

  const openDelete = () =>
    dialogs.open({
      namespace: 'profile',
      name: 'delete-account',
      props: { adminOf: role === 'admin' ? (user.business?.name ?? null) : null },
      onAction: async (password) => {
        await api.call(accountEndpoints.deleteUser, { body: { password: String(password) } });
        void navigate('/bye', { replace: true });
        signOut();
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

/** The person's place in a business (spec 4 roles): a member's view, an admin's way to the
 * console, or for an individual user the way to register one. */
function BusinessSection({ user, role }: { user: User; role: Role }) {
  const { t } = useTranslation();
  const name = user.business?.name ?? '';
  return (
    <section aria-labelledby="business-heading" className="mt-6 rounded-lg border border-line bg-white p-4">
      <h2 id="business-heading" className="mb-2 text-lg font-semibold">
        {t('profile.business.heading')}
      </h2>
      {role === 'member' && <p data-testid="business-membership">{t('profile.business.member', { name })}</p>}
      {role === 'admin' && (
        <p data-testid="business-membership">
          {t('profile.business.admin', { name })}{' '}
          <TextLink to="/business/dashboard">{t('profile.business.console')}</TextLink>
        </p>
      )}
      {role === 'user' && (
        <p>
          {t('profile.business.individual')}{' '}
          <TextLink to="/business/register">{t('profile.business.register')}</TextLink>
        </p>
      )}
    </section>
  );
}
