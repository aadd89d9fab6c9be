// The plan page of a business through the whole app: what it says about the plan, the seats
// overlay and dialog with the server's preview and the plan's timestamp, the bank's 3-D Secure
// step of a seat change and the way back from it, cancelling and ending the trial through their
// dialogs, and the invoices listed and downloaded.
import { snakeKeys } from '@countersign/contract';
import type { PricePlan } from '@countersign/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { goToPaymentPage } from '../../features/billing/provider-redirect.js';
import { makePreview, makePricePlan, makeUsage, planOffers } from '../../test/billing-fixtures.js';
import { businessApi, makeFakeBusiness, problem } from '../../test/business-fixtures.js';
import { jsonResponse } from '../../test/fixtures.js';
import { renderApp, sentBodies } from '../../test/render-app.js';
import type { ApiHandler } from '../../test/render-app.js';

vi.mock('../../features/billing/provider-redirect.js', () => ({ goToPaymentPage: vi.fn(() => true) }));

const ok = (body: unknown) => jsonResponse(200, snakeKeys(body));
const base = '/v2/businesses/biz_1';

function billingApi(plan: { current: PricePlan }, extra: Record<string, ApiHandler> = {}) {
  return {
    ...businessApi(makeFakeBusiness()),
    [`GET ${base}/price_plan`]: () => ok(plan.current),
    [`GET ${base}/subscriptions/usage`]: () => ok(makeUsage()),
    [`GET ${base}/billing`]: () =>
      ok({
        address1: 'Bahnhofstrasse 1',
        address2: '',
        city: 'Zürich',
        country: 'CH',
        postalCode: '8001',
        vat: '',
        currency: 'EUR',
        paymentMethod: 'STRIPE',
        stripeSubscriptionStatus: 'active',
        card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
      }),
    'GET /v2/businesses/price_plans': () => ok(planOffers),
    'GET /v1/businesses/biz_1/invoices': () => ok({ invoices: [] }),
    ...extra,
  };
}

/** Seats previewed at EUR 48.50, and a change that goes through without the bank's step. */
function seatChangeApi(plan: { current: PricePlan }): Record<string, ApiHandler> {
  return {
    [`POST ${base}/subscriptions/seats/preview`]: ({ body }) =>
      ok(makePreview({ seats: (body as { seats: number }).seats, totalMinor: 4_850, subtotalMinor: 4_850 })),
    [`PUT ${base}/subscriptions/seats`]: ({ body }) => {
      plan.current = makePricePlan({ seats: (body as { seats: number }).seats, timestamp: 'v2' });
      return ok({ status: 'succeeded', actionUrl: null, charged: makePreview(), pricePlan: plan.current });
    },
  };
}

