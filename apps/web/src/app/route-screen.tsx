// One route of the table on screen: waits for the session, applies the route rules (guards.ts),
// sets the title, and renders the page in its layout. Failing access shows the 404 page to
// logged-in users and sends everyone else to /login with the target stored (spec 2).
import { invalidRouteParam, ROUTES } from '@countersign/domain';
import type { RouteDefinition } from '@countersign/domain';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router';
import { Button } from '../components/button.js';
import { FormAlert } from '../components/form-alert.js';
import { Spinner } from '../components/spinner.js';
import { isLockedOrExpired, useBusinessStanding } from '../features/billing/business-access.js';
import { describeApiError } from '../features/errors/describe-api-error.js';
import type { MessageKey } from '../features/errors/describe-api-error.js';
import { useAppConfig } from '../features/maintenance/use-app-config.js';
import { directViewIds, resolveDirectSession, roleOnRoute } from '../features/signing/direct-session.js';
import { useSession } from '../features/session/session-provider.js';
import { useSnackbars } from '../features/snackbars/snackbar-store.js';
import { NotFoundPage } from '../pages/errors/not-found-page.js';
import { decideScreen, isRegisteredState } from './guards.js';
import { RouteValidationError } from './route-validation.js';
import { PageLayout } from './layouts/page-layout.js';
import type { Screen } from './screens.js';
import { useServices } from './services.js';
import { useDocumentTitle } from './use-document-title.js';

const notFoundRoute: RouteDefinition = ROUTES.find((route) => route.path === '*') ?? {
  path: '*',
  roles: ['unauthenticated', 'user', 'nas'],
  strict: false,
  title: '404',
  layout: 'simple',
  section: 'error',
};

function LoginRedirect({ target }: { target: string }) {
  const { redirectTarget } = useServices();
  useEffect(() => redirectTarget.save(target), [redirectTarget, target]);
  return <Navigate to="/login" replace />;
}

/** A guard's redirect, with the snackbar it asks for (spec 2: `business.not_allowed`). */
function GuardRedirect({ to, snackbar }: { to: string; snackbar: string | undefined }) {
  const { t } = useTranslation();
  const snackbars = useSnackbars();
  useEffect(() => {
    if (snackbar) snackbars.show({ message: t(snackbar as MessageKey), color: 'warning' });
  }, [snackbar, snackbars, t]);
  return <Navigate to={to} replace />;
}

function ShowRoute({ route, screen: Screen }: { route: RouteDefinition; screen: Screen }) {
  const { t } = useTranslation();
  const { navigation } = useServices();
  const { pathname, search } = useLocation();
  useEffect(() => navigation.noteShown(`${pathname}${search}`), [navigation, pathname, search]);
  useDocumentTitle(route);
  return (
    <PageLayout layout={route.layout} fullWidth={route.fullWidth}>
      <Suspense fallback={<Spinner label={t('app.loading')} />}>
        <Screen route={route} />
      </Suspense>
    </PageLayout>
  );
}

export function NotFoundScreen() {
  useDocumentTitle(notFoundRoute);
  return (
    <PageLayout layout={notFoundRoute.layout}>
      <NotFoundPage />
    </PageLayout>
  );
}

/**
 * Whether the session began while this path was on screen: the login and confirmation pages sign
 * in and then go on to where the person was headed, which the guard must not pre-empt (ADR 072).
 * Noted once the session has loaded, so a stored session counts as there on arrival.
 */
function useSignedInHere(pathname: string, signedIn: boolean, settled: boolean): boolean {
  const [arrival, setArrival] = useState<{ pathname: string; signedIn: boolean } | null>(null);
  if (settled && arrival?.pathname !== pathname) setArrival({ pathname, signedIn });
  return arrival?.pathname === pathname && !arrival.signedIn && signedIn;
}

/** `screen`: the route's page, its code already loaded by the router (route-objects.tsx). */
export function RouteScreen({ route, screen }: { route: RouteDefinition; screen: Screen }) {
  const { t } = useTranslation();
  const location = useLocation();
  const session = useSession();
  const { config } = useAppConfig();
  const { cookiesEnabled, navigation } = useServices();
  const params = useParams();
  // A direct-sign link makes its holder nas on the direct-sign routes (spec 4). (Where the browser
  // blocks site data, touching sessionStorage throws; such a visitor goes to /cookiesblocked.)
  const directSession = useMemo(
    () =>
      cookiesEnabled
        ? resolveDirectSession(window.sessionStorage, directViewIds(location.pathname), location.search)
        : null,
    [cookiesEnabled, location.pathname, location.search],
  );

  // the business's standing decides where its admin may go: wait for its first answer
  const standing = useBusinessStanding();
  const signedInHere = useSignedInHere(location.pathname, session.user !== null, !session.isLoading);
  // parameters that are no ids of ours: the fatal page error of spec 8, whoever asks
  if (invalidRouteParam(params) !== null)
    throw new RouteValidationError(location.pathname, navigation.lastShown());
  if (session.isLoading || standing.isPending) return <Spinner label={t('app.loading')} />;
  if (session.loadError) {
    return (
      <PageLayout layout="simple">
        <FormAlert message={t(describeApiError(session.loadError))} />
        <Button className="mt-4" onClick={session.retry}>
          {t('sorry.retry')}
        </Button>
      </PageLayout>
    );
  }

  const decision = decideScreen({
    route,
    role: roleOnRoute(session.role, route, directSession),
    user: session.user,
    location: `${location.pathname}${location.search}`,
    maintenance: config.maintenance,
    cookiesEnabled,
    justRegistered: isRegisteredState(location.state),
    businessLockedOrExpired: isLockedOrExpired(standing.access),
    signedInHere,
    farewellPath: session.farewellPath,
  });
  switch (decision.kind) {
    case 'redirect':
      return <GuardRedirect to={decision.to} snackbar={decision.snackbar} />;
    case 'login':
      return <LoginRedirect target={decision.target} />;
    case 'not-found':
      return <NotFoundScreen />;
    case 'show':
      return <ShowRoute route={route} screen={screen} />;
  }
}
