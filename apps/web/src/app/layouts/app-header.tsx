// The top bar of the signed-in layouts: product mark, main navigation (with the business console
// for its admins) and the user's name with their business. On a phone the links would wrap into a
// stack taller than a fifth of the screen, so below the `sm` width they fold behind a Menu button,
// which opens the full-screen `header` overlay (features/navigation/header-overlay.tsx).
import { useTranslation } from 'react-i18next';
import { MainLinks } from '../../features/navigation/main-links.js';
import { useOverlays } from '../../features/overlays/overlay-store.js';
import { Brand } from './brand.js';

export function AppHeader() {
  const { t } = useTranslation();
  const overlays = useOverlays();
  const isMenuOpen = overlays.active?.name === 'header';
  return (
    <header className="border-b border-line bg-white">
      <div className="mx-auto flex max-w-[1920px] flex-col px-4 sm:min-h-[var(--toolbar-height)] sm:flex-row sm:items-center sm:gap-4">
        <div className="flex min-h-[var(--toolbar-height)] items-center justify-between gap-4 sm:min-h-0">
          <Brand to="/dashboard" />
          <button
            type="button"
            className="rounded-md px-3 py-2 text-sm font-semibold text-ink hover:bg-canvas sm:hidden"
            aria-haspopup="dialog"
            aria-expanded={isMenuOpen}
            onClick={() => overlays.open({ name: 'header' })}
          >
            {t('nav.menu')}
          </button>
        </div>
        <div id="main-menu" className="hidden sm:flex sm:flex-1 sm:flex-row sm:items-center sm:gap-4">
          <MainLinks isStacked={false} />
        </div>
      </div>
    </header>
  );
}
