// The top bar of the signed-in layouts: product mark, main navigation (with the business console
// for its admins) and the user's name with their business. On a
// phone the links would wrap into a stack taller than a fifth of the screen, so below the `sm`
// width they fold behind a Menu button and open as a list under the bar.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useSession } from '../../features/session/session-provider.js';
import { Brand } from './brand.js';

const navClasses = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-semibold ${isActive ? 'bg-primary/10 text-primary-dark' : 'text-ink hover:bg-canvas'}`;

export function AppHeader() {
  const { t } = useTranslation();
  const { user, role } = useSession();
  const [isMenuOpen, setMenuOpen] = useState(false);
  // following a link closes the phone menu; on wider screens it is never folded
  const close = () => setMenuOpen(false);
  return (
    <header className="border-b border-line bg-white">
      <div className="mx-auto flex max-w-[1920px] flex-col px-4 sm:min-h-[var(--toolbar-height)] sm:flex-row sm:items-center sm:gap-4">
        <div className="flex min-h-[var(--toolbar-height)] items-center justify-between gap-4 sm:min-h-0">
          <Brand to="/dashboard" />
          <button
            type="button"
            className="rounded-md px-3 py-2 text-sm font-semibold text-ink hover:bg-canvas sm:hidden"
            aria-expanded={isMenuOpen}
            aria-controls="main-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {t('nav.menu')}
          </button>
        </div>
        <div
          id="main-menu"
          className={`${isMenuOpen ? 'flex' : 'hidden'} flex-col items-start gap-1 pb-3 sm:flex sm:flex-1 sm:flex-row sm:items-center sm:gap-4 sm:pb-0`}
        >
          <nav
            aria-label={t('nav.main')}
            className="flex flex-col items-start gap-1 sm:flex-1 sm:flex-row sm:flex-wrap sm:items-center"
          >
            <NavLink to="/dashboard" className={navClasses} onClick={close}>
              {t('nav.dashboard')}
            </NavLink>
            <NavLink to="/upload" className={navClasses} onClick={close}>
              {t('nav.upload')}
            </NavLink>
            <NavLink to="/profile" end className={navClasses} onClick={close}>
              {t('nav.profile')}
            </NavLink>
            <NavLink to="/profile/change-password" className={navClasses} onClick={close}>
              {t('nav.changePassword')}
            </NavLink>
            {role === 'admin' && (
              <NavLink to="/business/dashboard" className={navClasses} onClick={close}>
                {t('nav.business')}
              </NavLink>
            )}
          </nav>
          {user && (
            <span className="px-3 text-sm text-muted sm:px-0" data-testid="current-user">
              {user.firstName} {user.lastName}
              {user.business && <span data-testid="current-business"> · {user.business.name}</span>}
            </span>
          )}
          <NavLink to="/logout" className={navClasses} onClick={close}>
            {t('nav.logout')}
          </NavLink>
        </div>
      </div>
    </header>
  );
}
