// The two upgrade pages through the whole app: an individual's purchase (promo code refused, the
// card page, the 3-D Secure step, done) and a business's (seats from its people, the referral
// code it signed up with, the charge previewed and then made).
import { camelKeys, snakeKeys } from '@countersign/contract';
import type { PricePlan } from '@countersign/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { goToPaymentPage } from '../../features/billing/provider-redirect.js';
import { saveReferralCode } from '../../features/business/business-signup-store.js';
import { makePreview, makePricePlan, makeUsage, planOffers } from '../../test/billing-fixtures.js';
import { businessApi, makeFakeBusiness, problem } from '../../test/business-fixtures.js';
import { jsonResponse, makeUser } from '../../test/fixtures.js';
import { renderApp, sentBodies } from '../../test/render-app.js';

vi.mock('../../features/billing/provider-redirect.js', () => ({ goToPaymentPage: vi.fn(() => true) }));

const ok = (body: unknown) => jsonResponse(200, snakeKeys(body));
const usage = makeUsage();
const individualPlan = makePricePlan({ plan: 'individual', seats: 1 });
/** GET /v2/user/price_plan: a free account until the person has a plan of their own. */
const userPricePlan = (pricePlan: PricePlan | null) =>
  ok({
    pricePlan,
    freeAccountType: pricePlan ? null : 'free_v1',
    usage: { periodStart: usage.periodStart, periodEnd: usage.periodEnd, signatures: usage.signatures },
    canUpload: pricePlan !== null,
  });
const freeUser = {
  'GET /v1/user': () => ok(makeUser({ attributes: { freeAccountType: 'free_v1' } })),
  'GET /v2/businesses/price_plans': () => ok(planOffers),
  'GET /v2/user/price_plan': () => userPricePlan(null),
};

