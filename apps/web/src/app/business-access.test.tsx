// The route rules and required dialogs of spec 2 for businesses, through the whole app: who may
// open the console, registration, the invitation page and its dialog, and the downgrade notice.
import { snakeKeys } from '@countersign/contract';
import type { User } from '@countersign/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  adminOf,
  businessApi,
  makeFakeBusiness,
  presentBusiness,
  problem,
} from '../test/business-fixtures.js';
import { jsonResponse, makeUser } from '../test/fixtures.js';
import { renderApp, sentBodies } from '../test/render-app.js';
import type { ApiHandler } from '../test/render-app.js';
import { offerPutOffKey } from './required-dialogs.js';

const member = makeUser({
  role: 'member',
  business: { id: 'biz_1', name: 'Acme', deletionDueAt: null, userPilotEnabled: false },
});
const invitee = makeUser({
  businessInvitation: { id: 'inv_1', businessId: 'biz_1', businessName: 'Acme', via: 'invitation' },
});
const asUser = (user: User, api: Record<string, ApiHandler> = {}) => ({
  'GET /v1/user': () => jsonResponse(200, snakeKeys(user)),
  'GET /v3/signature-requests-redesign': () => jsonResponse(200, { items: [], total: 0, page: 1, size: 25 }),
  ...api,
});

describe('business route rules (spec 2)', () => {
  it('sends a member away from the console with the not-allowed snackbar', async () => {
    const app = renderApp('/business/members', { token: 't', api: asUser(member) });
    expect(await screen.findByText('Only the admins of your business can open its pages.')).toBeTruthy();
    await waitFor(() => expect(app.location()).toMatch(/^\/dashboard/));
  });

  it('sends an individual user from the console to the registration', async () => {
    const app = renderApp('/business/settings', { token: 't', api: asUser(makeUser()) });
    await screen.findByRole('heading', { name: 'Register your business' });
    expect(app.location()).toBe('/business/register');
  });

  it('sends an admin from the registration to the business profile, and shows the console', async () => {
    const business = makeFakeBusiness();
    const app = renderApp('/business/register', { token: 't', api: businessApi(business) });
    await screen.findByRole('heading', { name: 'Business profile' });
    expect(app.location()).toBe('/business/profile');
    expect(screen.getByRole('navigation', { name: 'Business navigation' })).toBeTruthy();
  });

  it('registers a business and opens its console as its admin', async () => {
    const business = makeFakeBusiness();
    let registered = false;
    const app = renderApp('/business/register', {
      token: 't',
      api: {
        ...businessApi(business),
        'GET /v1/user': () => jsonResponse(200, snakeKeys(registered ? adminOf(business) : makeUser())),
        'POST /v2/businesses': () => {
          registered = true;
          return jsonResponse(201, snakeKeys(presentBusiness(business)));
        },
      },
    });
    await screen.findByRole('heading', { name: 'Register your business' });
    const country = screen.getByLabelText<HTMLSelectElement>('Country');
    expect([...country.options].slice(0, 4).map((option) => option.value)).toEqual(['CH', 'DE', 'FR', 'AT']);
    fireEvent.change(screen.getByLabelText('Business name'), { target: { value: ' Acme ' } });
    fireEvent.change(country, { target: { value: 'FR' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register business' }));
    expect(await screen.findAllByText('Please accept to continue')).toHaveLength(2);
    expect(sentBodies(app.fetch, 'POST', '/v2/businesses')).toEqual([]);
    fireEvent.click(screen.getByLabelText('I accept the terms and conditions for businesses'));
    fireEvent.click(screen.getByLabelText('I accept the data processing agreement'));
    fireEvent.click(screen.getByRole('button', { name: 'Register business' }));
    await screen.findByRole('heading', { name: 'Welcome to Acme' });
    expect(app.location()).toBe('/business/welcome');
    expect(sentBodies(app.fetch, 'POST', '/v2/businesses')).toEqual([
      { name: 'Acme', country: 'FR', email: '', phone: '', accept_gtc: true, accept_dpa: true },
    ]);
  });
});

describe('the header for people of a business', () => {
  it("links an admin to the console and names a member's business", async () => {
    renderApp('/profile', { token: 't', api: businessApi(makeFakeBusiness()) });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Business' }).getAttribute('href')).toBe(
      '/business/dashboard',
    );
    expect(screen.getByTestId('current-business').textContent).toBe(' · Acme');
  });

  it('gives a member no console link', async () => {
    renderApp('/profile', { token: 't', api: asUser(member) });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).queryByRole('link', { name: 'Business' })).toBeNull();
    expect(screen.getByTestId('current-business').textContent).toBe(' · Acme');
  });
});

