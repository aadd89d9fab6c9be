// Renders the whole app (providers, route table, guards) in a memory router around a mocked
// fetch, the way component tests drive it: `renderApp('/login', { api: { 'POST /v1/login': ... } })`.
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/app-providers.js';
import { buildRouteObjects } from '../app/route-objects.js';
import { createAppServices } from '../app/services.js';
import type { AppServices } from '../app/services.js';
import { allResources } from '../features/i18n/all-locales.js';
import { jsonResponse } from './fixtures.js';

export type ApiHandler = (request: {
  body: unknown;
  url: URL;
  headers: Headers;
}) => Response | Promise<Response>;

export interface RenderAppOptions {
  /** Handlers by `METHOD /path`; anything else answers 404 with a problem document. */
  api?: Record<string, ApiHandler>;
  /** The answer of GET /api/config (snake_case, as the server sends it). */
  config?: unknown;
  token?: string;
  /** What the cookie probe found (default: cookies work). */
  cookiesEnabled?: boolean;
}

export function createMockFetch(handlers: Record<string, ApiHandler>) {
  return vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) {
      return jsonResponse(404, {
        type: 'about:blank',
        title: 'Not found',
        status: 404,
        code: 'route.not_found',
      });
    }
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    return handler({ body, url, headers: new Headers(init?.headers) });
  });
}

export function renderApp(path: string, options: RenderAppOptions = {}) {
  const handlers: Record<string, ApiHandler> = {
    'GET /api/config': () =>
      jsonResponse(200, options.config ?? { environment: 'production', maintenance: null }),
    ...options.api,
  };
  const fetch = createMockFetch(handlers);
  // the services ask the router (made below, with their texts) for the current path only later
  const services: AppServices = createAppServices({
    fetch,
    storage: localStorage,
    tabStorage: sessionStorage,
    browserLanguages: ['en-GB'],
    i18nResources: allResources,
    cookiesEnabled: options.cookiesEnabled ?? true,
    currentPath: () => `${router.state.location.pathname}${router.state.location.search}`,
  });
  const router = createMemoryRouter(buildRouteObjects(services.i18n), { initialEntries: [path] });
  services.navigation.bind((to) => void router.navigate(to));
  if (options.token) services.session.saveToken(options.token, '2099-01-01T00:00:00.000Z');
  const view = render(
    <AppProviders services={services}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...view, router, services, fetch, location };
}

/** The bodies sent to one endpoint, in order. */
export function sentBodies(
  fetch: ReturnType<typeof createMockFetch>,
  method: string,
  pathname: string,
): unknown[] {
  return fetch.mock.calls
    .filter(
      ([input, init]) =>
        (init?.method ?? 'GET') === method &&
        new URL(String(input), 'http://localhost').pathname === pathname,
    )
    .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined));
}
