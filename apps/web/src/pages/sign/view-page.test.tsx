import { snakeKeys } from '@countersign/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fixtures.js';
import { renderApp, sentBodies } from '../../test/render-app.js';
import { LOCKED_RETRIES } from '../../features/signing/retry-while-locked.js';
import { makeRequest, problem, viewApi, CONSENT_EN, reviewAndSign } from './sign-fixtures.js';

/** The answer to a signature that leaves the request open. */
const signedOpen = () =>
  jsonResponse(200, {
    results: [{ signature_request_id: 'sr1', ok: true, code: null, request_status: 'open' }],
  });

const lockedProblem = {
  type: 'about:blank',
  title: 'Locked',
  status: 409,
  code: 'signature_request.locked',
  retry_after_seconds: 2,
};

// Leaving the app is observed, not performed; the checks before it are the real ones.
const navigated = vi.hoisted(() => vi.fn());
vi.mock('../../features/signing/leave.js', async (importOriginal) => {
  const { observeLeaving } = await import('../../test/observed-leaving.js');
  return observeLeaving(await importOriginal(), navigated);
});

/** The request as its business's page sees it: the shop's origin is registered (ADR 064). */
const ofTheShop = { redirectOrigins: ['https://shop.example'] };

beforeEach(() => {
  sessionStorage.clear();
  navigated.mockClear();
});
afterEach(() => vi.useRealTimers());

