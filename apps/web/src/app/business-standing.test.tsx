// Spec 2's rule for a locked or expired business, through the whole app: its admin is kept to the
// members, the upgrade and logging out; its members see the locked dialog; a business in good
// standing, or one whose plan cannot be read, holds nobody back.
import { snakeKeys } from '@countersign/contract';
import type { PricePlan } from '@countersign/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makePricePlan } from '../test/billing-fixtures.js';
import { businessApi, makeFakeBusiness } from '../test/business-fixtures.js';
import { jsonResponse, makeUser } from '../test/fixtures.js';
import { renderApp } from '../test/render-app.js';
import type { ApiHandler } from '../test/render-app.js';

const planAnswer = (plan: PricePlan): Record<string, ApiHandler> => ({
  'GET /v2/businesses/biz_1/price_plan': () => jsonResponse(200, snakeKeys(plan)),
  'GET /v3/signature-requests-redesign': () => jsonResponse(200, { items: [], total: 0, page: 1, size: 25 }),
});
const locked = makePricePlan({ paymentState: 'BLOCKED', subscriptionStatus: 'unpaid', paymentIssue: true });
const expired = makePricePlan({
  plan: 'trial',
  paymentState: 'NEEDS_PAYMENT_METHOD',
  subscriptionStatus: null,
});

describe('a locked or expired business (spec 2)', () => {
  it('sends its admin from any other page to the members', async () => {
    const business = makeFakeBusiness();
    const app = renderApp('/business/settings', {
      token: 't',
      api: { ...businessApi(business), ...planAnswer(locked) },
    });
    await waitFor(() => expect(app.location()).toBe('/business/members'));
    await screen.findByRole('heading', { name: 'Members' });
    // and is told why, with the way to the plans
    expect((await screen.findByTestId('standing-notice')).textContent).toBe(
      'Your business is locked because a payment failed. Choose a plan or update the card to unlock it.',
    );
    expect(screen.getByRole('link', { name: 'Choose a plan' }).getAttribute('href')).toBe(
      '/business/upgrade',
    );
  });

  it('lets its admin open the upgrade and the members page', async () => {
    const business = makeFakeBusiness();
    const app = renderApp('/business/upgrade', {
      token: 't',
      api: { ...businessApi(business), ...planAnswer(expired) },
    });
    await screen.findByRole('heading', { name: 'Choose a plan for your business' });
    expect(app.location()).toBe('/business/upgrade');
  });

  it('shows its members the locked dialog once a visit, with a way out', async () => {
    const member = makeUser({
      role: 'member',
      business: { id: 'biz_1', name: 'Acme', deletionDueAt: null, userPilotEnabled: false },
    });
    const app = renderApp('/dashboard', {
      token: 't',
      api: { 'GET /v1/user': () => jsonResponse(200, snakeKeys(member)), ...planAnswer(locked) },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Acme is locked' });
    expect(dialog.textContent).toContain('You can still sign what others send you.');
    expect(screen.getByRole('link', { name: 'Log out' }).getAttribute('href')).toBe('/logout');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // the member stays where they were; the dialog does not come back on the next page
    expect(app.location()).toMatch(/^\/dashboard/);
    await app.router.navigate('/profile');
    await screen.findByRole('heading', { name: 'Your profile' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('holds nobody back when the business is in good standing or its plan cannot be read', async () => {
    const business = makeFakeBusiness();
    const good = renderApp('/business/settings', {
      token: 't',
      api: { ...businessApi(business), ...planAnswer(makePricePlan()) },
    });
    await screen.findByRole('heading', { name: 'Business settings' });
    expect(good.location()).toBe('/business/settings');
    good.unmount();
    // no price plan answer at all (404): the console opens as before, and stays open (a failed
    // answer is not asked again each time a part of the page that reads it appears)
    const unknown = renderApp('/business/settings', { token: 't', api: businessApi(business) });
    await screen.findByRole('heading', { name: 'Business settings' });
    await screen.findByLabelText('Upload a logo');
    expect(unknown.location()).toBe('/business/settings');
    const asked = unknown.fetch.mock.calls.filter(([input]) => String(input).endsWith('/price_plan'));
    expect(asked).toHaveLength(1);
  });
});
