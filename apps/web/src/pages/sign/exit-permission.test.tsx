// Spec 5, ADR 064: leaving for an exit or decline address needs the signer's explicit permission
// unless the request's business registered its origin. The request's view says which origins are
// registered (`redirect_origins`); anything else is asked about, named, with nothing counting down.
import { snakeKeys } from '@countersign/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fixtures.js';
import { renderApp } from '../../test/render-app.js';
import { makeRequest, reviewAndSign, viewApi } from './sign-fixtures.js';

// Leaving the app is observed, not performed; the checks before it are the real ones.
const navigated = vi.hoisted(() => vi.fn());
vi.mock('../../features/signing/leave.js', async (importOriginal) => {
  const { observeLeaving } = await import('../../test/observed-leaving.js');
  return observeLeaving(await importOriginal(), navigated);
});

beforeEach(() => {
  sessionStorage.clear();
  navigated.mockClear();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => vi.useRealTimers());

const exitTo = (url: string, timeout = '10') =>
  `/view/sr1?exit=${encodeURIComponent(url)}&redirectTimeout=${timeout}`;

/** /view/sr1 of a request whose business registered `origins` (none: an individual's request). */
function openView(path: string, origins: string[], extra: Parameters<typeof viewApi>[0] = {}) {
  return renderApp(path, {
    token: 't',
    api: viewApi({
      'GET /v3/signature-requests/sr1': () =>
        jsonResponse(200, snakeKeys(makeRequest({ redirectOrigins: origins }))),
      ...extra,
    }),
  });
}

/** Lets 15 s pass (past redirectTimeout, 10 s), second by second, so each tick would render. */
async function waitPastTheTimeout() {
  for (let second = 0; second < 15; second++) await act(() => vi.advanceTimersByTimeAsync(1000));
}

describe('leaving after signing', () => {
  it.each([
    ['an individual', []],
    ['another business', ['https://other.example']],
  ])(
    'asks before leaving for an origin not registered (the request of %s), and stays when the signer says so',
    async (_, origins) => {
      openView(exitTo('https://unknown.example/done'), origins);
      await reviewAndSign();
      const overlay = await screen.findByRole('dialog', { name: 'Signed' });
      const question = within(overlay).getByTestId('leave-question');
      expect(question.textContent).toContain(
        'The link you opened would now take you to unknown.example, a site not registered for this request.',
      );
      expect(within(question).getByTestId('leave-host').textContent).toBe('unknown.example');
      expect(within(overlay).queryByTestId('exit-countdown')).toBeNull();
      await waitPastTheTimeout();
      expect(navigated).not.toHaveBeenCalled();

      fireEvent.click(within(question).getByRole('button', { name: 'Stay' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitPastTheTimeout();
      expect(navigated).not.toHaveBeenCalled();
    },
  );

  it('leaves for an origin not registered once the signer chooses it', async () => {
    openView(exitTo('https://unknown.example/done', '0'), []);
    await reviewAndSign();
    const overlay = await screen.findByRole('dialog', { name: 'Signed' });
    // even without a countdown (redirectTimeout=0) the page does not go by itself
    expect(navigated).not.toHaveBeenCalled();
    fireEvent.click(within(overlay).getByRole('button', { name: 'Leave to unknown.example' }));
    expect(navigated.mock.calls).toEqual([['https://unknown.example/done']]);
  });

  it("counts down and leaves by itself for an origin the request's business registered", async () => {
    openView(exitTo('https://shop.example/done'), ['https://shop.example']);
    await reviewAndSign();
    const overlay = await screen.findByRole('dialog', { name: 'Signed' });
    expect(within(overlay).getByTestId('exit-countdown').textContent).toBe('You will be taken back in 10 s.');
    // the destination is named beside the countdown
    expect(within(overlay).getByRole('button', { name: 'Continue to shop.example' })).toBeTruthy();
    expect(within(overlay).queryByTestId('leave-question')).toBeNull();
    await waitPastTheTimeout();
    expect(navigated.mock.calls).toEqual([['https://shop.example/done']]);
  });
});

describe('leaving after declining', () => {
  const declined = {
    'POST /v3/signature-requests/sr1/decline': () =>
      jsonResponse(200, snakeKeys(makeRequest({ status: 'declined' }))),
  };
  const decline = async () => {
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline to sign' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
  };
  const declineTo = (url: string) => `/view/sr1?decline=${encodeURIComponent(url)}`;

  it('asks before going to a decline address not registered, and Stay leads to /declined', async () => {
    const app = openView(declineTo('https://unknown.example/declined'), ['https://shop.example'], declined);
    await decline();
    const overlay = await screen.findByRole('dialog', { name: 'Leave for another site?' });
    expect(within(overlay).getByTestId('leave-host').textContent).toBe('unknown.example');
    expect(navigated).not.toHaveBeenCalled();
    fireEvent.click(within(overlay).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(app.location()).toBe('/declined?srid=sr1'));
    expect(navigated).not.toHaveBeenCalled();
  });

  it('goes there when the signer chooses it', async () => {
    openView(declineTo('https://unknown.example/declined'), [], declined);
    await decline();
    const overlay = await screen.findByRole('dialog', { name: 'Leave for another site?' });
    fireEvent.click(within(overlay).getByRole('button', { name: 'Leave to unknown.example' }));
    expect(navigated.mock.calls).toEqual([['https://unknown.example/declined']]);
  });

  it("goes at once to a decline address of the business's registered origin", async () => {
    openView(declineTo('https://shop.example/declined'), ['https://shop.example'], declined);
    await decline();
    await waitFor(() => expect(navigated.mock.calls).toEqual([['https://shop.example/declined']]));
    expect(screen.queryByRole('dialog', { name: 'Leave for another site?' })).toBeNull();
  });
});
