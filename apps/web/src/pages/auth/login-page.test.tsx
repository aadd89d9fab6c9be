import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../test/fixtures.js';
import { renderApp, sentBodies } from '../../test/render-app.js';

const emailField = () => screen.getByLabelText<HTMLInputElement>('E-mail address');

describe('login page', () => {
  it('prefills the e-mail parameter, lowercased, when it is an address', async () => {
    renderApp('/login?email=Ada.Lovelace%40Example.COM');
    await screen.findByRole('heading', { name: 'Log in' });
    expect(emailField().value).toBe('ada.lovelace@example.com');
  });

  it('ignores an e-mail parameter that is not an address', async () => {
    renderApp('/login?email=not-an-address');
    await screen.findByRole('heading', { name: 'Log in' });
    expect(emailField().value).toBe('');
  });

  it('shows the sign-up link and the default form messages', async () => {
    const app = renderApp('/login');
    await screen.findByRole('heading', { name: 'Log in' });
    expect(screen.getByRole('link', { name: 'Sign up for free' }).getAttribute('href')).toBe('/signup');
    fireEvent.change(emailField(), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter a valid email')).toBeTruthy();
    expect(screen.getByText('This field is required')).toBeTruthy();
    expect(emailField().getAttribute('aria-invalid')).toBe('true');
    expect(sentBodies(app.fetch, 'POST', '/v1/login')).toEqual([]);
  });

  it('announces a wrong password and offers a new confirmation link to unconfirmed users', async () => {
    let code = 'auth.invalid_credentials';
    const app = renderApp('/login?email=ada@example.com', {
      api: {
        'POST /v1/login': () => jsonResponse(401, { type: 'about:blank', title: 'No', status: 401, code }),
        'POST /v1/request-confirmation': () => jsonResponse(202, { ok: true }),
      },
    });
    await screen.findByRole('heading', { name: 'Log in' });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(
      (await screen.findByText('The e-mail address or password is wrong.')).closest('[role="alert"]'),
    ).toBeTruthy();
    expect(app.location()).toBe('/login?email=ada@example.com');

    code = 'auth.email_not_confirmed';
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send the confirmation link again' }));
    await screen.findByText('We have sent a new confirmation link to ada@example.com.');
    expect(sentBodies(app.fetch, 'POST', '/v1/request-confirmation')).toEqual([{ email: 'ada@example.com' }]);
  });
});
