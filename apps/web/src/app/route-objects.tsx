// The router's route objects, built from the route table of @countersign/domain so the web app
// and the server agree on every path. The browser app and the tests build the same tree. A
// screen's code and texts come through the route's `lazy`: the router loads them when the route
// is first matched (for the page a visit opens on, as soon as the router is made) and shows the
// route once they are in (ADR 103).
import { ROUTES } from '@countersign/domain';
import type { RouteDefinition } from '@countersign/domain';
import type { i18n as I18n } from 'i18next';
import type { RouteObject } from 'react-router';
import { RouteErrorPage } from '../pages/errors/route-error-page.js';
import { AppShell } from './app-shell.js';
import { RouteScreen } from './route-screen.js';
import { screenCodeFor, staticScreenFor } from './screens.js';

function routeObjectFor(route: RouteDefinition, i18n: I18n): RouteObject {
  const code = screenCodeFor(route.path);
  if (!code)
    return { path: route.path, element: <RouteScreen route={route} screen={staticScreenFor(route.path)} /> };
  return {
    path: route.path,
    lazy: async () => ({ element: <RouteScreen route={route} screen={await code.load(i18n)} /> }),
  };
}

export function buildRouteObjects(i18n: I18n): RouteObject[] {
  return [
    {
      element: <AppShell />,
      errorElement: <RouteErrorPage />,
      // while the first page's code and texts load: the frame, with a spinner for the page
      hydrateFallbackElement: <AppShell isStarting />,
      children: ROUTES.map((route) => routeObjectFor(route, i18n)),
    },
  ];
}
