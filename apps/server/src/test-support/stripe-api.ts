// A local HTTP server answering the Stripe API calls the Stripe adapter makes, as Stripe answers
// them (form-encoded requests, JSON objects, card errors with the payment intent they left, replays
// by Idempotency-Key), so the adapter is tested through the official SDK without Stripe's servers.
// Cards are the payment methods Stripe's test mode names: pm_card_visa succeeds,
// pm_card_chargeDeclined is declined, pm_card_authenticationRequired needs the card holder.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

interface Card {
  brand: string;
  last4: string;
  outcome: 'succeeds' | 'declined' | 'authentication_required' | 'redirect';
}

const CARDS: Record<string, Card> = {
  pm_card_visa: { brand: 'visa', last4: '4242', outcome: 'succeeds' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', outcome: 'declined' },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184', outcome: 'authentication_required' },
  pm_card_threeDSecureRedirect: { brand: 'visa', last4: '3063', outcome: 'redirect' },
};

export interface StripeCall {
  method: string;
  path: string;
  params: Record<string, string>;
  idempotencyKey: string | undefined;
}

export interface LocalStripe {
  url: string;
  secretKey: string;
  calls: StripeCall[];
  /** What Stripe.js does in the browser when the card holder completes a setup intent. */
  saveCard(customerId: string, paymentMethod: keyof typeof CARDS, asDefault?: boolean): void;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

export async function startLocalStripe(secretKey = 'sk_test_local'): Promise<LocalStripe> {
  const customers = new Map<
    string,
    { id: string; cards: string[]; defaultMethod: string | null; body: Record<string, string> }
  >();
  const replies = new Map<string, { params: string; status: number; body: unknown }>();
  const calls: StripeCall[] = [];

  const paymentMethod = (pmId: string, customer: string) => ({
    id: pmId,
    object: 'payment_method',
    type: 'card',
    customer,
    card: { brand: CARDS[pmId]!.brand, last4: CARDS[pmId]!.last4, exp_month: 12, exp_year: 2030 },
  });
  const customerObject = (
    c: { id: string; defaultMethod: string | null; body: Record<string, string> },
    expand: boolean,
  ) => ({
    id: c.id,
    object: 'customer',
    email: c.body['email'],
    name: c.body['name'],
    invoice_settings: {
      default_payment_method:
        c.defaultMethod && (expand ? paymentMethod(c.defaultMethod, c.id) : c.defaultMethod),
    },
  });
  const missing = (what: string) => ({
    status: 404,
    body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } },
  });

  function answer(
    method: string,
    path: string,
    params: Record<string, string>,
  ): { status: number; body: unknown } {
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const c = { id: id('cus'), cards: [], defaultMethod: null, body: params };
      customers.set(c.id, c);
      return { status: 200, body: customerObject(c, false) };
    }
    if (method === 'GET' && (m = /^\/v1\/customers\/([^/]+)$/.exec(path))) {
      const c = customers.get(m[1]!);
      if (!c) return missing('customer');
      const expand = Object.entries(params).some(
        ([k, v]) => k.startsWith('expand') && v === 'invoice_settings.default_payment_method',
      );
      return { status: 200, body: customerObject(c, expand) };
    }
    if (method === 'GET' && (m = /^\/v1\/customers\/([^/]+)\/payment_methods$/.exec(path))) {
      const c = customers.get(m[1]!);
      if (!c) return missing('customer');
      const newestFirst = [...c.cards].reverse().slice(0, Number(params['limit'] ?? 10));
      return {
        status: 200,
        body: {
          object: 'list',
          data: newestFirst.map((pm) => paymentMethod(pm, c.id)),
          has_more: false,
          url: path,
        },
      };
    }
    if (method === 'POST' && path === '/v1/setup_intents') {
      if (!customers.has(params['customer'] ?? '')) return missing('customer');
      const seti = id('seti');
      return {
        status: 200,
        body: {
          id: seti,
          object: 'setup_intent',
          customer: params['customer'],
          status: 'requires_payment_method',
          client_secret: `${seti}_secret_${id('s')}`,
        },
      };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const card = CARDS[params['payment_method'] ?? ''];
      if (!card || !customers.has(params['customer'] ?? '')) return missing('payment method');
      const intent = {
        id: id('pi'),
        object: 'payment_intent',
        amount: Number(params['amount']),
        currency: params['currency'],
        customer: params['customer'],
        status: 'succeeded',
        next_action: null as unknown,
        last_payment_error: null as unknown,
      };
      if (card.outcome === 'succeeds') return { status: 200, body: intent };
      if (card.outcome === 'redirect')
        return {
          status: 200,
          body: {
            ...intent,
            status: 'requires_action',
            next_action: {
              type: 'redirect_to_url',
              redirect_to_url: { url: `https://hooks.stripe.test/3ds/${intent.id}` },
            },
          },
        };
      const code = card.outcome === 'declined' ? 'card_declined' : 'authentication_required';
      const error = {
        type: 'card_error',
        code,
        ...(code === 'card_declined' && { decline_code: 'generic_decline' }),
        message: 'Your card was declined.',
      };
      return {
        status: 402,
        body: {
          error: {
            ...error,
            payment_intent: { ...intent, status: 'requires_payment_method', last_payment_error: error },
          },
        },
      };
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!customers.has(params['customer'] ?? '')) return missing('customer');
      const session = id('bps');
      return {
        status: 200,
        body: {
          id: session,
          object: 'billing_portal.session',
          url: `https://billing.stripe.test/p/session/${session}`,
          return_url: params['return_url'],
        },
      };
    }
    return {
      status: 404,
      body: {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` },
      },
    };
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const params = Object.fromEntries(new URLSearchParams(req.method === 'GET' ? url.search : raw));
      const key = req.headers['idempotency-key'] as string | undefined;
      calls.push({ method: req.method ?? '', path: url.pathname, params, idempotencyKey: key });
      let reply: { status: number; body: unknown };
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        reply = {
          status: 401,
          body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } },
        };
      } else if (key && req.method === 'POST' && replies.has(key)) {
        const earlier = replies.get(key)!;
        reply =
          earlier.params === JSON.stringify(params)
            ? earlier
            : {
                status: 400,
                body: {
                  error: {
                    type: 'idempotency_error',
                    message: 'Keys for idempotent requests can only be used with the same parameters',
                  },
                },
              };
      } else {
        reply = answer(req.method ?? '', url.pathname, params);
        if (key && req.method === 'POST') replies.set(key, { ...reply, params: JSON.stringify(params) });
      }
      res.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    calls,
    saveCard(customerId, pm, asDefault = false) {
      const c = customers.get(customerId);
      if (!c) throw new Error(`no customer ${customerId}`);
      c.cards.push(pm);
      if (asDefault) c.defaultMethod = pm;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
