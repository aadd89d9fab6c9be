// Spec 8: a route whose parameters fail validation is a fatal page error (404, "Page Not Found"
// and the path) and the address bar goes back to the path shown before.
import { snakeKeys } from '@countersign/contract';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser } from '../test/fixtures.js';
import { renderApp } from '../test/render-app.js';
import { statusOfRouteError } from '../pages/errors/route-error-page.js';
import { RouteValidationError } from './route-validation.js';

const signedIn = { 'GET /v1/user': () => jsonResponse(200, snakeKeys(makeUser())) };

describe('route validation', () => {
  beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => vi.restoreAllMocks());

  it('fails as 404 with "Page Not Found" and the path', () => {
    const error = new RouteValidationError('/view/%3Cx%3E', '/dashboard');
    expect(error.message).toBe('Page Not Found /view/%3Cx%3E');
    expect(statusOfRouteError(error)).toBe(404);
  });

  it('shows the error page and puts the address bar back on the page shown before', async () => {
    const app = renderApp('/profile', { token: 't', api: signedIn });
    await screen.findByRole('heading', { name: 'Your profile' });
    const report = vi.spyOn(app.services.errors, 'report');
    const replaceState = vi.spyOn(window.history, 'replaceState');
    await act(() => app.router.navigate('/view/%3Cscript%3E'));
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(replaceState.mock.calls.map((call) => call[2])).toEqual(['/profile']);
    // a bad address is no fault of the app: nothing goes to the error intake
    expect(report).not.toHaveBeenCalled();
    // nothing was asked about the bad id
    expect(app.fetch.mock.calls.some(([url]) => String(url).includes('script'))).toBe(false);
  });

  it('leaves the address alone when the bad address was the first one', async () => {
    const replaceState = vi.spyOn(window.history, 'replaceState');
    renderApp(`/sendto/${'x'.repeat(65)}`, { token: 't', api: signedIn });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(replaceState).not.toHaveBeenCalled();
  });

  it('admits ordinary ids', async () => {
    const app = renderApp('/profile', { token: 't', api: signedIn });
    await screen.findByRole('heading', { name: 'Your profile' });
    await act(() => app.router.navigate('/invite/3f2b8a9e-5c1d-4e6f-9a7b-0c1d2e3f4a5b'));
    expect(screen.queryByRole('heading', { name: 'Page not found' })).toBeNull();
  });
});