describe('/view/{srid}', () => {
  it('shows the request, its signers with their status, and only the actions the server allows', async () => {
    renderApp('/view/sr1', { token: 't', api: viewApi() });
    await screen.findByRole('heading', { name: 'Lease agreement' });
    const signers = screen.getAllByTestId('signer');
    expect(signers.map((s) => s.textContent)).toEqual([
      expect.stringContaining('Ada Lovelace(you)To sign'),
      expect.stringContaining('bob@example.comSigned'),
    ]);
    expect(screen.getAllByTestId('document-page')).toHaveLength(2);
    const bar = screen.getByRole('region', { name: 'Sign or decline' });
    expect(within(bar).getByRole('button', { name: 'Sign' })).toBeTruthy();
    expect(within(bar).getByRole('button', { name: 'Decline' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pass on to someone else' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Withdraw request' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remind signers' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Signature protocol' })).toBeTruthy();
  });

  it('says until when an open request can be signed, and names the expiry and the people in the history', async () => {
    renderApp('/view/sr1', {
      token: 't',
      api: viewApi({
        'GET /v3/signature-requests/sr1': () =>
          jsonResponse(200, snakeKeys(makeRequest({ expiresAt: '2026-12-24T16:30:00.000Z' }))),
        'GET /v3/signature-requests/sr1/events': () =>
          jsonResponse(200, {
            events: [
              {
                seq: 4,
                type: 'initiated',
                at: '2026-12-01T09:00:00.000Z',
                actor: { kind: 'owner', id: 'usr_owner', email: 'owner@example.com' },
                ip: null,
                data: {},
                prev_hash: 'c'.repeat(64),
                hash: 'a'.repeat(64),
              },
              {
                seq: 5,
                type: 'expired',
                at: '2026-12-24T16:30:00.000Z',
                actor: { kind: 'system', id: null, email: null },
                ip: null,
                data: {},
                prev_hash: 'a'.repeat(64),
                hash: 'b'.repeat(64),
              },
            ],
            chain_valid: true,
          }),
      }),
    });
    expect((await screen.findByTestId('open-until')).textContent).toMatch(
      /^Open for signatures until 24 Dec 2026/,
    );
    fireEvent.click(screen.getByText('History'));
    expect(await screen.findByText('Request expired')).toBeTruthy();
    // people by name where the request knows it
    expect(screen.getByText(/· Olga Owner$/)).toBeTruthy();
  });

  it('signs with the chosen visual signature and shows the success overlay with the exit countdown', async () => {
    const app = renderApp('/view/sr1?exit=https%3A%2F%2Fshop.example%2Fdone&redirectTimeout=30', {
      token: 't',
      api: viewApi({
        'GET /v3/signature-requests/sr1': () => jsonResponse(200, snakeKeys(makeRequest(ofTheShop))),
      }),
    });
    fireEvent.click(await screen.findByRole('radio', { name: /Private/ }));
    await reviewAndSign();
    const overlay = await screen.findByRole('dialog', { name: 'Signed' });
    expect(sentBodies(app.fetch, 'POST', '/v3/sign')).toEqual([
      {
        signature_requests: [{ signature_request_id: 'sr1', visual_signature_id: 'vs2' }],
        language: 'en',
        consent: CONSENT_EN,
      },
    ]);
    expect(within(overlay).getByTestId('exit-countdown').textContent).toBe('You will be taken back in 30 s.');
    expect(within(overlay).getByRole('button', { name: 'Continue to shop.example' })).toBeTruthy();
    fireEvent.click(within(overlay).getByRole('button', { name: 'Stay here' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sessionStorage.getItem('countersign.last-handled-request')).toBe('sr1');
  });

  it("runs one exit countdown, and 'Stay here' stops it for good", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let hasSigned = false;
    const signed = makeRequest({
      ...ofTheShop,
      signatures: makeRequest().signatures.map((s) => ({ ...s, status: 'signed' as const })),
      you: { roles: ['signer'], signatureId: 'sig1', allowedActions: ['view', 'download', 'view_events'] },
    });
    renderApp('/view/sr1?exit=https%3A%2F%2Fshop.example%2Fdone&redirectTimeout=10', {
      token: 't',
      api: viewApi({
        // after signing, the refreshed request no longer offers 'sign'
        'GET /v3/signature-requests/sr1': () =>
          jsonResponse(200, snakeKeys(hasSigned ? signed : makeRequest(ofTheShop))),
        'POST /v3/sign': () => {
          hasSigned = true;
          return jsonResponse(200, {
            results: [{ signature_request_id: 'sr1', ok: true, code: null, request_status: 'open' }],
          });
        },
      }),
    });
    await reviewAndSign();
    const overlay = await screen.findByRole('dialog', { name: 'Signed' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Sign or decline' })).toBeNull());
    expect(screen.getAllByTestId('exit-countdown')).toHaveLength(1);

    fireEvent.click(within(overlay).getByRole('button', { name: 'Stay here' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // second by second, so React renders each tick of a countdown, past redirectTimeout (10 s)
    for (let second = 0; second < 15; second++) await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(navigated).not.toHaveBeenCalled();
    expect(screen.queryByTestId('exit-countdown')).toBeNull();
    // the way out stays offered, without a countdown
    expect(screen.getByRole('button', { name: 'Continue to shop.example' })).toBeTruthy();
  });

  it('goes to /signed after signing when no valid exit address was given', async () => {
    const app = renderApp('/view/sr1?exit=javascript%3Aalert(1)', { token: 't', api: viewApi() });
    await reviewAndSign();
    const overlay = await screen.findByRole('dialog', { name: 'Signed' });
    expect(within(overlay).queryByTestId('exit-countdown')).toBeNull();
    fireEvent.click(within(overlay).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(app.location()).toBe('/signed?srid=sr1'));
    expect(await screen.findByRole('heading', { name: 'Thank you for signing' })).toBeTruthy();
  });

  it('shows the locked overlay without signing while another signature holds the document', async () => {
    const app = renderApp('/view/sr1', {
      token: 't',
      api: viewApi({
        'GET /v3/signature-requests/sr1/lock-status': () =>
          jsonResponse(200, { locked: true, locked_until: '2026-01-01T10:00:05.000Z' }),
      }),
    });
    await reviewAndSign();
    expect(await screen.findByRole('dialog', { name: 'Please wait a moment' })).toBeTruthy();
    expect(sentBodies(app.fetch, 'POST', '/v3/sign')).toEqual([]);
  });

  it('leads to identification only when the signature still needs it (advanced level)', async () => {
    const identMethod = (isSatisfied: boolean) => () =>
      jsonResponse(200, {
        signature_id: 'sig1',
        quality: 'aes',
        legislation: 'eidas',
        is_satisfied: isSatisfied,
        methods: isSatisfied ? [] : [{ provider: 'srs', method: 'video' }],
        identification: null,
      });
    const advanced = () => jsonResponse(200, snakeKeys(makeRequest({ quality: 'aes' })));
    const bar = async () => {
      await screen.findByRole('heading', { name: 'Lease agreement' });
      return screen.getByRole('region', { name: 'Sign or decline' });
    };
    // a member their business vouches for (or anyone identified) signs straight away
    const vouched = renderApp('/view/sr1', {
      token: 't',
      api: viewApi({
        'GET /v3/signature-requests/sr1': advanced,
        'GET /v3/signature-requests/sr1/signatures/sig1/ident-method': identMethod(true),
      }),
    });
    await waitFor(() =>
      expect(vouched.fetch.mock.calls.some(([url]) => String(url).endsWith('/ident-method'))).toBe(true),
    );
    expect(within(await bar()).getByRole('button', { name: 'Sign' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Identify yourself to sign' })).toBeNull();
    vouched.unmount();

    renderApp('/view/sr1', {
      token: 't',
      api: viewApi({
        'GET /v3/signature-requests/sr1': advanced,
        'GET /v3/signature-requests/sr1/signatures/sig1/ident-method': identMethod(false),
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Identify yourself to sign' })).toBeTruthy();
    expect(within(await bar()).queryByRole('button', { name: 'Sign' })).toBeNull();
    expect(
      within(await bar())
        .getByRole('link', { name: 'Identify yourself' })
        .getAttribute('href'),
    ).toBe('/profile/signature-standards');
  });

  it('shows the failure overlay with the reason the server gives', async () => {
    renderApp('/view/sr1', {
      token: 't',
      api: viewApi({ 'POST /v3/sign': () => problem(403, 'signing.quality_not_available') }),
    });
    await reviewAndSign();
    const overlay = await screen.findByRole('dialog', { name: 'Signing failed' });
    expect(overlay.textContent).toContain('needs an identification you have not completed');
    fireEvent.click(within(overlay).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the exhausted-signatures overlay when the allowance of the period is used up', async () => {
    const app = renderApp('/view/sr1', {
      token: 't',
      api: viewApi({ 'POST /v3/sign': () => problem(402, 'billing.signatures_exhausted') }),
    });
    await reviewAndSign();
    const overlay = await screen.findByRole('dialog', { name: 'All signatures of this period are used' });
    // a person on their own plan is shown the plans
    fireEvent.click(within(overlay).getByRole('link', { name: 'See plans' }));
    await waitFor(() => expect(app.location()).toBe('/upgrade'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('declines with a message through the dialog and goes to /declined', async () => {
    const app = renderApp('/view/sr1', {
      token: 't',
      api: viewApi({
        'POST /v3/signature-requests/sr1/decline': () =>
          jsonResponse(200, snakeKeys(makeRequest({ status: 'declined' }))),
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline to sign' });
    fireEvent.change(within(dialog).getByLabelText('Message (optional)'), {
      target: { value: 'Wrong rent amount' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(app.location()).toBe('/declined?srid=sr1'));
    expect(sentBodies(app.fetch, 'POST', '/v3/signature-requests/sr1/decline')).toEqual([
      { message: 'Wrong rent amount' },
    ]);
  });

  it('sends a missing request to /not-available', async () => {
    const app = renderApp('/view/sr1', {
      token: 't',
      api: viewApi({ 'GET /v3/signature-requests/sr1': () => problem(404, 'signature_request.not_found') }),
    });
    await waitFor(() => expect(app.location()).toBe('/not-available'));
    expect(await screen.findByRole('heading', { name: 'Signature request not available' })).toBeTruthy();
  });

  it('says so when the signature protocol does not exist yet', async () => {
    renderApp('/view/sr1', {
      token: 't',
      api: viewApi({ 'GET /v3/signature-requests/sr1/report': () => problem(404, 'route.not_found') }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Signature protocol' }));
    expect(await screen.findByText('The signature protocol is not available yet.')).toBeTruthy();
  });

  it("gives the owner the owner's actions: withdraw with a message, remind, add an observer", async () => {
    const owned = makeRequest({
      you: {
        roles: ['owner'],
        signatureId: null,
        allowedActions: [
          'view',
          'download',
          'withdraw',
          'remind',
          'add_observer',
          'add_signer',
          'view_events',
        ],
      },
    });
    const app = renderApp('/view/sr1', {
      token: 't',
      api: viewApi({
        'GET /v3/signature-requests/sr1': () => jsonResponse(200, snakeKeys(owned)),
        'POST /v3/signature-requests/sr1/remind': () => jsonResponse(200, { reminded: 1 }),
        'POST /v3/signature-requests/sr1/observers': () => jsonResponse(201, snakeKeys(owned)),
        'POST /v3/signature-requests/sr1/withdraw': () =>
          jsonResponse(200, snakeKeys({ ...owned, status: 'withdrawn', endMessage: 'Replaced by v2' })),
      }),
    });
    await screen.findByRole('heading', { name: 'Lease agreement' });
    expect(screen.queryByRole('region', { name: 'Sign or decline' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Remind signers' }));
    expect(await screen.findByText('Reminders sent: 1')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add observer' }));
    const observerDialog = await screen.findByRole('dialog', { name: 'Add an observer' });
    fireEvent.click(within(observerDialog).getByRole('button', { name: 'Add observer' }));
    expect(await within(observerDialog).findByText('This field is required')).toBeTruthy();
    fireEvent.change(within(observerDialog).getByLabelText('E-mail address'), {
      target: { value: 'eve@example.com' },
    });
    fireEvent.click(within(observerDialog).getByRole('button', { name: 'Add observer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBodies(app.fetch, 'POST', '/v3/signature-requests/sr1/observers')).toEqual([
      { email: 'eve@example.com' },
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Withdraw request' }));
    const withdrawDialog = await screen.findByRole('dialog', { name: 'Withdraw the request' });
    fireEvent.change(within(withdrawDialog).getByLabelText('Message (optional)'), {
      target: { value: 'Replaced by v2' },
    });
    fireEvent.click(within(withdrawDialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByTestId('end-message')).toHaveProperty('textContent', 'Replaced by v2');
    expect(sentBodies(app.fetch, 'POST', '/v3/signature-requests/sr1/withdraw')).toEqual([
      { message: 'Replaced by v2' },
    ]);
  });

  it("announces spec 8's messages when reminding or adding people fails", async () => {
    const owned = makeRequest({
      you: {
        roles: ['owner'],
        signatureId: null,
        allowedActions: ['view', 'download', 'remind', 'add_observer', 'add_signer'],
      },
    });
    renderApp('/view/sr1', {
      token: 't',
      api: viewApi({
        'GET /v3/signature-requests/sr1': () => jsonResponse(200, snakeKeys(owned)),
        'POST /v3/signature-requests/sr1/remind': () => problem(429, 'rate_limit.exceeded'),
        'POST /v3/signature-requests/sr1/observers': () => problem(400, 'request.validation_failed'),
        'POST /v3/signature-requests/sr1/signatures': () =>
          problem(409, 'signature_request.duplicate_signer'),
      }),
    });
    await screen.findByRole('heading', { name: 'Lease agreement' });

    fireEvent.click(screen.getByRole('button', { name: 'Remind signers' }));
    expect(await screen.findByText('Failed to remind signers')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add observer' }));
    const observerDialog = await screen.findByRole('dialog', { name: 'Add an observer' });
    fireEvent.change(within(observerDialog).getByLabelText('E-mail address'), {
      target: { value: 'eve@example.com' },
    });
    fireEvent.click(within(observerDialog).getByRole('button', { name: 'Add observer' }));
    expect(await screen.findByText('Failed to add observer')).toBeTruthy();
    // the dialog stays open and says precisely what was wrong
    expect(
      within(observerDialog).getByText('Some fields are not valid. Please check your entries.'),
    ).toBeTruthy();
    fireEvent.click(within(observerDialog).getByRole('button', { name: 'Close' }));

    fireEvent.click(screen.getByRole('button', { name: 'Add signer' }));
    const signerDialog = await screen.findByRole('dialog', { name: 'Add a signer' });
    fireEvent.change(within(signerDialog).getByLabelText('E-mail address'), {
      target: { value: 'carl@example.com' },
    });
    fireEvent.click(within(signerDialog).getByRole('button', { name: 'Add signer' }));
    expect(await screen.findByText('Failed to invite signer')).toBeTruthy();
  });

  it('asks for a TAN when the signing provider wants one and signs again with it', async () => {
    let calls = 0;
    const app = renderApp('/view/sr1', {
      token: 't',
      api: viewApi({
        'POST /v3/sign': () => (++calls === 1 ? problem(403, 'signing.tan_required') : signedOpen()),
      }),
    });
    await reviewAndSign();
    const dialog = await screen.findByRole('dialog', { name: 'Confirm with your code' });
    fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm and sign' }));
    expect(await screen.findByRole('dialog', { name: 'Signed' })).toBeTruthy();
    expect(sentBodies(app.fetch, 'POST', '/v3/sign')).toEqual([
      { signature_requests: [{ signature_request_id: 'sr1' }], language: 'en', consent: CONSENT_EN },
      {
        signature_requests: [{ signature_request_id: 'sr1' }],
        language: 'en',
        consent: CONSENT_EN,
        tan: '123456',
      },
    ]);
  });
  it.each([
    { status: 403, code: 'signing.tan_invalid', title: 'Wrong code', text: /not correct/ },
    { status: 410, code: 'signing.tan_expired', title: 'Code expired', text: /no longer valid/ },
    { status: 423, code: 'signing.tan_locked', title: 'Too many attempts', text: /blocked/ },
  ])(
    'tells the signer when the code is refused as $code, and signs nothing',
    async ({ status, code, title, text }) => {
      let calls = 0;
      const app = renderApp('/view/sr1', {
        token: 't',
        api: viewApi({
          'POST /v3/sign': () =>
            ++calls === 1 ? problem(409, 'signing.tan_required') : problem(status, code),
        }),
      });
      await reviewAndSign();
      const dialog = await screen.findByRole('dialog', { name: 'Confirm with your code' });
      fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: '000000' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm and sign' }));
      const overlay = await screen.findByRole('dialog', { name: title });
      expect(overlay.textContent).toMatch(text);
      expect(screen.queryByRole('dialog', { name: 'Signed' })).toBeNull();
      expect(sentBodies(app.fetch, 'POST', '/v3/sign')).toHaveLength(2);
    },
  );

  it("tries a signature again after a locked answer's Retry-After, saying why it waits", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    const app = renderApp('/view/sr1', {
      token: 't',
      api: viewApi({
        'POST /v3/sign': () =>
          ++calls === 1 ? jsonResponse(409, lockedProblem, { 'retry-after': '2' }) : signedOpen(),
      }),
    });
    await reviewAndSign();
    expect(
      await screen.findByText(
        'Another signature is being added to these documents. Trying again in 2 seconds…',
      ),
    ).toBeTruthy();
    expect(sentBodies(app.fetch, 'POST', '/v3/sign')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(await screen.findByRole('dialog', { name: 'Signed' })).toBeTruthy();
    expect(sentBodies(app.fetch, 'POST', '/v3/sign')).toHaveLength(2);
  });

  it('asks the signer once the document stays locked through a few tries', async () => {
    const app = renderApp('/view/sr1', {
      token: 't',
      api: viewApi({ 'POST /v3/sign': () => jsonResponse(409, lockedProblem, { 'retry-after': '0' }) }),
    });
    await reviewAndSign();
    const overlay = await screen.findByRole('dialog', { name: 'Please wait a moment' });
    expect(within(overlay).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(sentBodies(app.fetch, 'POST', '/v3/sign')).toHaveLength(1 + LOCKED_RETRIES);
  });

  it('waits instead of signing while another signature holds the document', async () => {
    const app = renderApp('/view/sr1', {
      token: 't',
      api: viewApi({
        'GET /v3/signature-requests/sr1/lock-status': () =>
          jsonResponse(200, { locked: true, locked_until: '2026-11-23T10:00:30.000Z' }),
      }),
    });
    await reviewAndSign();
    const overlay = await screen.findByRole('dialog', { name: 'Please wait a moment' });
    expect(within(overlay).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(sentBodies(app.fetch, 'POST', '/v3/sign')).toHaveLength(0);
  });
});
