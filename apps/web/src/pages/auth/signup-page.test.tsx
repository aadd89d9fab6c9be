import { snakeKeys } from '@countersign/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser } from '../../test/fixtures.js';
import { renderApp, sentBodies } from '../../test/render-app.js';

describe('sign-up and confirmation pages', () => {
  it('gives live password feedback, first from the policy, then from /v1/check-password', async () => {
    const app = renderApp('/signup', {
      api: {
        'POST /v1/check-password': ({ body }) =>
          jsonResponse(
            200,
            (body as { password: string }).password === 'correct horse battery'
              ? { valid_password: true, error_code: null }
              : { valid_password: false, error_code: 'password.too_common' },
          ),
      },
    });
    const password = await screen.findByLabelText('Password');
    const verdict = screen.getByTestId('password-verdict');
    fireEvent.change(password, { target: { value: 'short' } });
    expect(verdict.textContent).toBe('The password is too short.');
    fireEvent.change(password, { target: { value: 'sunshine-and-rain' } });
    expect(verdict.textContent).toBe('Checking the password…');
    await waitFor(() => expect(verdict.textContent).toBe('This password is too common; choose another.'));
    fireEvent.change(password, { target: { value: 'correct horse battery' } });
    await waitFor(() => expect(verdict.textContent).toBe('✓ This password meets the requirements.'));
    expect(sentBodies(app.fetch, 'POST', '/v1/check-password')).toContainEqual({
      password: 'correct horse battery',
    });
  });

  it('says once, not twice, why a submitted password is refused', async () => {
    renderApp('/signup', {
      api: {
        'POST /v1/check-password': () =>
          jsonResponse(200, { valid_password: false, error_code: 'password.too_short' }),
      },
    });
    const password = await screen.findByLabelText('Password');
    fireEvent.change(password, { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText('The password is too short.')).toHaveLength(1);
    // and the live verdict speaks again once it has something else to say
    fireEvent.change(password, { target: { value: 'sunshine-and-rain' } });
    expect(screen.getByTestId('password-verdict').textContent).toBe('Checking the password…');
  });

  it('fills in the address a mail passed in ?email=', async () => {
    renderApp('/signup?email=guest%2Bsigned%40example.org');
    const field = (await screen.findByLabelText('E-mail address')) as HTMLInputElement;
    expect(field.value).toBe('guest+signed@example.org');
  });

  it("links the terms and the privacy policy: the built-in pages, or the operator's when it names its own", async () => {
    const builtIn = renderApp('/signup');
    const terms = await screen.findByRole('link', { name: 'terms and conditions' });
    expect(terms.getAttribute('href')).toBe('/terms');
    expect(terms.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe('/privacy');
    builtIn.unmount();
    renderApp('/signup', {
      config: {
        environment: 'production',
        maintenance: null,
        terms_url: 'https://operator.example/terms',
        privacy_url: 'javascript:alert(1)',
      },
    });
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'terms and conditions' }).getAttribute('href')).toBe(
        'https://operator.example/terms',
      ),
    );
    // only web addresses are linked
    expect(screen.getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe('/privacy');
  });

  it("shows the built-in privacy policy, or points to the operator's terms", async () => {
    const builtIn = renderApp('/privacy');
    expect(await screen.findByRole('heading', { name: 'Privacy policy' })).toBeTruthy();
    expect(screen.getByText(/^What is stored:/)).toBeTruthy();
    builtIn.unmount();
    renderApp('/terms', {
      config: { environment: 'production', maintenance: null, terms_url: 'https://operator.example/terms' },
    });
    expect(
      (await screen.findByRole('link', { name: 'https://operator.example/terms' })).getAttribute('href'),
    ).toBe('https://operator.example/terms');
  });

  it('registers and shows where the confirmation link went', async () => {
    const app = renderApp('/signup', {
      api: {
        'POST /v1/check-password': () => jsonResponse(200, { valid_password: true, error_code: null }),
        'POST /v1/register': ({ body }) =>
          jsonResponse(201, { id: 'u1', email: (body as { email: string }).email, email_verified: false }),
      },
    });
    fireEvent.change(await screen.findByLabelText('First name'), { target: { value: ' Grace ' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Hopper' } });
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'Grace@Example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse battery' } });
    fireEvent.click(screen.getByLabelText('I accept the terms and conditions and the privacy policy'));
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await screen.findByText(
      'We have sent a confirmation link to grace@example.com. Open it to activate your account.',
    );
    expect(app.location()).toBe('/signup/mail-sent');
    expect(sentBodies(app.fetch, 'POST', '/v1/register')).toEqual([
      {
        first_name: 'Grace',
        last_name: 'Hopper',
        email: 'grace@example.com',
        password: 'correct horse battery',
        lang: 'en',
        accept_gtc: true,
      },
    ]);
  });

  const confirmed = () =>
    jsonResponse(
      200,
      snakeKeys({
        email: 'grace@example.com',
        emailVerified: true,
        token: 'session-1',
        expiresAt: '2099-01-01T00:00:00.000Z',
        user: makeUser({ email: 'grace@example.com' }),
      }),
    );

  it('confirms the address once, signs the person in and opens the dashboard', async () => {
    const app = renderApp('/signup/confirm?token=abc', {
      api: {
        'POST /v1/valid-confirmation': confirmed,
        'GET /v1/user': () => jsonResponse(200, snakeKeys(makeUser({ email: 'grace@example.com' }))),
        'GET /v3/signature-requests-redesign': () =>
          jsonResponse(200, { items: [], page: 1, size: 25, total: 0 }),
      },
    });
    await waitFor(() => expect(app.location()).toBe('/dashboard?tab=inbox&q='));
    expect(app.services.session.readToken()).toBe('session-1');
    expect(sentBodies(app.fetch, 'POST', '/v1/valid-confirmation')).toEqual([{ token: 'abc' }]);
  });

  it('continues where the person was going before they signed up', async () => {
    localStorage.clear();
    const app = renderApp('/signup/confirm?token=abc', {
      api: {
        'POST /v1/valid-confirmation': confirmed,
        'GET /v1/user': () => jsonResponse(200, snakeKeys(makeUser({ email: 'grace@example.com' }))),
      },
    });
    app.services.redirectTarget.save('/profile/settings');
    await waitFor(() => expect(app.location()).toBe('/profile/settings'));
    expect(app.services.session.readToken()).toBe('session-1');
  });

  it('explains a used confirmation link', async () => {
    renderApp('/signup/confirm?token=abc', {
      api: {
        'POST /v1/valid-confirmation': () =>
          jsonResponse(410, { type: 'about:blank', title: 'Used', status: 410, code: 'auth.token_used' }),
      },
    });
    await screen.findByText('This link has already been used.');
  });
});
