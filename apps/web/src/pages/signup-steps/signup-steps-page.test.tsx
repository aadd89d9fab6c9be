// /signup/steps (ADR 092) against a server double that keeps the account: the home page sends a new
// account there, each answer is saved with the step that follows, a reload continues at the step
// reached, the terms cannot be skipped, and finishing leads to the dashboard.
import type { SignupStep, User } from '@countersign/contract';
import { snakeKeys } from '@countersign/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser } from '../../test/fixtures.js';
import { renderApp, sentBodies } from '../../test/render-app.js';

/** A server that keeps one account and applies PUT /v1/user and the terms' acceptance to it. */
function serverWith(start: User) {
  let user = start;
  const answer = () => jsonResponse(200, snakeKeys(user));
  return {
    get user() {
      return user;
    },
    api: {
      'GET /v1/user': answer,
      'GET /v1/identity_providers': () => jsonResponse(200, { providers: [{ name: 'idaustria' }] }),
      'POST /v1/user/accept': () => {
        user = { ...user, attributes: { ...user.attributes, acceptedGtc: true } };
        return answer();
      },
      'PUT /v1/user': ({ body }: { body: unknown }) => {
        const b = body as { first_name?: string; last_name?: string; attributes?: Record<string, string> };
        const { signup_step: step, default_legislation: legislation, ...rest } = b.attributes ?? {};
        user = {
          ...user,
          firstName: b.first_name ?? user.firstName,
          lastName: b.last_name ?? user.lastName,
          attributes: {
            ...user.attributes,
            ...(rest as Partial<User['attributes']>),
            ...(legislation && { defaultLegislation: legislation as 'eidas' | 'zertes' }),
            ...(step && { signupStep: step === 'done' ? null : (step as SignupStep) }),
          },
        };
        return answer();
      },
      'GET /v3/signature-requests': () => jsonResponse(200, { signature_requests: [], total: 0 }),
    },
  };
}

const open = (path: string, server: ReturnType<typeof serverWith>) =>
  renderApp(path, { token: 'tok', api: server.api });

describe('sign-up steps', () => {
  it('leads a new account from the dashboard through its steps, saving each answer', async () => {
    const server = serverWith(makeUser({ attributes: { signupStep: 'name', acceptedGtc: true } }));
    const app = open('/dashboard', server);
    await screen.findByRole('heading', { name: 'Your name' }, { timeout: 30_000 });
    expect(app.location()).toBe('/signup/steps');
    // the terms were accepted at sign-up: four steps, not five; a name cannot be skipped
    expect(screen.getByText('Step 1 of 4')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Skip' })).toBeNull();
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Augusta' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    await screen.findByRole('heading', { name: 'Language' });
    expect(sentBodies(app.fetch, 'PUT', '/v1/user')[0]).toEqual({
      first_name: 'Augusta',
      last_name: 'Lovelace',
      attributes: { signup_step: 'language' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));

    await screen.findByRole('heading', { name: 'How you sign' });
    expect(sentBodies(app.fetch, 'PUT', '/v1/user')[1]).toEqual({ attributes: { signup_step: 'signing' } });
    fireEvent.change(screen.getByLabelText('Default legislation'), { target: { value: 'zertes' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    await screen.findByRole('heading', { name: 'Your identity' });
    expect(server.user.attributes).toMatchObject({ defaultLegislation: 'zertes', signupStep: 'identity' });
    // the installation offers ID Austria, and a wallet
    expect(await screen.findByRole('button', { name: 'Connect ID Austria' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(app.location()).toMatch(/^\/dashboard/));
    expect(server.user.attributes.signupStep).toBeNull();
  });

  it('continues at the step reached, and goes back a step', async () => {
    const server = serverWith(makeUser({ attributes: { signupStep: 'signing', acceptedGtc: true } }));
    open('/signup/steps', server);
    await screen.findByRole('heading', { name: 'How you sign' }, { timeout: 30_000 });
    expect(screen.getByText('Step 3 of 4')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { name: 'Language' });
    expect(server.user.attributes.signupStep).toBe('language');
  });

  it('asks for the terms when they were not accepted, and does not let them be skipped', async () => {
    const server = serverWith(makeUser({ attributes: { signupStep: 'terms', acceptedGtc: false } }));
    const app = open('/signup/steps', server);
    await screen.findByRole('heading', { name: 'Terms and conditions' }, { timeout: 30_000 });
    // the steps ask for the terms themselves: no accept-terms dialog over them
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Step 2 of 5')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Skip' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(sentBodies(app.fetch, 'POST', '/v1/user/accept')).toEqual([]);

    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Language' });
    expect(sentBodies(app.fetch, 'POST', '/v1/user/accept')).toEqual([{ gtc: true }]);
    expect(server.user.attributes).toMatchObject({ acceptedGtc: true, signupStep: 'language' });
  });

  it('sends a finished account from the steps to the dashboard', async () => {
    const app = open('/signup/steps', serverWith(makeUser({ attributes: { signupStep: null } })));
    await waitFor(() => expect(app.location()).toMatch(/^\/dashboard/), { timeout: 30_000 });
  });
});
