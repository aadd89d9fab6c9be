// The top bar of the signed-in layouts: product mark, main navigation and the user's name.
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useSession } from '../../features/session/session-provider.js';
import { Brand } from './brand.js';

const navClasses = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-semibold ${isActive ? 'bg-primary/10 text-primary-dark' : 'text-ink hover:bg-canvas'}`;

export function AppHeader() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <header className="border-b border-line bg-white">
      <div className="mx-auto flex min-h-[var(--toolbar-height)] max-w-[1920px] flex-wrap items-center gap-4 px-4">
        <Brand to="/dashboard" />
        <nav aria-label={t('nav.main')} className="flex flex-1 flex-wrap items-center gap-1">
          <NavLink to="/dashboard" className={navClasses}>
            {t('nav.dashboard')}
          </NavLink>
          <NavLink to="/upload" className={navClasses}>
            {t('nav.upload')}
          </NavLink>
          <NavLink to="/profile" end className={navClasses}>
            {t('nav.profile')}
          </NavLink>
          <NavLink to="/profile/change-password" className={navClasses}>
            {t('nav.changePassword')}
          </NavLink>
        </nav>
        {user && (
          <span className="text-sm text-muted" data-testid="current-user">
            {user.firstName} {user.lastName}
          </span>
        )}
        <NavLink to="/logout" className={navClasses}>
          {t('nav.logout')}
        </NavLink>
      </div>
    </header>
  );
}