describe('the individual upgrade', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.mocked(goToPaymentPage).mockClear();
  });

  it('previews the price, refuses a used-up promo code, and saves a card on the provider page', async () => {
    const app = renderApp('/upgrade', {
      token: 't',
      api: {
        ...freeUser,
        'POST /v2/businesses/direct_upgrade/preview': ({ body }) =>
          (body as { promo_code?: string }).promo_code === 'SPENT'
            ? problem(422, 'billing.promo_used_up')
            : ok(
                makePreview({
                  plan: 'individual',
                  seats: 1,
                  subtotalMinor: 14_400,
                  taxMinor: 1_166,
                  taxRateBasisPoints: 810,
                  totalMinor: 15_566,
                }),
              ),
        'POST /v2/businesses/direct_upgrade/stripe_setup_intent': () =>
          ok({
            setupIntentId: 'seti_1',
            clientSecret: 'secret',
            redirectUrl: '/sandbox/payments/setup/seti_1?token=x',
          }),
      },
    });
    expect((await screen.findByTestId('current-plan')).textContent).toBe('Your plan: Free');
    expect((await screen.findByTestId('price-individual')).textContent).toMatch(/^EUR.144\.00 per year$/);
    expect((await screen.findByTestId('preview-total')).textContent).toMatch(/^EUR.155\.66$/);
    expect(screen.getByText('VAT 8.1 %')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Monthly'));
    expect(screen.getByTestId('price-individual').textContent).toMatch(/^EUR.15\.00 per month$/);

    fireEvent.change(screen.getByLabelText('Promo code (optional)'), { target: { value: 'SPENT' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText('This promo code has been used up.');
    expect((screen.getByRole('button', { name: /^Pay/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('This promo code has been used up.')).toBeNull());

    fireEvent.change(screen.getByLabelText('Country of the card holder'), { target: { value: 'DE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a card' }));
    await waitFor(() =>
      expect(goToPaymentPage).toHaveBeenCalledWith('/sandbox/payments/setup/seti_1?token=x'),
    );
    expect(sentBodies(app.fetch, 'POST', '/v2/businesses/direct_upgrade/stripe_setup_intent')).toEqual([
      { country: 'DE' },
    ]);
    // the choice survives the trip to the card page
    expect(JSON.parse(localStorage.getItem('countersign.checkout.individual') ?? '{}')).toMatchObject({
      cycle: 'monthly',
      country: 'DE',
    });
  });

  it('comes back from the card page with the choice, pays, and passes the 3-D Secure step on', async () => {
    localStorage.setItem(
      'countersign.checkout.individual',
      JSON.stringify({ plan: 'individual', cycle: 'monthly', seats: 1, promoCode: 'WELCOME', country: 'CH' }),
    );
    const app = renderApp('/upgrade?setup_intent=seti_1&redirect_status=succeeded', {
      token: 't',
      api: {
        ...freeUser,
        'POST /v2/businesses/direct_upgrade/preview': () =>
          ok(
            makePreview({
              plan: 'individual',
              cycle: 'monthly',
              totalMinor: 1_200,
              promoCode: 'WELCOME',
              discountMinor: 300,
            }),
          ),
        'POST /v2/businesses/direct_upgrade/confirm': () =>
          ok({
            status: 'requires_action',
            actionUrl: '/sandbox/payments/payments/pay_1/authenticate?token=y',
            charged: makePreview(),
            pricePlan: makePricePlan({ plan: 'individual', seats: 1 }),
          }),
      },
    });
    await screen.findByText('Your card is saved.');
    expect(await screen.findByText('Promo code WELCOME applied.')).toBeTruthy();
    const pay = await screen.findByRole('button', { name: /^Pay EUR.12\.00 and upgrade$/ });
    fireEvent.change(screen.getByLabelText('Country of the card holder'), { target: { value: 'DE' } });
    fireEvent.click(pay);
    await waitFor(() =>
      expect(goToPaymentPage).toHaveBeenCalledWith('/sandbox/payments/payments/pay_1/authenticate?token=y'),
    );
    expect(screen.getByText('Your bank asks you to confirm the payment. Taking you there…')).toBeTruthy();
    expect(screen.queryByText('You are on the Individual plan now.')).toBeNull();
    expect(sentBodies(app.fetch, 'POST', '/v2/businesses/direct_upgrade/confirm')).toEqual([
      { plan: 'individual', cycle: 'monthly', promo_code: 'WELCOME' },
    ]);
    // the choice is kept for the way back from the bank's page
    expect(JSON.parse(localStorage.getItem('countersign.checkout.individual') ?? '{}')).toMatchObject({
      cycle: 'monthly',
      promoCode: 'WELCOME',
      country: 'DE',
    });
  });

  it('pays and says so beside the plan it now shows as its own, forgetting the choice kept', async () => {
    // kept on the way to the card page: once paid, a later visit starts afresh
    localStorage.setItem(
      'countersign.checkout.individual',
      JSON.stringify({ plan: 'individual', cycle: 'yearly', seats: 1, promoCode: null, country: 'CH' }),
    );
    let isIndividual = false;
    const app = renderApp('/upgrade', {
      token: 't',
      api: {
        ...freeUser,
        'GET /v2/user/price_plan': () => userPricePlan(isIndividual ? individualPlan : null),
        'POST /v2/businesses/direct_upgrade/preview': () =>
          ok(makePreview({ plan: 'individual', seats: 1, totalMinor: 14_400 })),
        'POST /v2/businesses/direct_upgrade/confirm': () => {
          isIndividual = true;
          return ok({
            status: 'succeeded',
            actionUrl: null,
            charged: makePreview(),
            pricePlan: individualPlan,
          });
        },
        'GET /v1/user/invoices': () => ok({ invoices: [] }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Pay EUR.144\.00 and upgrade$/ }));
    // the plan read afresh turns the checkout into the plan's own view, and the message stays
    expect((await screen.findByTestId('own-plan')).textContent).toBe('Your plan: Individual');
    expect(screen.getByText('You are on the Individual plan now.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    expect(sentBodies(app.fetch, 'POST', '/v2/businesses/direct_upgrade/confirm')).toEqual([
      { plan: 'individual', cycle: 'yearly' },
    ]);
    expect(goToPaymentPage).not.toHaveBeenCalled();
    expect(localStorage.getItem('countersign.checkout.individual')).toBeNull();
  });

  it('shows the own plan, its invoices, and the way back to the free plan through its dialog', async () => {
    // kept on the way to the bank's 3-D Secure step, which completed the purchase
    localStorage.setItem(
      'countersign.checkout.individual',
      JSON.stringify({ plan: 'individual', cycle: 'monthly', seats: 1, promoCode: null, country: 'CH' }),
    );
    const app = renderApp('/upgrade', {
      token: 't',
      api: {
        ...freeUser,
        'GET /v2/user/price_plan': () => userPricePlan(individualPlan),
        'PUT /v2/user/price_plan/base': () => ok(makePricePlan({ plan: 'individual' })),
        'GET /v1/user/invoices': () => ok({ invoices: [] }),
      },
    });
    expect((await screen.findByTestId('own-plan')).textContent).toBe('Your plan: Individual');
    expect(await screen.findByText('No invoices yet: each payment brings one.')).toBeTruthy();
    expect(localStorage.getItem('countersign.checkout.individual')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Go back to the free plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Go back to the free plan?' });
    expect(dialog.textContent).toContain('Your Individual plan stays active until 1 Jan 2027, 00:00.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Go back to the free plan' }));
    await waitFor(() =>
      expect(sentBodies(app.fetch, 'PUT', '/v2/user/price_plan/base')).toEqual([{ type: 'CANCELED' }]),
    );
  });
});

describe('the business upgrade', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.mocked(goToPaymentPage).mockClear();
  });

  it('buys a plan for the seats its people need, with the referral code it signed up with', async () => {
    saveReferralCode(localStorage, 'ref_42');
    let plan = makePricePlan({ plan: 'trial', cycle: null, paymentState: 'TRIALING', seats: 5 });
    let billing: Record<string, unknown> = {
      address1: '',
      address2: '',
      city: '',
      country: 'CH',
      postalCode: '',
      vat: '',
      currency: 'EUR',
      paymentMethod: 'STRIPE',
      stripeSubscriptionStatus: null,
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
    };
    const app = renderApp('/business/upgrade', {
      token: 't',
      api: {
        ...businessApi(makeFakeBusiness()),
        'GET /v2/businesses/price_plans': () => ok(planOffers),
        'GET /v2/businesses/biz_1/price_plan': () => ok(plan),
        'GET /v2/businesses/biz_1/subscriptions/usage': () =>
          ok(makeUsage({ purchased: 2, people: 3, pendingInvitations: 1 })),
        'POST /v2/businesses/biz_1/subscriptions/upgrade/preview': ({ body }) =>
          ok(makePreview({ seats: (body as { amount_seats: number }).amount_seats, totalMinor: 134_400 })),
        'PUT /v2/businesses/biz_1/subscriptions/upgrade': () => {
          plan = makePricePlan({ seats: 4 });
          return ok({ status: 'succeeded', actionUrl: null, charged: makePreview(), pricePlan: plan });
        },
        'GET /v2/businesses/biz_1/billing': () => ok(billing),
        'PUT /v2/businesses/biz_1/billing': ({ body }) => {
          billing = { ...billing, ...camelKeys(body as Record<string, unknown>) };
          return ok(billing);
        },
      },
    });
    await screen.findByRole('heading', { name: 'Choose a plan for your business' });
    const seats = await screen.findByLabelText<HTMLInputElement>('Seats');
    // 3 people and 1 open invitation need 4 seats
    expect(seats.value).toBe('4');
    expect(screen.getByText('At least 4: your business has 3 people and 1 open invitations.')).toBeTruthy();
    expect(screen.getByTestId('price-pro').textContent).toMatch(/^EUR.336\.00 per seat and year$/);
    fireEvent.click(screen.getByRole('radio', { name: 'Pro' }));
    expect(screen.getByText('Referral code ref_42 applies.')).toBeTruthy();
    const pay = await screen.findByRole('button', { name: /^Pay EUR.1,344\.00 and upgrade$/ });
    // no billing address yet: it is asked before paying
    expect(await screen.findByTestId('address-first')).toBeTruthy();
    expect((pay as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: 'Bahnhofstrasse 1' } });
    fireEvent.change(screen.getByLabelText('Postal code'), { target: { value: '8001' } });
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Zürich' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save billing address' }));
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByTestId('address-first')).toBeNull();
    fireEvent.click(pay);
    await waitFor(() => expect(app.location()).toBe('/business/billing/plan'));
    // the plan page shows the plan bought, and the message of the purchase with it
    expect((await screen.findByTestId('plan-name')).textContent).toBe('Pro');
    // (beside the one that said the address was saved)
    expect(screen.getAllByTestId('snackbar').map((bar) => bar.textContent)).toContainEqual(
      expect.stringContaining('You are on the Pro plan now.'),
    );
    expect(sentBodies(app.fetch, 'PUT', '/v2/businesses/biz_1/subscriptions/upgrade')).toEqual([
      { plan: 'pro', cycle: 'yearly', amount_seats: 4, referral_code: 'ref_42' },
    ]);
    expect(localStorage.getItem('countersign.checkout.business')).toBeNull();
  });

  it('asks the card page to lead back to this checkout, which goes on with the choice', async () => {
    const api = {
      ...businessApi(makeFakeBusiness()),
      'GET /v2/businesses/price_plans': () => ok(planOffers),
      'GET /v2/businesses/biz_1/price_plan': () =>
        ok(makePricePlan({ plan: 'trial', cycle: null, paymentState: 'TRIALING', seats: 5 })),
      'GET /v2/businesses/biz_1/subscriptions/usage': () => ok(makeUsage({ purchased: 2, people: 3 })),
      'POST /v2/businesses/biz_1/subscriptions/upgrade/preview': () =>
        ok(makePreview({ totalMinor: 134_400 })),
      'POST /v2/businesses/biz_1/subscriptions/stripe_setup_intent': () =>
        ok({
          setupIntentId: 'seti_1',
          clientSecret: 'secret',
          redirectUrl: '/sandbox/payments/setup/seti_1?token=x',
        }),
    };
    const app = renderApp('/business/upgrade', { token: 't', api });
    fireEvent.click(await screen.findByRole('radio', { name: 'Pro' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add a card' }));
    await waitFor(() => expect(goToPaymentPage).toHaveBeenCalled());
    expect(sentBodies(app.fetch, 'POST', '/v2/businesses/biz_1/subscriptions/stripe_setup_intent')).toEqual([
      { country: 'CH', return_to: '/business/upgrade' },
    ]);
    app.unmount();
    // the provider sends the browser back to the checkout, where the plan chosen is still chosen
    renderApp('/business/upgrade?redirect_status=succeeded', { token: 't', api });
    expect(await screen.findByText('Your card is saved.')).toBeTruthy();
    expect((await screen.findByRole<HTMLInputElement>('radio', { name: 'Pro' })).checked).toBe(true);
  });

  it('points an individual user to registering a business first', async () => {
    renderApp('/business/upgrade', { token: 't', api: freeUser });
    await screen.findByText('Plans for businesses start with a business account.');
    expect(screen.getByRole('link', { name: 'Register a business' }).getAttribute('href')).toBe(
      '/business/register',
    );
  });
});
