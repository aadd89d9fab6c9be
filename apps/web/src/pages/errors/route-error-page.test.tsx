import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, data, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/app-providers.js';
import { createAppServices } from '../../app/services.js';
import { isCrawlerAgent } from '../../features/errors/crawler.js';
import { RouteErrorPage } from './route-error-page.js';

function renderFailingRoute(status: number | Error) {
  const reports: unknown[][] = [];
  const services = createAppServices({ storage: localStorage, tabStorage: sessionStorage });
  services.errors = { report: (...args) => void reports.push(args) };
  const router = createMemoryRouter([
    {
      path: '/',
      loader: () => {
        if (status instanceof Error) throw status;
        throw data(null, { status });
      },
      element: <p>never shown</p>,
      hydrateFallbackElement: <></>,
      errorElement: <RouteErrorPage />,
    },
  ]);
  const view = render(
    <AppProviders services={services}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, reports };
}

describe('route error page', () => {
  // The page logs the failure on purpose; keep the test output readable.
  beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => vi.restoreAllMocks());

  it('shows the error heading, subtitle and a full-width home button', async () => {
    renderFailingRoute(500);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText('The page you are looking for does not exist or has been moved.')).toBeTruthy();
    const home = screen.getByRole('link', { name: 'Go to the home page' });
    expect(home.getAttribute('href')).toBe('/');
    expect(home.className).toContain('w-full');
  });

  it('reports a page that failed to draw to the intake, and not a page that does not exist', async () => {
    const failure = new TypeError('signers is undefined');
    const failed = renderFailingRoute(failure);
    await screen.findByRole('heading', { name: 'Page not found' });
    expect(failed.reports).toEqual([['render', failure]]);
    failed.unmount();
    const missing = renderFailingRoute(404);
    await screen.findByRole('heading', { name: 'Page not found' });
    expect(missing.reports).toEqual([]);
  });

  it('shows nothing for a 401', async () => {
    const view = renderFailingRoute(401);
    await waitFor(() => expect(view.router.state.errors).not.toBeNull());
    expect(view.container.textContent).toBe('');
  });

  it("logs a crawler's error without showing it a page", async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    );
    const view = renderFailingRoute(500);
    await waitFor(() => expect(console.error).toHaveBeenCalledWith('Page error', expect.anything()));
    expect(view.container.textContent).toBe('');
  });

  it("tells robots from people, a headless browser being a person's", () => {
    expect(isCrawlerAgent('Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)')).toBe(
      true,
    );
    expect(
      isCrawlerAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/130.0 Safari/537.36'),
    ).toBe(false);
    expect(isCrawlerAgent('Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/130.0 Mobile Safari/537.36')).toBe(
      false,
    );
  });
});
