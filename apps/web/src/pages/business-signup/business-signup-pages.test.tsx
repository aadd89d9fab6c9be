// The public business sign-up through the whole app: the business, then the account, the mail,
// and the first sign-in that registers the business and opens its admin area.
import { snakeKeys } from '@countersign/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminOf, businessApi, makeFakeBusiness, presentBusiness } from '../../test/business-fixtures.js';
import { jsonResponse, makeUser } from '../../test/fixtures.js';
import { renderApp, sentBodies } from '../../test/render-app.js';
import { readReferralCode } from '../../features/business/business-signup-store.js';

const grace = makeUser({ email: 'grace@example.com', firstName: 'Grace' });

function fillBusinessStep(name: string) {
  fireEvent.change(screen.getByLabelText('Business name'), { target: { value: name } });
  fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'DE' } });
  fireEvent.change(screen.getByLabelText('Support e-mail (optional)'), {
    target: { value: 'help@acme.example' },
  });
  fireEvent.click(screen.getByLabelText('I accept the terms and conditions for businesses'));
  fireEvent.click(screen.getByLabelText('I accept the data processing agreement'));
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

function fillAccountStep() {
  fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Grace' } });
  fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Hopper' } });
  fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'Grace@Example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse battery' } });
  fireEvent.click(screen.getByLabelText('I accept the terms and conditions and the privacy policy'));
  fireEvent.click(screen.getByRole('button', { name: 'Create account and business' }));
}

const signupApi = {
  'POST /v1/check-password': () => jsonResponse(200, { valid_password: true, error_code: null }),
  'POST /v1/register': ({ body }: { body: unknown }) =>
    jsonResponse(201, { id: 'u1', email: (body as { email: string }).email, email_verified: false }),
};

describe('the public business sign-up', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('keeps the referral code, asks for the business, then the account, and sends the mail', async () => {
    const app = renderApp('/business/signup?ucc=ref_42', { api: signupApi });
    await screen.findByRole('heading', { name: 'Sign up your business' });
    expect(readReferralCode(localStorage)).toBe('ref_42');
    // the terms of the business must be accepted before the account step
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findAllByText('Please accept to continue')).toHaveLength(2);
    expect(app.location()).toBe('/business/signup?ucc=ref_42');

    fillBusinessStep(' Acme Labs ');
    await screen.findByText('You will be the first admin of Acme Labs.');
    expect(app.location()).toBe('/business/signup/steps');
    fillAccountStep();
    await screen.findByText(
      'Once you have confirmed it, Acme Labs is registered and you land in its admin area.',
    );
    expect(app.location()).toBe('/business/signup/mail-sent');
    expect(sentBodies(app.fetch, 'POST', '/v1/register')).toEqual([
      expect.objectContaining({ email: 'grace@example.com', accept_gtc: true }),
    ]);
  });

  it('goes back to the business step with what was entered', async () => {
    const app = renderApp('/business/signup', { api: signupApi });
    await screen.findByRole('heading', { name: 'Sign up your business' });
    fillBusinessStep('Acme Labs');
    fireEvent.click(await screen.findByRole('link', { name: 'Change the business details' }));
    await waitFor(() => expect(app.location()).toBe('/business/signup'));
    expect(screen.getByLabelText<HTMLInputElement>('Business name').value).toBe('Acme Labs');
    expect(screen.getByLabelText<HTMLSelectElement>('Country').value).toBe('DE');
  });

  it('sends a visitor without a business to the first step', async () => {
    renderApp('/business/signup/steps');
    await screen.findByText('Describe your business first, then create your account.');
    expect(screen.getByRole('link', { name: 'Go to the first step' }).getAttribute('href')).toBe(
      '/business/signup',
    );
  });

  it("registers the business at the person's first sign-in and opens its welcome page", async () => {
    const signup = renderApp('/business/signup', { api: signupApi });
    await screen.findByRole('heading', { name: 'Sign up your business' });
    fillBusinessStep('Acme');
    await screen.findByText('You will be the first admin of Acme.');
    fillAccountStep();
    await screen.findByRole('heading', { name: 'Check your inbox' });
    signup.unmount();

    const business = makeFakeBusiness();
    let registered = false;
    const app = renderApp('/signup/confirm?token=abc', {
      api: {
        ...businessApi(business),
        'POST /v1/valid-confirmation': () =>
          jsonResponse(
            200,
            snakeKeys({
              email: grace.email,
              emailVerified: true,
              token: 'session-1',
              expiresAt: '2099-01-01T00:00:00.000Z',
              user: grace,
            }),
          ),
        'GET /v1/user': () =>
          jsonResponse(200, snakeKeys(registered ? adminOf(business, { email: grace.email }) : grace)),
        'POST /v2/businesses': () => {
          registered = true;
          return jsonResponse(201, snakeKeys(presentBusiness(business)));
        },
      },
    });
    await screen.findByRole('heading', { name: 'Welcome to Acme' });
    expect(app.location()).toBe('/business/welcome');
    expect(sentBodies(app.fetch, 'POST', '/v2/businesses')).toEqual([
      {
        name: 'Acme',
        country: 'DE',
        email: 'help@acme.example',
        phone: '',
        accept_gtc: true,
        accept_dpa: true,
      },
    ]);
    // done: a later sign-in goes where it would have gone
    expect(localStorage.getItem('countersign.business-signup')).toBeNull();
  });

  it('leaves the business of another address alone at sign-in', async () => {
    localStorage.setItem(
      'countersign.business-signup',
      JSON.stringify({
        business: { name: 'Acme', country: 'CH', email: '', phone: '' },
        accountEmail: 'someone.else@example.com',
        savedAt: Date.now(),
      }),
    );
    const app = renderApp('/login', {
      api: {
        'POST /v1/login': () =>
          jsonResponse(
            200,
            snakeKeys({ token: 'session-1', expiresAt: '2099-01-01T00:00:00.000Z', user: grace }),
          ),
        'GET /v1/user': () => jsonResponse(200, snakeKeys(grace)),
        'GET /v3/signature-requests-redesign': () =>
          jsonResponse(200, { items: [], page: 1, size: 25, total: 0 }),
      },
    });
    fireEvent.change(await screen.findByLabelText('E-mail address'), { target: { value: grace.email } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse battery' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(app.location()).toBe('/dashboard?tab=inbox&q='));
    expect(sentBodies(app.fetch, 'POST', '/v2/businesses')).toEqual([]);
  });
});
