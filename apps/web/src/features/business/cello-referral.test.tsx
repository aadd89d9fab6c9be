// The partner referral kept by /business/signup (`ucc`) is handed in once the person is signed in.
import { snakeKeys } from '@countersign/contract';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, makeUser } from '../../test/fixtures.js';
import { renderApp, sentBodies } from '../../test/render-app.js';

const signedIn = (
  celloUcc: string | null,
  cello = () => jsonResponse(200, snakeKeys(makeUser({ attributes: { celloUcc: 'partner-42' } }))),
) => ({
  'GET /v1/user': () => jsonResponse(200, snakeKeys(makeUser({ attributes: { celloUcc } }))),
  'GET /v3/signature-requests-redesign': () => jsonResponse(200, { items: [], total: 0, page: 1, size: 25 }),
  'POST /v1/user/cello': cello,
});

const openProfile = async (api: ReturnType<typeof signedIn>) => {
  const app = renderApp('/profile', { token: 't', api });
  await screen.findByRole('navigation', { name: 'Main navigation' }, { timeout: 15_000 });
  return app;
};

describe('the partner referral', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('sends the code the sign-up link carried once the person is signed in, and only once', async () => {
    const signup = renderApp('/business/signup?ucc=partner-42');
    await screen.findByRole('heading', { name: 'Sign up your business' }, { timeout: 15_000 });
    signup.unmount();

    const first = await openProfile(signedIn(null));
    await waitFor(() =>
      expect(sentBodies(first.fetch, 'POST', '/v1/user/cello')).toEqual([{ ucc: 'partner-42' }]),
    );
    first.unmount();
    // the same account in the same browser does not send it again
    const again = await openProfile(signedIn(null));
    await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(sentBodies(again.fetch, 'POST', '/v1/user/cello')).toEqual([]);
  });

  it('sends nothing without a kept code, or when the account already records a referral', async () => {
    const none = await openProfile(signedIn(null));
    expect(sentBodies(none.fetch, 'POST', '/v1/user/cello')).toEqual([]);
    none.unmount();
    localStorage.setItem('countersign.ucc', 'partner-42');
    const recorded = await openProfile(signedIn('partner-7'));
    expect(sentBodies(recorded.fetch, 'POST', '/v1/user/cello')).toEqual([]);
  });

  it('tries again next time when the call failed, but not after the server refused the code', async () => {
    localStorage.setItem('countersign.ucc', 'partner-42');
    const failed = await openProfile(
      signedIn(null, () =>
        jsonResponse(500, { type: 'about:blank', title: 'Error', status: 500, code: 'internal' }),
      ),
    );
    await waitFor(() => expect(sentBodies(failed.fetch, 'POST', '/v1/user/cello')).toHaveLength(1));
    failed.unmount();
    const refused = await openProfile(
      signedIn(null, () =>
        jsonResponse(409, {
          type: 'about:blank',
          title: 'Conflict',
          status: 409,
          code: 'cello.already_referred',
        }),
      ),
    );
    await waitFor(() => expect(sentBodies(refused.fetch, 'POST', '/v1/user/cello')).toHaveLength(1));
    refused.unmount();
    const later = await openProfile(signedIn(null));
    expect(sentBodies(later.fetch, 'POST', '/v1/user/cello')).toEqual([]);
  });
});
