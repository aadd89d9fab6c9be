// Spec 8: a status-page fetch failing more than 5 times is logged: once, on the sixth failure in a
// row, through the app's error intake; a success starts the count again.
import { snakeKeys } from '@countersign/contract';
import { MAINTENANCE_POLL_MS, STATUS_PAGE_FAILURES_BEFORE_LOG } from '@countersign/domain';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser } from '../../test/fixtures.js';
import { renderApp, sentBodies } from '../../test/render-app.js';
import { createStatusPageWatch, fetchAppConfig } from './app-config.js';

afterEach(() => vi.useRealTimers());

describe('status page failures', () => {
  it('reports the sixth failure in a row once, and counts again after a success', async () => {
    const report = vi.fn();
    const watch = createStatusPageWatch(report);
    let isUp = false;
    const doFetch = vi.fn(async () => (isUp ? jsonResponse(200, {}) : jsonResponse(503, {})));
    for (let i = 0; i < STATUS_PAGE_FAILURES_BEFORE_LOG; i++) await fetchAppConfig(doFetch, watch);
    expect(report).not.toHaveBeenCalled();
    await fetchAppConfig(doFetch, watch);
    await fetchAppConfig(doFetch, watch);
    expect(report).toHaveBeenCalledTimes(1);
    expect((report.mock.calls[0]![0] as Error).name).toBe('StatusPageUnreachable');
    isUp = true;
    await fetchAppConfig(doFetch, watch);
    isUp = false;
    for (let i = 0; i <= STATUS_PAGE_FAILURES_BEFORE_LOG; i++) await fetchAppConfig(doFetch, watch);
    expect(report).toHaveBeenCalledTimes(2);
  });

  it('counts a network error as a failure', async () => {
    const report = vi.fn();
    const watch = createStatusPageWatch(report);
    const doFetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    for (let i = 0; i <= STATUS_PAGE_FAILURES_BEFORE_LOG; i++) await fetchAppConfig(doFetch, watch);
    expect(report).toHaveBeenCalledTimes(1);
  });

  it('is reported by the app polling the status while someone is logged in', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const app = renderApp('/profile', {
      token: 't',
      api: {
        'GET /v1/user': () => jsonResponse(200, snakeKeys(makeUser())),
        'GET /api/config': () => jsonResponse(503, {}),
        'POST /api/client-errors': () => new Response(null, { status: 204 }),
      },
    });
    await screen.findByRole('heading', { name: 'Your profile' });
    const reports = () =>
      sentBodies(app.fetch, 'POST', '/api/client-errors').filter(
        (body) => (body as { name?: string }).name === 'StatusPageUnreachable',
      );
    // the first load failed; four more polls make five failures, not yet more than five
    for (let i = 0; i < STATUS_PAGE_FAILURES_BEFORE_LOG - 1; i++)
      await act(() => vi.advanceTimersByTimeAsync(MAINTENANCE_POLL_MS));
    expect(reports()).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(MAINTENANCE_POLL_MS));
    expect(reports()).toHaveLength(1);
  });
});
