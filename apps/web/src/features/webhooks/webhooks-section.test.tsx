// The webhook pages (ADR 069) on a person's settings: an endpoint added with its events shows its
// signing secret once; it can be changed, disabled, given a new secret and removed; its delivery log
// shows each answer's HTTP status (or why there was none) and sends a delivery again.
import { snakeKeys } from '@countersign/contract';
import type { WebhookDelivery, WebhookEndpoint } from '@countersign/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser } from '../../test/fixtures.js';
import { renderApp, sentBodies } from '../../test/render-app.js';

const HOOKS = '/v1/user/webhooks';

const endpointOf = (over: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: 'wh_1',
  url: 'https://erp.example/hooks',
  description: 'ERP',
  events: ['signature_request.completed'],
  enabled: true,
  disabledReason: null,
  failingSince: null,
  createdAt: '2026-11-20T10:00:00Z',
  secretSetAt: '2026-11-20T10:00:00Z',
  ...over,
});

const deliveryOf = (over: Partial<WebhookDelivery>): WebhookDelivery => ({
  id: 'd1',
  messageId: 'msg_1',
  eventType: 'signature_request.completed',
  status: 'delivered',
  attempts: 1,
  lastResponseStatus: 204,
  lastError: null,
  lastAttemptAt: '2026-11-21T10:00:00Z',
  nextAttemptAt: null,
  createdAt: '2026-11-21T10:00:00Z',
  ...over,
});

function open() {
  let endpoints: WebhookEndpoint[] = [];
  const app = renderApp('/profile/settings', {
    token: 'tok',
    api: {
      'GET /v1/user': () => jsonResponse(200, makeUser()),
      [`GET ${HOOKS}`]: () => jsonResponse(200, snakeKeys({ endpoints })),
      [`POST ${HOOKS}`]: ({ body }) => {
        const b = body as { url: string; description: string; events: WebhookEndpoint['events'] };
        endpoints = [endpointOf({ url: b.url, description: b.description, events: b.events })];
        return jsonResponse(201, snakeKeys({ endpoint: endpoints[0], secret: 'whsec_first' }));
      },
      [`PUT ${HOOKS}/wh_1`]: ({ body }) => {
        endpoints = [endpointOf({ ...endpoints[0], ...(body as Partial<WebhookEndpoint>) })];
        return jsonResponse(200, snakeKeys(endpoints[0]));
      },
      [`POST ${HOOKS}/wh_1/rotate-secret`]: () =>
        jsonResponse(200, snakeKeys({ endpoint: endpoints[0], secret: 'whsec_second' })),
      [`DELETE ${HOOKS}/wh_1`]: () => {
        endpoints = [];
        return jsonResponse(200, { ok: true });
      },
      [`GET ${HOOKS}/wh_1/deliveries`]: () =>
        jsonResponse(
          200,
          snakeKeys({
            deliveries: [
              deliveryOf({ id: 'd2', status: 'failed', attempts: 3, lastResponseStatus: 500 }),
              deliveryOf({ id: 'd3', status: 'pending', lastResponseStatus: null, lastError: 'timed out' }),
              deliveryOf({}),
            ],
          }),
        ),
      [`POST ${HOOKS}/wh_1/deliveries/d2/redeliver`]: () =>
        jsonResponse(200, snakeKeys(deliveryOf({ id: 'd2', status: 'pending' }))),
    },
  });
  return app;
}

describe('webhooks on the settings page', () => {
  it('adds an endpoint with its events and shows its secret once', async () => {
    const app = open();
    // the settings screen loads on demand
    expect(await screen.findByText('No webhook endpoint yet.', {}, { timeout: 10_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(
      await screen.findByText('Please enter an http or https address without a user name or password.'),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Address (URL)'), {
      target: { value: 'https://erp.example/hooks' },
    });
    fireEvent.change(screen.getByLabelText('What it is for (optional)'), { target: { value: 'ERP' } });
    fireEvent.click(screen.getByLabelText('Signed by a signer'));
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const secret = await screen.findByTestId('webhook-secret');
    expect(within(secret).getByTestId('webhook-secret-value').textContent).toBe('whsec_first');
    expect(sentBodies(app.fetch, 'POST', HOOKS)).toEqual([
      {
        url: 'https://erp.example/hooks',
        description: 'ERP',
        events: ['signature_request.signed', 'signature_request.completed'],
      },
    ]);
    fireEvent.click(within(secret).getByRole('button', { name: 'I have stored it' }));
    expect(screen.queryByTestId('webhook-secret')).toBeNull();
    const card = await screen.findByTestId('webhook-endpoint');
    expect(within(card).getByText('Signed by a signer, Request completed')).toBeTruthy();
  });

  it('disables, rotates, reads the delivery log, redelivers and removes', async () => {
    const app = open();
    fireEvent.change(await screen.findByLabelText('Address (URL)', {}, { timeout: 10_000 }), {
      target: { value: 'https://erp.example/hooks' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    fireEvent.click(
      await within(await screen.findByTestId('webhook-secret')).findByRole('button', {
        name: 'I have stored it',
      }),
    );
    const card = await screen.findByTestId('webhook-endpoint');

    fireEvent.click(within(card).getByRole('button', { name: 'Disable' }));
    expect(await within(card).findByText('Disabled')).toBeTruthy();
    expect(sentBodies(app.fetch, 'PUT', `${HOOKS}/wh_1`)).toEqual([{ enabled: false }]);

    fireEvent.click(within(card).getByRole('button', { name: 'New signing secret' }));
    expect((await screen.findByTestId('webhook-secret-value')).textContent).toBe('whsec_second');
    expect(sentBodies(app.fetch, 'POST', `${HOOKS}/wh_1/rotate-secret`)).toEqual([
      { keep_previous_hours: 24 },
    ]);

    fireEvent.click(within(card).getByRole('button', { name: 'Delivery log' }));
    const rows = await within(card).findAllByTestId('webhook-delivery');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Failed3500'),
      expect.stringContaining('Pending1timed out'),
      expect.stringContaining('Delivered1204'),
    ]);
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Send again' }));
    await screen.findAllByTestId('webhook-delivery');
    expect(sentBodies(app.fetch, 'POST', `${HOOKS}/wh_1/deliveries/d2/redeliver`)).toHaveLength(1);

    fireEvent.click(within(card).getByRole('button', { name: 'Remove' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Remove for good' }));
    expect(await screen.findByText('No webhook endpoint yet.')).toBeTruthy();
  });
});
