import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser } from '../../test/fixtures.js';
import { renderApp, sentBodies } from '../../test/render-app.js';
import type { ApiHandler } from '../../test/render-app.js';

const problem = (status: number, code: string) =>
  jsonResponse(status, { type: 'about:blank', title: code, status, code });

function signedIn(path: string, api: Record<string, ApiHandler> = {}, user = makeUser()) {
  return renderApp(path, {
    token: 'tok',
    api: { 'GET /v1/user': () => jsonResponse(200, user), ...api },
  });
}

describe('profile overview', () => {
  it('shows name, e-mail, the highest quality and the profile links', async () => {
    const user = makeUser();
    user.signatureQualities.aesMinimal.zertes = { status: 'active' };
    signedIn('/profile', {}, user);
    await screen.findByRole('heading', { name: 'Your profile' });
    expect(screen.getByTestId('profile-name').textContent).toBe('Ada Lovelace');
    expect(screen.getByText('ada@example.com', { exact: false })).toBeTruthy();
    expect(screen.getByTestId('highest-quality').textContent).toBe(
      'Highest quality you can sign with: Advanced electronic signature',
    );
    const nav = screen.getByRole('navigation', { name: 'Profile pages' });
    expect(within(nav).getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe(
      '/profile/settings',
    );
  });

  it('deletes the account with the password, then says goodbye signed out', async () => {
    let attempts = 0;
    const app = signedIn('/profile', {
      'POST /v1/user/delete': () =>
        ++attempts === 1 ? problem(403, 'auth.wrong_password') : jsonResponse(200, { ok: true }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
    // the full-screen overlay says what deleting does before the password is asked
    const overlay = await screen.findByRole('dialog', { name: 'Delete your account' });
    expect(overlay.textContent).toContain('If you belong to a business, you leave it.');
    fireEvent.click(within(overlay).getByRole('button', { name: 'Continue to delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete account for good' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'wrong one' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete account for good' }));
    expect(await within(dialog).findByText('The current password is wrong.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'right one' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete account for good' }));
    await screen.findByRole('heading', { name: 'Goodbye' });
    expect(app.location()).toBe('/bye');
    expect(app.services.session.readToken()).toBeNull();
    expect(sentBodies(app.fetch, 'POST', '/v1/user/delete')).toEqual([
      { password: 'wrong one' },
      { password: 'right one' },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the account when the overlay is left with "Keep my account"', async () => {
    const app = signedIn('/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
    const overlay = await screen.findByRole('dialog', { name: 'Delete your account' });
    fireEvent.click(within(overlay).getByRole('button', { name: 'Keep my account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.location()).toBe('/profile');
    expect(sentBodies(app.fetch, 'POST', '/v1/user/delete')).toEqual([]);
  });
});

describe('profile settings', () => {
  it('does not offer Italian and saves every field with PUT /v1/user, switching the language', async () => {
    const app = signedIn('/profile/settings', {
      'PUT /v1/user': ({ body }) => {
        const b = body as { first_name: string; attributes: { lang: 'de' } };
        return jsonResponse(
          200,
          makeUser({ firstName: b.first_name, attributes: { lang: b.attributes.lang } }),
        );
      },
    });
    await screen.findByRole('heading', { name: 'Settings' });
    const language = screen.getByLabelText<HTMLSelectElement>('Language');
    expect([...language.options].map((option) => option.value)).toEqual(['en', 'de', 'fr']);
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: ' Augusta ' } });
    fireEvent.change(language, { target: { value: 'de' } });
    fireEvent.change(screen.getByLabelText('E-mail notifications'), { target: { value: 'important' } });
    fireEvent.change(screen.getByLabelText('Default legislation'), { target: { value: 'zertes' } });
    fireEvent.change(screen.getByLabelText('Default signature quality'), { target: { value: 'qes' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByRole('heading', { name: 'Einstellungen' });
    expect(await screen.findByText('Ihre Einstellungen wurden gespeichert.')).toBeTruthy();
    expect(sentBodies(app.fetch, 'PUT', '/v1/user')).toEqual([
      {
        first_name: 'Augusta',
        last_name: 'Lovelace',
        attributes: {
          lang: 'de',
          email_notification_level: 'important',
          default_legislation: 'zertes',
          default_quality: 'qes',
        },
      },
    ]);
  });

  it('refuses an empty name without calling the server', async () => {
    const app = signedIn('/profile/settings');
    await screen.findByRole('heading', { name: 'Settings' });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(sentBodies(app.fetch, 'PUT', '/v1/user')).toEqual([]);
  });
});

describe('e-mail confirmation', () => {
  it('offers a new link only while the address is unconfirmed', async () => {
    const app = signedIn(
      '/profile/confirm',
      { 'POST /v1/request-confirmation': () => jsonResponse(202, { ok: true }) },
      makeUser({ emailVerified: false }),
    );
    await screen.findByText('Your e-mail address ada@example.com is not confirmed yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Send the confirmation link again' }));
    await screen.findByText('We have sent a new confirmation link to ada@example.com.');
    await waitFor(() =>
      expect(sentBodies(app.fetch, 'POST', '/v1/request-confirmation')).toEqual([
        { email: 'ada@example.com' },
      ]),
    );
  });

  it('says so when the address is confirmed', async () => {
    signedIn('/profile/confirm');
    await screen.findByText('Your e-mail address ada@example.com is confirmed.');
    expect(screen.queryByRole('button', { name: 'Send the confirmation link again' })).toBeNull();
  });
});
