// The link holder is told when the request ends through someone else while they look at it.
import { snakeKeys } from '@countersign/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DIRECT_SIGN_POLL_MS } from '@countersign/domain';
import { jsonResponse } from '../../test/fixtures.js';
import { renderApp } from '../../test/render-app.js';
import { endedMeanwhile } from '../../features/signing/direct-sign-overlay.js';
import { directApi, directRequest, linkToken } from './sign-fixtures.js';

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.useRealTimers());

describe('overlay direct sign', () => {
  it('names only an end that came from someone else, while the link holder looked at an open request', () => {
    expect(endedMeanwhile('open', 'withdrawn', false)).toBe('withdrawn');
    expect(endedMeanwhile('open', 'completed', false)).toBe('completed');
    expect(endedMeanwhile('open', 'completed', true)).toBeNull();
    expect(endedMeanwhile(undefined, 'expired', false)).toBeNull();
    expect(endedMeanwhile('open', 'open', false)).toBeNull();
    expect(endedMeanwhile('expired', 'expired', false)).toBeNull();
  });

  it('opens when the polled request was withdrawn, and shows the request as it now stands', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let reads = 0;
    renderApp(`/view/sr1/sig1?token=${linkToken}`, {
      api: directApi('en', {
        'GET /v3/direct/signature-requests/sr1': () =>
          jsonResponse(
            200,
            snakeKeys(++reads === 1 ? directRequest : { ...directRequest, status: 'withdrawn' }),
          ),
      }),
    });
    await screen.findByRole('heading', { name: 'Lease agreement' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(DIRECT_SIGN_POLL_MS + 100);
    });
    const overlay = await screen.findByRole('dialog', { name: 'This request has changed' });
    expect(overlay.textContent).toContain('The sender withdrew the request in the meantime.');
    fireEvent.click(within(overlay).getByRole('button', { name: 'Show the request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
