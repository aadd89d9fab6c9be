import { snakeKeys } from '@countersign/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser } from '../test/fixtures.js';
import { renderApp, sentBodies } from '../test/render-app.js';

const userApi = (user = makeUser()) => ({ 'GET /v1/user': () => jsonResponse(200, snakeKeys(user)) });

describe('route guards in the app', () => {
  it('sends a visitor to /login and back to the stored target after logging in', async () => {
    const user = makeUser();
    const app = renderApp('/profile/settings?tab=2', {
      api: {
        'POST /v1/login': () =>
          jsonResponse(200, snakeKeys({ token: 'tok', expiresAt: '2099-01-01T00:00:00Z', user })),
        ...userApi(user),
      },
    });
    await screen.findByRole('heading', { name: 'Log in' });
    expect(app.location()).toBe('/login');
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'Ada@Example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(app.location()).toBe('/profile/settings?tab=2'));
    expect(sentBodies(app.fetch, 'POST', '/v1/login')).toEqual([
      { email: 'ada@example.com', password: 'correct horse' },
    ]);
    expect(app.services.session.readToken()).toBe('tok');
  });

  it('shows logged-in users the 404 page, titled 404, for a route of another role', async () => {
    const app = renderApp('/view/r1/s1', { token: 't', api: userApi() });
    await screen.findByRole('heading', { name: 'Page not found' });
    expect(app.location()).toBe('/view/r1/s1');
    expect(document.title).toBe('404 - Countersign');
    expect(screen.getByRole('link', { name: 'Go to the home page' }).className).toContain('w-full');
  });

  it('sends logged-in people following a link to the login to their dashboard, saying why', async () => {
    const app = renderApp('/login', { token: 't', api: userApi() });
    await waitFor(() => expect(app.location()).toBe('/dashboard?tab=inbox&q='));
    expect(await screen.findByText('You are already logged in, so here is your dashboard.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Page not found' })).toBeNull();
  });

  it('shows the 404 page for unknown paths', async () => {
    renderApp('/no/such/page');
    await screen.findByRole('heading', { name: 'Page not found' });
    expect(screen.getByRole('img', { name: 'A signpost pointing nowhere' })).toBeTruthy();
  });

  it('titles pages by their title meta or their last path segment', async () => {
    renderApp('/password-reset/mail-sent');
    await screen.findByRole('heading', { name: 'Check your inbox' });
    expect(document.title).toBe('Mail sent - Countersign');
    renderApp('/password-reset/new');
    await waitFor(() => expect(document.title).toBe('New password - Countersign'));
  });

  it('titles pages in the chosen language, and again when it changes', async () => {
    const app = renderApp('/password-reset/new');
    await waitFor(() => expect(document.title).toBe('New password - Countersign'));
    await act(() => app.services.i18n.changeLanguage('de-ch'));
    await waitFor(() => expect(document.title).toBe('Neues Passwort - Countersign'));
    await act(() => app.services.i18n.changeLanguage('fr-ch'));
    await waitFor(() => expect(document.title).toBe('Nouveau mot de passe - Countersign'));
  });

  it('forces a weak-password user to the change-password page', async () => {
    const app = renderApp('/dashboard', {
      token: 't',
      api: userApi(makeUser({ attributes: { weakPassword: true } })),
    });
    await screen.findByText(
      'Your password no longer meets our requirements. Please choose a new one to continue.',
    );
    expect(app.location()).toBe('/profile/change-password');
  });

  it('asks for the terms until they are accepted', async () => {
    const pending = makeUser({ attributes: { acceptedGtc: false } });
    const app = renderApp('/dashboard', {
      token: 't',
      api: { ...userApi(pending), 'POST /v1/user/accept': () => jsonResponse(200, snakeKeys(makeUser())) },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Terms and conditions' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Accept and continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBodies(app.fetch, 'POST', '/v1/user/accept')).toEqual([{ gtc: true }]);
  });
});

describe('dashboard', () => {
  it('replaces the address so the query has tab and q, and shows the name and tabs', async () => {
    const app = renderApp('/dashboard', { token: 't', api: userApi() });
    await screen.findByRole('heading', { name: 'Hello Ada Lovelace' });
    await waitFor(() => expect(app.location()).toBe('/dashboard?tab=inbox&q='));
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Inbox', 'Drafts', 'Search']);
    expect(screen.getByRole('tab', { name: 'Inbox' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('button', { name: 'Filters and sorting' })).toBeTruthy();
  });

  it('falls back to the last selected tab, and replaces unknown tabs by inbox', async () => {
    localStorage.setItem('countersign.dashboard-tab', 'drafts');
    const first = renderApp('/', { token: 't', api: userApi() });
    await waitFor(() => expect(first.location()).toBe('/dashboard?tab=drafts&q='));
    first.unmount();
    const second = renderApp('/dashboard?tab=bogus&q=x', { token: 't', api: userApi() });
    await waitFor(() => expect(second.location()).toBe('/dashboard?tab=inbox&q=x'));
  });

  it('remembers a chosen tab', async () => {
    const app = renderApp('/dashboard', { token: 't', api: userApi() });
    fireEvent.click(await screen.findByRole('tab', { name: 'Search' }));
    await waitFor(() => expect(app.location()).toBe('/dashboard?tab=search&q='));
    expect(localStorage.getItem('countersign.dashboard-tab')).toBe('search');
  });
});

describe('test system overlay and maintenance', () => {
  it('shows the Test System overlay outside production until it is dismissed', async () => {
    const first = renderApp('/login', { config: { environment: 'test', maintenance: null } });
    fireEvent.click(await screen.findByRole('button', { name: 'I understand' }));
    expect(screen.queryByText('Test System')).toBeNull();
    expect(localStorage.getItem('hide-staging-alert')).not.toBeNull();
    first.unmount();
    renderApp('/login', { config: { environment: 'test', maintenance: null } });
    await screen.findByRole('heading', { name: 'Log in' });
    expect(screen.queryByText('Test System')).toBeNull();
  });

  it('shows no overlay in production or when the config cannot be read', async () => {
    renderApp('/login', { api: { 'GET /api/config': () => new Response('nope', { status: 404 }) } });
    await screen.findByRole('heading', { name: 'Log in' });
    expect(screen.queryByText('Test System')).toBeNull();
  });

  it('shows a warning bar for a light maintenance', async () => {
    renderApp('/login', {
      config: {
        environment: 'production',
        maintenance: { is_blocking: false, url: 'https://status.example.com' },
      },
    });
    await screen.findByText('Maintenance is in progress; some features may be slow or unavailable.');
    expect(screen.getByRole('link', { name: 'More information' }).getAttribute('href')).toBe(
      'https://status.example.com',
    );
  });

  it('sends everyone to /maintenance during a blocking maintenance, without the bar', async () => {
    const app = renderApp('/login', {
      config: { environment: 'production', maintenance: { is_blocking: true } },
    });
    await screen.findByRole('heading', { name: 'Maintenance in progress' });
    expect(app.location()).toBe('/maintenance');
    expect(
      screen.queryByText('Maintenance is in progress; some features may be slow or unavailable.'),
    ).toBeNull();
  });
});

describe('session end', () => {
  it('on a 401 stores the page, drops the token and shows the login', async () => {
    const app = renderApp('/profile/change-password', {
      token: 'stale',
      api: {
        'GET /v1/user': () =>
          jsonResponse(401, {
            type: 'about:blank',
            title: 'Unauthorised',
            status: 401,
            code: 'auth.invalid_token',
          }),
      },
    });
    await screen.findByRole('heading', { name: 'Log in' });
    expect(app.services.session.readToken()).toBeNull();
    expect(app.services.redirectTarget.take()).toBe('/profile/change-password');
  });

  it('keeps the language of the account on the login page after logging out', async () => {
    const user = makeUser({ attributes: { lang: 'de' } });
    renderApp('/logout', {
      token: 't',
      api: { ...userApi(user), 'POST /v1/logout': () => jsonResponse(200, { ok: true }) },
    });
    expect(await screen.findByRole('heading', { name: 'Anmelden' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('de-CH');
  });

  it('logs out on the server and here, then shows the login without storing /logout', async () => {
    const app = renderApp('/logout', {
      token: 't',
      api: { ...userApi(), 'POST /v1/logout': () => jsonResponse(200, { ok: true }) },
    });
    await screen.findByRole('heading', { name: 'Log in' });
    expect(sentBodies(app.fetch, 'POST', '/v1/logout')).toHaveLength(1);
    expect(app.services.session.readToken()).toBeNull();
    expect(app.services.redirectTarget.take()).toBeNull();
  });
});