describe('the plan page', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.mocked(goToPaymentPage).mockClear();
  });

  it('says how the card page went and leads on to the purchase begun before', async () => {
    localStorage.setItem(
      'countersign.checkout.business',
      JSON.stringify({ plan: 'pro', cycle: 'yearly', seats: 4, promoCode: null, country: 'CH' }),
    );
    renderApp('/business/billing/plan?setup_intent=seti_1&redirect_status=succeeded', {
      token: 't',
      api: billingApi({ current: makePricePlan({ plan: 'trial', paymentState: 'TRIALING' }) }),
    });
    await screen.findByText('Your card is saved.');
    expect(screen.getByRole('link', { name: 'Continue with your purchase' }).getAttribute('href')).toBe(
      '/business/upgrade',
    );
    localStorage.clear();
  });

  it('shows the plan, the card, the usage against the allowance and the seats taken', async () => {
    renderApp('/business/billing/plan', { token: 't', api: billingApi({ current: makePricePlan() }) });
    expect((await screen.findByTestId('plan-name')).textContent).toBe('Pro');
    expect(screen.getByText('5 seats · Billed yearly')).toBeTruthy();
    expect(screen.getByTestId('plan-status').textContent).toBe('Renews on 1 Jan 2027, 00:00.');
    expect(await screen.findByText('visa ending in 4242, expires 12/2030')).toBeTruthy();
    expect((await screen.findByTestId('usage-aes')).textContent).toBe('3 of 50');
    expect(screen.getByTestId('usage-ses').textContent).toBe('12 (no limit)');
    expect(screen.getByTestId('usage-seats').textContent).toBe('4 of 5 taken (3 people, 1 open invitations)');
  });

  it('adds seats at the previewed price, sending the timestamp of the plan it showed', async () => {
    const plan = { current: makePricePlan() };
    const app = renderApp('/business/billing/plan', {
      token: 't',
      api: billingApi(plan, seatChangeApi(plan)),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add seats' }));
    const overlay = await screen.findByRole('dialog', { name: 'Add seats' });
    fireEvent.change(within(overlay).getByLabelText('Seats in total'), { target: { value: '7' } });
    await within(overlay).findByText('EUR 48.50', { selector: '[data-testid=preview-total]' });
    fireEvent.click(within(overlay).getByRole('button', { name: /^Pay EUR.48\.50 and add seats$/ }));
    await screen.findByText('You have 7 seats now.');
    expect(sentBodies(app.fetch, 'PUT', `${base}/subscriptions/seats`)).toEqual([
      { seats: 7, timestamp: 'v1' },
    ]);
    await waitFor(() => expect(screen.getByText('7 seats · Billed yearly')).toBeTruthy());
  });

  it("adds seats through the bank's 3-D Secure step, keeping the change for the way back", async () => {
    const app = renderApp('/business/billing/plan', {
      token: 't',
      api: billingApi(
        { current: makePricePlan() },
        {
          [`POST ${base}/subscriptions/seats/preview`]: () => ok(makePreview({ totalMinor: 4_850 })),
          [`PUT ${base}/subscriptions/seats`]: () =>
            ok({
              status: 'requires_action',
              actionUrl: '/sandbox/payments/payments/pay_2/authenticate?token=z',
              charged: makePreview(),
              pricePlan: makePricePlan(),
            }),
        },
      ),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add seats' }));
    const overlay = await screen.findByRole('dialog', { name: 'Add seats' });
    fireEvent.change(within(overlay).getByLabelText('Seats in total'), { target: { value: '7' } });
    const pay = await within(overlay).findByRole('button', { name: /^Pay EUR.48\.50 and add seats$/ });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(pay);
    await waitFor(() =>
      expect(goToPaymentPage).toHaveBeenCalledWith('/sandbox/payments/payments/pay_2/authenticate?token=z'),
    );
    expect(
      await screen.findByText('Your bank asks you to confirm the payment. Taking you there…'),
    ).toBeTruthy();
    expect(sentBodies(app.fetch, 'PUT', `${base}/subscriptions/seats`)).toEqual([
      { seats: 7, timestamp: 'v1' },
    ]);
    expect(JSON.parse(localStorage.getItem('countersign.checkout.seats') ?? '{}')).toMatchObject({
      plan: 'pro',
      seats: 7,
    });
  });

  it('offers a seat change the bank did not confirm again on return, as it was chosen', async () => {
    localStorage.setItem(
      'countersign.checkout.seats',
      JSON.stringify({ plan: 'pro', cycle: 'yearly', seats: 7, promoCode: null, country: 'CH' }),
    );
    const plan = { current: makePricePlan() };
    const app = renderApp('/business/billing/plan', {
      token: 't',
      api: billingApi(plan, seatChangeApi(plan)),
    });
    await screen.findByText(
      'Adding seats to 7 in total is not finished: your bank has not confirmed the payment.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Continue adding seats' }));
    const overlay = await screen.findByRole('dialog', { name: 'Add seats' });
    expect(within(overlay).getByLabelText<HTMLInputElement>('Seats in total').value).toBe('7');
    const pay = await within(overlay).findByRole('button', { name: /^Pay EUR.48\.50 and add seats$/ });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(pay);
    await screen.findByText('You have 7 seats now.');
    expect(sentBodies(app.fetch, 'PUT', `${base}/subscriptions/seats`)).toEqual([
      { seats: 7, timestamp: 'v1' },
    ]);
    expect(screen.queryByRole('button', { name: 'Continue adding seats' })).toBeNull();
    expect(localStorage.getItem('countersign.checkout.seats')).toBeNull();
  });

  it('forgets a kept seat change once the plan has those seats', async () => {
    localStorage.setItem(
      'countersign.checkout.seats',
      JSON.stringify({ plan: 'pro', cycle: 'yearly', seats: 5, promoCode: null, country: 'CH' }),
    );
    renderApp('/business/billing/plan', { token: 't', api: billingApi({ current: makePricePlan() }) });
    expect(await screen.findByText('5 seats · Billed yearly')).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem('countersign.checkout.seats')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Continue adding seats' })).toBeNull();
  });

  it('keeps the overlay open and says why when the plan changed meanwhile', async () => {
    renderApp('/business/billing/plan', {
      token: 't',
      api: billingApi(
        { current: makePricePlan() },
        {
          [`POST ${base}/subscriptions/seats/preview`]: () => ok(makePreview()),
          [`PUT ${base}/subscriptions/seats`]: () => problem(409, 'billing.stale_timestamp'),
        },
      ),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add seats' }));
    const overlay = await screen.findByRole('dialog', { name: 'Add seats' });
    const pay = await within(overlay).findByRole('button', { name: /^Pay EUR/ });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(pay);
    await within(overlay).findByText('The plan was changed meanwhile. Please reload it and try again.');
  });

  it('removes seats down to what people and invitations take, showing the credit', async () => {
    const app = renderApp('/business/billing/plan', {
      token: 't',
      api: billingApi(
        { current: makePricePlan() },
        {
          [`POST ${base}/subscriptions/seats/preview`]: () => ok(makePreview({ totalMinor: -1_200 })),
          [`PUT ${base}/subscriptions/seats`]: () =>
            ok({
              status: 'succeeded',
              actionUrl: null,
              charged: makePreview(),
              pricePlan: makePricePlan({ seats: 4 }),
            }),
        },
      ),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove seats' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove seats' });
    const field = within(dialog).getByLabelText<HTMLInputElement>('Seats in total');
    // 3 people and 1 invitation take 4 of the 5 seats
    expect(field.min).toBe('4');
    expect(field.value).toBe('4');
    await within(dialog).findByText('Credited for the days left: EUR 12.00.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove seats' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBodies(app.fetch, 'PUT', `${base}/subscriptions/seats`)).toEqual([
      { seats: 4, timestamp: 'v1' },
    ]);
  });

  it('cancels the subscription after asking, and revokes the cancellation', async () => {
    const plan = { current: makePricePlan() };
    const app = renderApp('/business/billing/plan', {
      token: 't',
      api: billingApi(plan, {
        [`PUT ${base}/base`]: ({ body }) => {
          const type = (body as { type: string }).type;
          plan.current = makePricePlan({
            next: type === 'CANCELED' ? { base: { type, startAt: null, endAt: null } } : null,
          });
          return ok(plan.current);
        },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the subscription?' });
    expect(dialog.textContent).toContain('The Pro plan stays active until 1 Jan 2027, 00:00.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    await screen.findByText(
      'Cancelled: the plan ends on 1 Jan 2027, 00:00. You can revoke the cancellation until then.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Revoke cancellation' }));
    await screen.findByText('The cancellation is revoked; your plan renews as before.');
    expect(sentBodies(app.fetch, 'PUT', `${base}/base`)).toEqual([{ type: 'CANCELED' }, { type: 'pro' }]);
  });

  it('ends a trial after asking', async () => {
    const plan = {
      current: makePricePlan({
        plan: 'trial',
        cycle: null,
        paymentState: 'TRIALING',
        trialEndsAt: '2026-12-08T00:00:00.000Z',
      }),
    };
    const app = renderApp('/business/billing/plan', {
      token: 't',
      api: billingApi(plan, {
        'POST /v1/businesses/biz_1/cancel-trial': () => {
          plan.current = makePricePlan({ plan: 'trial', cycle: null, paymentState: 'NEEDS_PAYMENT_METHOD' });
          return ok(plan.current);
        },
      }),
    });
    expect((await screen.findByTestId('plan-status')).textContent).toBe(
      'Your trial ends on 8 Dec 2026, 00:00.',
    );
    expect(screen.getByRole('link', { name: 'Choose a plan' }).getAttribute('href')).toBe(
      '/business/upgrade',
    );
    expect(screen.queryByRole('button', { name: 'Add seats' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'End trial now' }));
    const dialog = await screen.findByRole('dialog', { name: 'End the trial now?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'End trial' }));
    await screen.findByText('The trial has ended.');
    // an expired business's admin may stay here: it is where paying happens
    await screen.findByText('Your trial has ended. Choose a plan to keep sending requests.');
    expect(app.location()).toBe('/business/billing/plan');
  });

  it("lists the business's invoices and downloads one as the sealed PDF the server names", async () => {
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:pdf');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const invoice = {
      id: 'inv_1',
      number: 'INV-CH-000002',
      kind: 'invoice',
      issuer: 'CH',
      currency: 'CHF',
      lines: [{ description: 'Plan: Pro plan', amountMinor: 56_832, taxMinor: 4_603 }],
      subtotalMinor: 56_832,
      taxMinor: 4_603,
      totalMinor: 61_435,
      paymentId: 'pi_1',
      creditsInvoiceId: null,
      issuedAt: '2026-12-13T10:01:00.000Z',
      status: 'paid',
    };
    const app = renderApp('/business/billing/plan', {
      token: 't',
      api: billingApi(
        { current: makePricePlan() },
        {
          'GET /v1/businesses/biz_1/invoices': () => ok({ invoices: [invoice] }),
          'GET /v1/businesses/biz_1/invoices/inv_1/pdf': () =>
            new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
              headers: {
                'content-type': 'application/pdf',
                'content-disposition': 'attachment; filename="INV-CH-000002.pdf"',
              },
            }),
        },
      ),
    });
    const row = await screen.findByTestId('invoice-row');
    expect([...row.querySelectorAll('td')].slice(0, 4).map((cell) => cell.textContent)).toEqual([
      'INV-CH-000002',
      '13 Dec 2026, 10:01',
      'CHF\u00a0614.35',
      'Paid',
    ]);
    fireEvent.click(within(row).getByRole('button', { name: 'Download PDF INV-CH-000002' }));
    await waitFor(() => expect(saved).toEqual(['INV-CH-000002.pdf']));
    expect(
      app.fetch.mock.calls.some(([url]) => String(url).endsWith('/v1/businesses/biz_1/invoices/inv_1/pdf')),
    ).toBe(true);
  });
});

describe('the extras page', () => {
  it('lists the identification licences, the seat range, the allowance and the referral code', async () => {
    renderApp('/business/extras', {
      token: 't',
      api: billingApi(
        { current: makePricePlan() },
        {
          [`GET ${base}/customextras`]: () =>
            ok({
              licenses: makePricePlan().licenses,
              seats: { purchased: 5, min: 1, max: 50 },
              signaturesPerSeat: { ses: null, aes: 20, qes: 5 },
            }),
          [`GET ${base}/subscriptions/coupons/referral_code`]: () => ok({ referralCode: 'ACME-10' }),
        },
      ),
    });
    expect((await screen.findByTestId('licence-eidas-members')).textContent).toBe('Included');
    expect(screen.getByTestId('licence-zertes-members').textContent).toBe('Not included');
    expect(screen.getByTestId('extras-seats').textContent).toBe('5 bought; the plan allows 1 to 50');
    expect((await screen.findByTestId('referral-code')).textContent).toBe('ACME-10');
  });
});
