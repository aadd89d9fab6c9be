// Single sign-on in the web app (ADR 075): the login page starts it by address, takes the
// provider's answer back, asks for the existing account's password when the server says so, and
// sends a refusal to /sso/error or /sso/error/company; an incomplete set-up is sent to /signup/sso.
import { snakeKeys } from '@countersign/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser } from '../../test/fixtures.js';
import { renderApp, sentBodies } from '../../test/render-app.js';

const problem = (status: number, code: string) =>
  jsonResponse(status, { type: 'about:blank', title: 'No', status, code });

describe('single sign-on pages', () => {
  it('starts at the provider of the address given on the login page', async () => {
    const app = renderApp('/login', {
      api: { 'POST /v1/identity_providers': () => problem(404, 'sso.domain_not_verified') },
    });
    fireEvent.change(await screen.findByLabelText('Work e-mail address'), {
      target: { value: 'Ann@Corp.example' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Continue with single sign-on' }));
    expect(
      await screen.findByText("No business has set up single sign-on for this e-mail address's domain."),
    ).toBeTruthy();
    expect(sentBodies(app.fetch, 'POST', '/v1/identity_providers')).toEqual([{ email: 'ann@corp.example' }]);
  });

  it(
    "offers a button for each of the installation's providers, which starts at that provider",
    { timeout: 60_000 },
    async () => {
      const app = renderApp('/login', {
        api: {
          'GET /v1/identity_providers': () => jsonResponse(200, { providers: [{ name: 'staff' }] }),
          'POST /v1/identity_providers': () => problem(404, 'sso.not_configured'),
        },
      });
      // the login page loads on demand
      fireEvent.click(await screen.findByRole('button', { name: 'Sign in with Staff' }, { timeout: 30_000 }));
      await waitFor(() =>
        expect(sentBodies(app.fetch, 'POST', '/v1/identity_providers')).toEqual([{ provider: 'staff' }]),
      );
    },
  );

  it("links an existing account with its password when the provider's answer asks for it", async () => {
    const user = makeUser({ email: 'erik@corp.example', hasSso: true, firstName: 'Erik', lastName: 'Ek' });
    const app = renderApp('/login?code=c1&state=s1&iss=https%3A%2F%2Fid.example', {
      api: {
        'POST /v1/identity_providers/callback': () =>
          jsonResponse(200, {
            status: 'link_required',
            link_token: 'l'.repeat(40),
            email: 'erik@corp.example',
          }),
        'POST /v1/identity_providers/link': () =>
          jsonResponse(
            200,
            snakeKeys({ status: 'signed_in', token: 'tok', expiresAt: '2099-01-01T00:00:00Z', user }),
          ),
        'GET /v1/user': () => jsonResponse(200, snakeKeys(user)),
      },
    });
    await screen.findByRole('heading', { name: 'Link your account' });
    expect(sentBodies(app.fetch, 'POST', '/v1/identity_providers/callback')).toEqual([
      { query: 'code=c1&state=s1&iss=https%3A%2F%2Fid.example' },
    ]);
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret words' } });
    fireEvent.click(screen.getByRole('button', { name: 'Link and sign in' }));
    await waitFor(() => expect(app.services.session.readToken()).toBe('tok'));
    expect(sentBodies(app.fetch, 'POST', '/v1/identity_providers/link')).toEqual([
      { link_token: 'l'.repeat(40), password: 'secret words' },
    ]);
  });

  it('sends a refused answer to the error page, and one about the business to the company page', async () => {
    const refused = renderApp('/login?code=c&state=s', {
      api: { 'POST /v1/identity_providers/callback': () => problem(400, 'sso.flow_invalid') },
    });
    await screen.findByRole('heading', { name: 'Single sign-on failed' });
    expect(refused.location()).toBe('/sso/error?code=sso.flow_invalid');
    screen.getByText('This sign-in has expired or was already used. Please start again.');
    refused.unmount();

    const company = renderApp('/login?error=access_denied&state=s', {
      api: { 'POST /v1/identity_providers/callback': () => problem(409, 'sso.member_of_another') },
    });
    await screen.findByRole('heading', { name: 'Single sign-on is not possible for your business' });
    expect(company.location()).toBe('/sso/error/company?code=sso.member_of_another');
  });

  it('keeps a person whose provider sent no name on /signup/sso until it is given', async () => {
    const incomplete = makeUser({ hasSso: true, firstName: '', lastName: '' });
    const app = renderApp('/upload', {
      token: 't',
      api: {
        'GET /v1/user': () => jsonResponse(200, snakeKeys(incomplete)),
        'PUT /v1/user': () =>
          jsonResponse(200, snakeKeys({ ...incomplete, firstName: 'Sam', lastName: 'Single' })),
      },
    });
    await screen.findByRole('heading', { name: 'Finish setting up your account' });
    expect(app.location()).toBe('/signup/sso');
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Sam' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Single' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(app.location()).not.toBe('/signup/sso'));
    expect(sentBodies(app.fetch, 'PUT', '/v1/user')).toEqual([{ first_name: 'Sam', last_name: 'Single' }]);
  });
});
