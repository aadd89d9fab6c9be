import { snakeKeys } from '@countersign/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser } from '../../test/fixtures.js';
import { renderApp } from '../../test/render-app.js';

const userApi = { 'GET /v1/user': () => jsonResponse(200, snakeKeys(makeUser())) };

describe('pages around the screens', () => {
  it('/welcome greets a new account holder with the ways to start', async () => {
    renderApp('/welcome', { token: 't', api: userApi });
    expect(await screen.findByRole('heading', { name: 'Welcome to Countersign' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upload a document' }).getAttribute('href')).toBe('/upload');
    expect(screen.getByRole('link', { name: 'Go to the dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('/expired says the link is no longer valid and leads to the login', async () => {
    renderApp('/expired');
    expect(await screen.findByRole('heading', { name: 'Link expired' })).toBeTruthy();
    expect(screen.getByText('This link is no longer valid.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to login' }).getAttribute('href')).toBe('/login');
  });

  it('/cookiesblocked explains what the browser must allow', async () => {
    renderApp('/cookiesblocked');
    expect(await screen.findByRole('heading', { name: 'Cookies are blocked' })).toBeTruthy();
    expect(screen.getByText(/needs cookies and local storage/)).toBeTruthy();
  });

  it('/sorry apologises and goes back to the page that failed', async () => {
    const app = renderApp('/login');
    await screen.findByRole('heading', { name: /log in/i });
    await app.router.navigate('/sorry');
    expect(await screen.findByRole('heading', { name: 'Sorry, something went wrong' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(app.location()).toBe('/login'));
  });

  it('sends a browser that keeps no cookies to /cookiesblocked, whatever it asked for (spec 2)', async () => {
    const app = renderApp('/dashboard', { cookiesEnabled: false });
    expect(await screen.findByRole('heading', { name: 'Cookies are blocked' })).toBeTruthy();
    expect(app.location()).toBe('/cookiesblocked');
  });
});
