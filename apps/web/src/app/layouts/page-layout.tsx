// The five layouts of spec 2 (admin, default, main, simple, unauthenticated; default is the
// fallback). Each gives the page its frame: header and navigation where they belong, and the one
// <main> landmark the skip link jumps to.
import type { Layout } from '@countersign/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { AppHeader } from './app-header.js';
import { Brand } from './brand.js';
import { LanguageSwitcher } from './language-switcher.js';
import { mainContentId, SkipLink } from './skip-link.js';

interface LayoutProps {
  children: ReactNode;
  fullWidth?: boolean | undefined;
}

function Main({ children, className }: { children: ReactNode; className: string }) {
  return (
    <main id={mainContentId} tabIndex={-1} className={className}>
      {children}
    </main>
  );
}

function MainLayout({ children, fullWidth }: LayoutProps) {
  return (
    <>
      <AppHeader />
      <Main className={`mx-auto w-full px-4 py-8 ${fullWidth ? 'max-w-[2560px]' : 'max-w-5xl'}`}>
        {children}
      </Main>
    </>
  );
}

function DefaultLayout({ children }: LayoutProps) {
  return (
    <>
      <AppHeader />
      <Main className="mx-auto w-full max-w-3xl px-4 py-8">{children}</Main>
    </>
  );
}

const businessLinks = [
  ['/business/dashboard', 'dashboard'],
  ['/business/activity', 'activity'],
  ['/business/profile', 'profile'],
  ['/business/members', 'members'],
  ['/business/seals', 'seals'],
  ['/business/settings', 'settings'],
  ['/business/billing/plan', 'billing'],
  ['/business/developers/api', 'api'],
] as const;

function AdminLayout({ children }: LayoutProps) {
  const { t } = useTranslation();
  return (
    <>
      <AppHeader />
      <div className="mx-auto flex w-full max-w-[1920px] flex-col gap-6 px-4 py-8 md:flex-row">
        <nav aria-label={t('nav.businessNavigation')} className="flex flex-col gap-1 md:w-56">
          {businessLinks.map(([to, key]) => (
            <NavLink key={to} to={to} className="rounded-md px-3 py-2 text-sm font-semibold hover:bg-white">
              {t(`nav.businessLinks.${key}`)}
            </NavLink>
          ))}
        </nav>
        <Main className="flex-1">{children}</Main>
      </div>
    </>
  );
}

function SimpleLayout({ children }: LayoutProps) {
  return (
    <>
      <header className="flex min-h-[var(--toolbar-height)] items-center px-4">
        <Brand />
      </header>
      <Main className="mx-auto w-full max-w-2xl px-4 py-8">{children}</Main>
    </>
  );
}

function UnauthenticatedLayout({ children }: LayoutProps) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="flex min-h-[var(--toolbar-height)] items-center px-4">
        <Brand to="/login" />
      </header>
      <Main className="mx-auto w-full max-w-md flex-1 px-4 py-8">
        <div className="rounded-lg border border-line bg-white p-6 shadow-sm">{children}</div>
      </Main>
      <footer className="flex justify-center p-4">
        <LanguageSwitcher />
      </footer>
    </div>
  );
}

const layouts: Record<Layout, (props: LayoutProps) => ReactNode> = {
  admin: AdminLayout,
  default: DefaultLayout,
  main: MainLayout,
  simple: SimpleLayout,
  unauthenticated: UnauthenticatedLayout,
};

export function PageLayout({ layout, fullWidth, children }: LayoutProps & { layout: Layout | undefined }) {
  const Frame = layouts[layout ?? 'default'];
  return (
    <div data-layout={layout ?? 'default'} className="min-h-screen">
      <SkipLink />
      <Frame fullWidth={fullWidth}>{children}</Frame>
    </div>
  );
}
