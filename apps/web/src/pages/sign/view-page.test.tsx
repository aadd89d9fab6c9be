import { snakeKeys } from '@countersign/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, makeUser } from '../../test/fixtures.js';
import { renderApp, sentBodies } from '../../test/render-app.js';
import type { ApiHandler } from '../../test/render-app.js';
import { makeRequest, makeVisualSignature } from './sign-fixtures.js';

const problem = (status: number, code: string) =>
  jsonResponse(status, { type: 'about:blank', title: 'x', status, code });

function viewApi(overrides: Record<string, ApiHandler> = {}): Record<string, ApiHandler> {
  return {
    'GET /v1/user': () => jsonResponse(200, snakeKeys(makeUser())),
    'GET /v3/signature-requests/sr1': () => jsonResponse(200, snakeKeys(makeRequest())),
    'GET /v3/signature-requests/sr1/events': () => jsonResponse(200, { events: [], chain_valid: true }),
    'GET /v3/signature-requests/sr1/lock-status': () =>
      jsonResponse(200, { locked: false, locked_until: null }),
    'GET /v1/user/visual-signatures': () =>
      jsonResponse(
        200,
        snakeKeys({
          items: [
            makeVisualSignature(),
            makeVisualSignature({ id: 'vs2', alias: 'Private', isDefault: false }),
          ],
        }),
      ),
    'POST /v3/sign': () =>
      jsonResponse(200, {
        results: [{ signature_request_id: 'sr1', ok: true, code: null, request_status: 'open' }],
      }),
    ...overrides,
  };
}

beforeEach(() => sessionStorage.clear());

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

  it('signs with the chosen visual signature and shows the success overlay with the exit countdown', async () => {
    const app = renderApp('/view/sr1?exit=https%3A%2F%2Fshop.example%2Fdone&redirectTimeout=30', {
      token: 't',
      api: viewApi(),
    });
    fireEvent.click(await screen.findByRole('radio', { name: /Private/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign' }));
    const overlay = await screen.findByRole('dialog', { name: 'Signed' });
    expect(sentBodies(app.fetch, 'POST', '/v3/sign')).toEqual([
      { signature_requests: [{ signature_request_id: 'sr1', visual_signature_id: 'vs2' }], language: 'en' },
    ]);
    expect(within(overlay).getByTestId('exit-countdown').textContent).toBe('You will be taken back in 30 s.');
    expect(within(overlay).getByRole('button', { name: 'Continue to shop.example' })).toBeTruthy();
    fireEvent.click(within(overlay).getByRole('button', { name: 'Stay here' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sessionStorage.getItem('countersign.last-handled-request')).toBe('sr1');
  });

  it('goes to /signed after signing when no exit address was given', async () => {
    const app = renderApp('/view/sr1?exit=javascript%3Aalert(1)', { token: 't', api: viewApi() });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign' }));
    const overlay = await screen.findByRole('dialog', { name: 'Signed' });
    expect(within(overlay).queryByTestId('exit-countdown')).toBeNull();
    fireEvent.click(within(overlay).getByRole('button', { name: 'Stay here' }));
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
    fireEvent.click(await screen.findByRole('button', { name: 'Sign' }));
    expect(await screen.findByRole('dialog', { name: 'Please wait a moment' })).toBeTruthy();
    expect(sentBodies(app.fetch, 'POST', '/v3/sign')).toEqual([]);
  });

  it('shows the failure overlay with the reason the server gives', async () => {
    renderApp('/view/sr1', {
      token: 't',
      api: viewApi({ 'POST /v3/sign': () => problem(403, 'signing.quality_not_available') }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign' }));
    const overlay = await screen.findByRole('dialog', { name: 'Signing failed' });
    expect(overlay.textContent).toContain('needs an identification you have not completed');
    fireEvent.click(within(overlay).getByRole('button', { name: 'Close' }));
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
});
