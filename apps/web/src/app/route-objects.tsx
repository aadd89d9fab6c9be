// The router's route objects, built from the route table of @countersign/domain so the web app
// and the server agree on every path. The browser app and the tests build the same tree.
import { ROUTES } from '@countersign/domain';
import type { RouteObject } from 'react-router';
import { RouteErrorPage } from '../pages/errors/route-error-page.js';
import { AppShell } from './app-shell.js';
import { RouteScreen } from './route-screen.js';

export function buildRouteObjects(): RouteObject[] {
  return [
    {
      element: <AppShell />,
      errorElement: <RouteErrorPage />,
      children: ROUTES.map((route) => ({ path: route.path, element: <RouteScreen route={route} /> })),
    },
  ];
}
