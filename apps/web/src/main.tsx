// Browser entry: builds the services, the router from the route table, and binds the API
// client's navigation (401 to /login, 5xx to /sorry) to the router.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/app-providers.js';
import { buildRouteObjects } from './app/route-objects.js';
import { createAppServices } from './app/services.js';
import './styles.css';

const services = createAppServices();
const router = createBrowserRouter(buildRouteObjects());
services.navigation.bind((path) => void router.navigate(path));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <AppProviders services={services}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
