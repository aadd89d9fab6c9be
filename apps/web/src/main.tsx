// Browser entry: builds the services, the router from the route table, and binds the API
// client's navigation (401 to /login, 5xx to /sorry) to the router, and renders once the texts of
// the visitor's language are loaded.
import './zod-without-eval.js';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/app-providers.js';
import { buildRouteObjects } from './app/route-objects.js';
import { createAppServices } from './app/services.js';
import { reportUncaughtErrors } from './features/error-reporting/reporter.js';
import { reloadOnStaleCode } from './features/errors/reload-guard.js';
import { prefetchSessionUser } from './features/session/session-provider.js';
import { whenI18nReady } from './features/i18n/i18n.js';
import './styles.css';

const services = createAppServices();
reportUncaughtErrors(window, services.errors);
// code of an older deployment that is gone: reload, at most once within the guard window
if (services.cookiesEnabled) reloadOnStaleCode(window, sessionStorage, () => window.location.reload());
// the router starts loading the code and texts of the page opened at once (route `lazy`)
const router = createBrowserRouter(buildRouteObjects(services.i18n));
services.navigation.bind((path) => void router.navigate(path));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The active locale's texts arrive in their own small chunk; the first paint waits for them so it
// is already translated. Meanwhile the page's own code and the signed-in user are on their way.
prefetchSessionUser(services);
await whenI18nReady(services.i18n);
createRoot(root).render(
  <StrictMode>
    <AppProviders services={services}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
