// Everything the app shares, made once at start-up: the API client, the session store, the query
// cache, translations and navigation. Components reach them through context, so tests build the
// same app around a mocked fetch and in-memory storage.
import { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n, Resource } from 'i18next';
import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import { createApiClient } from '../api/client.js';
import type { ApiClient } from '../api/client.js';
import { createSessionStore } from '../api/session-store.js';
import type { SessionStore } from '../api/session-store.js';
import { createErrorReporter, type ErrorReporter } from '../features/error-reporting/reporter.js';
import { appRelease } from '../release.js';
import { createStatusPageWatch, type StatusPageWatch } from '../features/maintenance/app-config.js';
import { createI18n } from '../features/i18n/i18n.js';
import { resolveWebLocale, storedLocaleKey } from '../features/i18n/locale.js';
import {
  browserCookieProbe,
  createMemoryStorage,
  probeCookiesEnabled,
} from '../features/session/cookie-probe.js';
import { createRedirectTargetStore } from '../features/session/redirect-target.js';
import type { RedirectTargetStore } from '../features/session/redirect-target.js';

/** Navigation outside React (the API client's 401 and 5xx rules); bound to the router at start. */
export interface Navigation {
  navigate(path: string): void;
  currentPath(): string;
  bind(navigate: (path: string) => void): void;
  /** Notes the address of a screen that was shown; `lastShown` gives it back (spec 8). */
  noteShown(path: string): void;
  lastShown(): string | null;
}

export interface AppServices {
  api: ApiClient;
  session: SessionStore;
  redirectTarget: RedirectTargetStore;
  queryClient: QueryClient;
  i18n: I18n;
  navigation: Navigation;
  fetch: typeof fetch;
  /** Browser storage for preferences (hide-staging-alert, last dashboard tab, locale). */
  storage: Storage;
  /** Whether the browser keeps cookies and storage; if not, every route shows /cookiesblocked. */
  cookiesEnabled: boolean;
  /** Errors no screen handled, sent to the server's intake (ADR 091). */
  errors: ErrorReporter;
  /** Counts failed reads of the status (GET /api/config) and reports a run of them (spec 8). */
  statusPage: StatusPageWatch;
}

export interface AppServicesOptions {
  fetch?: typeof fetch;
  storage?: Storage;
  tabStorage?: Storage;
  currentPath?: () => string;
  browserLanguages?: readonly string[];
  /** The cookie probe's answer; probed in the browser when not given. */
  cookiesEnabled?: boolean;
  /** Every locale's texts up front (tests); without them the active locale's load lazily. */
  i18nResources?: Resource;
}

function createNavigation(currentPath: () => string): Navigation {
  let navigateTo = (path: string) => window.location.assign(path);
  let shown: string | null = null;
  return {
    navigate: (path) => navigateTo(path),
    currentPath,
    bind(navigate) {
      navigateTo = navigate;
    },
    noteShown(path) {
      shown = path;
    },
    lastShown: () => shown,
  };
}

export function createAppServices(options: AppServicesOptions = {}): AppServices {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const cookiesEnabled = options.cookiesEnabled ?? probeCookiesEnabled(browserCookieProbe());
  // A browser that blocks site data throws on every storage access; memory keeps the app alive
  // long enough to say so.
  const storage = options.storage ?? (cookiesEnabled ? localStorage : createMemoryStorage());
  const session = createSessionStore(storage);
  const redirectTarget = createRedirectTargetStore(
    options.tabStorage ?? (cookiesEnabled ? sessionStorage : createMemoryStorage()),
  );
  const navigation = createNavigation(
    options.currentPath ?? (() => `${window.location.pathname}${window.location.search}`),
  );
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });
  const api = createApiClient({
    session,
    fetch: doFetch,
    currentPath: () => navigation.currentPath(),
    navigate: (path) => navigation.navigate(path),
    saveRedirectTarget: (path) => redirectTarget.save(path),
  });
  const i18n = createI18n(
    resolveWebLocale({
      storedLocale: storage.getItem(storedLocaleKey),
      browserLanguages: options.browserLanguages ?? navigator.languages,
    }),
    options.i18nResources,
  );
  const errors = createErrorReporter({
    fetch: doFetch,
    currentPath: () => window.location.pathname,
    release: appRelease,
  });
  return {
    api,
    session,
    redirectTarget,
    queryClient,
    i18n,
    navigation,
    fetch: doFetch,
    storage,
    cookiesEnabled,
    errors,
    statusPage: createStatusPageWatch((error) => errors.report('error', error)),
  };
}

const ServicesContext = createContext<AppServices | null>(null);

export function ServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices needs a ServicesProvider');
  return services;
}
