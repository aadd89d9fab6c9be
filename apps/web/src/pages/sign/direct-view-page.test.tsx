import { snakeKeys } from '@countersign/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fixtures.js';
import { renderApp, sentBodies } from '../../test/render-app.js';
import type { ApiHandler } from '../../test/render-app.js';
import {
  makeLinkStatus,
  makeRequest,
  CONSENT_EN,
  directApi,
  directRequest,
  linkToken,
  reviewAndSign,
} from './sign-fixtures.js';

const token = linkToken;

beforeEach(() => sessionStorage.clear());

describe('/view/{id}/{userid} (direct sign)', () => {
  it('opens for a link holder without an account, and drops the token from the address', async () => {
    const app = renderApp(`/view/sr1/sig1?token=${token}&exit=https%3A%2F%2Fexample.org`, {
      api: directApi(),
    });
    await screen.findByRole('heading', { name: 'Lease agreement' });
    await waitFor(() => expect(app.location()).toBe('/view/sr1/sig1?exit=https%3A%2F%2Fexample.org'));
    expect(screen.getByText('Your signature will show the name ada@example.com.')).toBeTruthy();
  });

  it('refuses a visitor without a link token as any other unauthenticated visitor', async () => {
    const app = renderApp('/view/sr1/sig1');
    await waitFor(() => expect(app.location()).toBe('/login'));
  });

  it('signs through /v3/direct/sign with the token and the chosen name', async () => {
    const app = renderApp(`/view/sr1/sig1?token=${token}`, { api: directApi() });
    fireEvent.change(await screen.findByLabelText('First name'), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Lovelace' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Your details have been saved.');
    expect(sentBodies(app.fetch, 'PUT', '/v1/direct/user')).toEqual([
      { first_name: 'Ada', last_name: 'Lovelace' },
    ]);

    await reviewAndSign();
    const overlay = await screen.findByRole('dialog', { name: 'Signed' });
    expect(overlay.textContent).toContain('every signature is now given');
    const signCall = app.fetch.mock.calls.find(([input]) => String(input).startsWith('/v3/direct/sign'));
    // the link's token travels in its header, not in the address
    expect(new URL(String(signCall?.[0]), 'http://localhost').searchParams.has('token')).toBe(false);
    expect(new Headers(signCall?.[1]?.headers).get('x-link-token')).toBe(token);
    expect(sentBodies(app.fetch, 'POST', '/v3/direct/sign')).toEqual([
      { signature_requests: [{ signature_request_id: 'sr1' }], language: 'en', consent: CONSENT_EN },
    ]);
    fireEvent.click(within(overlay).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  /** The link's API once the holder's own action has ended the request: the token is revoked. */
  function endingApi(action: string, answer: () => Response) {
    let ended = false;
    const gone = () =>
      jsonResponse(404, {
        type: 'about:blank',
        title: 'x',
        status: 404,
        code: 'signature_request.not_found',
      });
    const live = directApi();
    const whileLive =
      (handler: ApiHandler): ApiHandler =>
      (call) =>
        ended ? gone() : handler(call);
    return directApi('en', {
      'GET /v3/direct/signature-requests/sr1': whileLive(live['GET /v3/direct/signature-requests/sr1']!),
      'GET /v1/direct/user': whileLive(live['GET /v1/direct/user']!),
      'GET /v3/direct/link': whileLive(live['GET /v3/direct/link']!),
      [action]: () => {
        ended = true;
        return answer();
      },
    });
  }

  it('tells a link holder whose signature completed the request that it went through, not that the link is gone', async () => {
    renderApp(`/view/sr1/sig1?token=${token}`, {
      api: endingApi('POST /v3/direct/sign', () =>
        jsonResponse(200, {
          results: [{ signature_request_id: 'sr1', ok: true, code: null, request_status: 'completed' }],
        }),
      ),
    });
    await reviewAndSign();
    const overlay = await screen.findByRole('dialog', { name: 'Signed' });
    fireEvent.click(within(overlay).getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('heading', { name: 'Thank you for signing' })).toBeTruthy();
    expect(screen.getByText(/Everyone has now signed/)).toBeTruthy();
    expect(screen.queryByText('This signature request is not available.')).toBeNull();
    expect(screen.queryByText('This link is not valid')).toBeNull();
  });

  it('confirms a link holder’s decline, which ends the request and the link', async () => {
    renderApp(`/view/sr1/sig1?token=${token}`, {
      api: endingApi('POST /v3/direct/signature-requests/sr1/decline', () =>
        jsonResponse(200, snakeKeys({ ...directRequest, status: 'declined' })),
      ),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline to sign' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByRole('heading', { name: 'You declined to sign' })).toBeTruthy();
    expect(screen.queryByText('This signature request is not available.')).toBeNull();
  });

  it('lets the link holder download the signature protocol through the direct route', async () => {
    const withReport = makeRequest({
      you: { ...directRequest.you, allowedActions: [...directRequest.you.allowedActions, 'download_report'] },
    });
    URL.createObjectURL = vi.fn(() => 'blob:report');
    URL.revokeObjectURL = vi.fn();
    const app = renderApp(`/view/sr1/sig1?token=${token}`, {
      api: directApi('en', {
        'GET /v3/direct/signature-requests/sr1': () => jsonResponse(200, snakeKeys(withReport)),
        'GET /v3/direct/signature-requests/sr1/report': () =>
          new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' })),
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Signature protocol' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    const reportCall = app.fetch.mock.calls.find(([input]) => String(input).includes('/report'));
    const url = new URL(String(reportCall?.[0]), 'http://localhost');
    expect(url.pathname).toBe('/v3/direct/signature-requests/sr1/report');
    expect(Object.fromEntries(url.searchParams)).toEqual({ type: 'pdf', token });
  });

  it('shows an ended request read-only through the link, with until when its documents can be fetched', async () => {
    const completed = makeRequest({
      status: 'completed',
      signatures: directRequest.signatures.map((s) => ({ ...s, status: 'signed' as const })),
      you: { ...directRequest.you, allowedActions: ['view', 'download', 'view_events', 'download_report'] },
    });
    renderApp(`/view/sr1/sig1?token=${token}`, {
      api: directApi('en', {
        'GET /v3/direct/signature-requests/sr1': () => jsonResponse(200, snakeKeys(completed)),
        'GET /v3/direct/link': () =>
          jsonResponse(
            200,
            snakeKeys(
              makeLinkStatus({
                state: 'ended',
                requestStatus: 'completed',
                endedAt: '2026-11-24T10:00:00.000Z',
                availableUntil: '2026-12-24T10:00:00.000Z',
              }),
            ),
          ),
      }),
    });
    expect(await screen.findByText('Everyone has signed this request. It is complete.')).toBeTruthy();
    expect(screen.getByTestId('link-available-until').textContent).toMatch(/until 24 Dec 2026/);
    expect(await screen.findByRole('button', { name: 'Signed: Lease' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Signature protocol' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Sign or decline' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'First name' })).toBeNull();
  });

  it('says plainly that the request is over and whom to ask once the downloads have ended', async () => {
    renderApp(`/view/sr1/sig1?token=${token}`, {
      api: directApi('en', {
        'GET /v3/direct/link': () =>
          jsonResponse(
            200,
            snakeKeys(
              makeLinkStatus({
                state: 'over',
                requestStatus: 'completed',
                availableUntil: '2026-12-24T10:00:00.000Z',
              }),
            ),
          ),
      }),
    });
    expect(await screen.findByRole('heading', { name: 'This request is over' })).toBeTruthy();
    expect(screen.getByTestId('link-ask-sender').textContent).toContain(
      'If you need a copy, please ask the sender, Olga Owner (owner@example.com).',
    );
    expect(screen.getByRole('link', { name: 'Write to owner@example.com' }).getAttribute('href')).toBe(
      'mailto:owner@example.com',
    );
    expect(screen.queryByText('This link is not valid')).toBeNull();
  });

  it('speaks Italian to a link holder whose language is Italian', async () => {
    renderApp(`/view/sr1/sig1?token=${token}`, { api: directApi('it') });
    expect(await screen.findByRole('button', { name: 'Firmare' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Lingua' })).toBeTruthy();
  });
  it('asks for the request every 5 s while it is open, and stops once it is not (spec 4)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let reads = 0;
      renderApp(`/view/sr1/sig1?token=${token}`, {
        api: directApi('en', {
          'GET /v3/direct/signature-requests/sr1': () => {
            reads += 1;
            return jsonResponse(
              200,
              snakeKeys({ ...directRequest, status: reads < 3 ? 'open' : 'completed' }),
            );
          },
        }),
      });
      await screen.findByRole('heading', { name: 'Lease agreement' });
      const first = reads;
      await vi.advanceTimersByTimeAsync(4_000);
      expect(reads).toBe(first);
      await vi.advanceTimersByTimeAsync(1_500);
      expect(reads).toBe(first + 1);
      await vi.advanceTimersByTimeAsync(5_000);
      expect(reads).toBe(3);
      await vi.advanceTimersByTimeAsync(20_000);
      expect(reads).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