describe("the profile's business section", () => {
  it('gives a member their business and who may remove them', async () => {
    renderApp('/profile', { token: 't', api: asUser(member) });
    expect((await screen.findByTestId('business-membership')).textContent).toMatch(
      /^You are a member of Acme: .* Only its admins can remove you from the business\.$/,
    );
  });

  it('offers an individual user the registration', async () => {
    renderApp('/profile', { token: 't', api: asUser(makeUser()) });
    const link = await screen.findByRole('link', { name: 'Register a business' });
    expect(link.getAttribute('href')).toBe('/business/register');
  });

  it('lets a member leave the business after asking, as an individual user from then on', async () => {
    let hasLeft = false;
    const app = renderApp('/profile', {
      token: 't',
      api: asUser(member, {
        'GET /v1/user': () => jsonResponse(200, snakeKeys(hasLeft ? makeUser() : member)),
        'POST /v1/businesses/biz_1/remove-members': () => {
          hasLeft = true;
          return jsonResponse(200, { removed: ['usr_1'] });
        },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Leave business' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Acme?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave business' }));
    expect(await screen.findByText('You have left Acme.')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Register a business' })).toBeTruthy();
    expect(sentBodies(app.fetch, 'POST', '/v1/businesses/biz_1/remove-members')).toEqual([
      { user_ids: ['usr_1'] },
    ]);
  });

  it('keeps the last admin in the business, saying why', async () => {
    renderApp('/profile', {
      token: 't',
      api: {
        ...businessApi(makeFakeBusiness()),
        'POST /v1/businesses/biz_1/remove-members': () => problem(409, 'business.last_admin'),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Leave business' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Acme?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave business' }));
    expect(
      await within(dialog).findByText(
        'A business needs an admin: the last admin can neither step down nor be removed.',
      ),
    ).toBeTruthy();
  });

  it('tells an admin deleting their account what the business needs first', async () => {
    renderApp('/profile', { token: 't', api: businessApi(makeFakeBusiness()) });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
    const overlay = await screen.findByRole('dialog', { name: 'Delete your account' });
    expect(within(overlay).getByTestId('admin-of-business').textContent).toMatch(
      /^You are an admin of Acme\./,
    );
  });
});

describe('business invitations', () => {
  it('shows the invitation at its link and joins the business on acceptance', async () => {
    const app = renderApp('/invite/inv_1', {
      token: 't',
      api: asUser(invitee, {
        'POST /v1/user/accept': () => jsonResponse(200, snakeKeys(member)),
      }),
    });
    await screen.findByRole('heading', { name: 'Join Acme' });
    // the page itself asks, so the dialog does not
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByText('You have joined Acme.')).toBeTruthy();
    await waitFor(() => expect(app.location()).toMatch(/^\/dashboard/));
    expect(sentBodies(app.fetch, 'POST', '/v1/user/accept')).toEqual([
      { business_invite: true, business_invite_id: 'inv_1' },
    ]);
  });

  it("tells a visitor who invites them, and leads to sign-up or log-in with the mail's address", async () => {
    const asked: string[] = [];
    const app = renderApp('/invite/inv_1?email=carol%40example.org', {
      api: {
        'GET /v1/invitations/inv_1': ({ url }) => {
          asked.push(url.searchParams.get('email') ?? '');
          return jsonResponse(200, { business_name: 'Acme', inviter_name: 'Alice Tester' });
        },
      },
    });
    await screen.findByRole('heading', { name: 'You are invited to join Acme' });
    expect(asked).toEqual(['carol@example.org']);
    expect(screen.getByText(/Alice Tester invites you to the business account of Acme/)).toBeTruthy();
    expect(screen.getByText(/The invitation is for carol@example.org/)).toBeTruthy();
    const signup = screen.getByRole('link', { name: 'Create an account' });
    expect(signup.getAttribute('href')).toBe('/signup?email=carol%40example.org');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      '/login?email=carol%40example.org',
    );
    // after signing up or logging in, the person comes back here to accept
    expect(app.services.redirectTarget.take()).toBe('/invite/inv_1');
  });

  it('offers a visitor log-in when the link names no open invitation', async () => {
    renderApp('/invite/inv_gone?email=carol%40example.org', {
      api: { 'GET /v1/invitations/inv_gone': () => problem(404, 'business.invitation_not_found') },
    });
    await screen.findByRole('heading', { name: 'Log in to open this link' });
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      '/login?email=carol%40example.org',
    );
  });

  it('says when the link is not an invitation for the signed-in address', async () => {
    renderApp('/invite/inv_other', { token: 't', api: asUser(makeUser()) });
    await screen.findByRole('heading', { name: 'Invitation not found' });
    expect(screen.getByText(/addressed to another e-mail address than ada@example.com/)).toBeTruthy();
  });

  it('asks an invitee to accept before anything else, on any page', async () => {
    const app = renderApp('/dashboard', {
      token: 't',
      api: asUser(invitee, { 'POST /v1/user/accept': () => problem(409, 'business.member_of_another') }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Invitation to Acme' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Invitation to Acme' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept invitation' }));
    expect(
      await within(dialog).findByText(
        'Already part of another business: a person belongs to one business at most.',
      ),
    ).toBeTruthy();
    expect(sentBodies(app.fetch, 'POST', '/v1/user/accept')).toEqual([
      { business_invite: true, business_invite_id: 'inv_1' },
    ]);
  });

  it("lets a domain's offer to join wait, and does not ask again in this browser", async () => {
    const offered = makeUser({
      businessInvitation: { id: null, businessId: 'biz_1', businessName: 'Acme', via: 'domain' },
    });
    const app = renderApp('/dashboard', { token: 't', api: asUser(offered) });
    const dialog = await screen.findByRole('dialog', { name: 'Join Acme?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.services.storage.getItem(offerPutOffKey)).toBe('biz_1');
    localStorage.removeItem(offerPutOffKey);
  });

  it('joins through the offer without naming an invitation', async () => {
    const offered = makeUser({
      businessInvitation: { id: null, businessId: 'biz_1', businessName: 'Acme', via: 'domain' },
    });
    const app = renderApp('/dashboard', {
      token: 't',
      api: asUser(offered, { 'POST /v1/user/accept': () => jsonResponse(200, snakeKeys(member)) }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Join Acme?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Join Acme' }));
    expect(await screen.findByText('You have joined Acme.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBodies(app.fetch, 'POST', '/v1/user/accept')).toEqual([{ business_invite: true }]);
  });
});

describe('business downgraded dialog', () => {
  it('tells a removed member they are an individual user now, and clears the notice', async () => {
    const removed = makeUser({ attributes: { removedFromBusiness: true } });
    const app = renderApp('/dashboard', {
      token: 't',
      api: asUser(removed, { 'PUT /v1/user': () => jsonResponse(200, snakeKeys(makeUser())) }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Your business account has ended' });
    expect(within(dialog).getByText(/You have been removed from your business\./)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Understood' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBodies(app.fetch, 'PUT', '/v1/user')).toEqual([
      { attributes: { removed_from_business: false, business_deleted: false } },
    ]);
  });

  it('says the business was deleted, and shows the support snackbar when clearing fails', async () => {
    const deleted = makeUser({ attributes: { businessDeleted: true } });
    renderApp('/dashboard', {
      token: 't',
      api: asUser(deleted, { 'PUT /v1/user': () => problem(400, 'request.validation_failed') }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Your business account has ended' });
    expect(within(dialog).getByText(/Your business has been deleted\./)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Understood' }));
    expect(
      await screen.findByText(
        'Something went wrong. Please try again, or contact our support if it keeps happening.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
