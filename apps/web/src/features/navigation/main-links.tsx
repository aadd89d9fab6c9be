// The signed-in person's main links (dashboard, upload, profile, password, the business console
// for its admins, log out) and who they are: the header's bar shows them from the `sm` width up,
// the `header` overlay on phones.
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useSession } from '../session/session-provider.js';

const navClasses = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-semibold ${isActive ? 'bg-primary/10 text-primary-dark' : 'text-ink hover:bg-canvas'}`;

/** `onFollow` runs when a link is followed (the overlay closes then). */
export function MainLinks({ onFollow, isStacked }: { onFollow?: () => void; isStacked: boolean }) {
  const { t } = useTranslation();
  const { user, role } = useSession();
  const direction = isStacked ? 'flex-col items-start' : 'flex-1 flex-row flex-wrap items-center';
  return (
    <>
      <nav aria-label={t('nav.main')} className={`flex gap-1 ${direction}`}>
        <NavLink to="/dashboard" className={navClasses} onClick={onFollow}>
          {t('nav.dashboard')}
        </NavLink>
        <NavLink to="/upload" className={navClasses} onClick={onFollow}>
          {t('nav.upload')}
        </NavLink>
        <NavLink to="/profile" end className={navClasses} onClick={onFollow}>
          {t('nav.profile')}
        </NavLink>
        <NavLink to="/profile/change-password" className={navClasses} onClick={onFollow}>
          {t('nav.changePassword')}
        </NavLink>
        {role === 'admin' && (
          <NavLink to="/business/dashboard" className={navClasses} onClick={onFollow}>
            {t('nav.business')}
          </NavLink>
        )}
      </nav>
      {user && (
        <span className={`text-sm text-muted ${isStacked ? 'px-3' : ''}`} data-testid="current-user">
          {user.firstName} {user.lastName}
          {user.business && <span data-testid="current-business"> · {user.business.name}</span>}
        </span>
      )}
      <NavLink to="/logout" className={navClasses} onClick={onFollow}>
        {t('nav.logout')}
      </NavLink>
    </>
  );
}
