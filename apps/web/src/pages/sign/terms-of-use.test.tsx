// The trust service provider's terms of use come before an account holder's first qualified
// signature, and only then (ADR 096).
import { snakeKeys } from '@countersign/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser } from '../../test/fixtures.js';
import { renderApp, sentBodies } from '../../test/render-app.js';
import { needsTermsOfUse } from '../../features/signing/terms-of-use.js';
import { makeRequest, reviewAndSign, viewApi } from './sign-fixtures.js';

const qualified = (accepted: boolean) =>
  viewApi({
    'GET /v1/user': () =>
      jsonResponse(200, snakeKeys(makeUser({ attributes: { acceptedTouSwisscom: accepted } }))),
    'GET /v3/signature-requests/sr1': () => jsonResponse(200, snakeKeys(makeRequest({ quality: 'qes' }))),
    'GET /v3/signature-requests/sr1/signatures/sig1/ident-method': () =>
      jsonResponse(200, {
        signature_id: 'sig1',
        quality: 'qes',
        legislation: 'eidas',
        is_satisfied: true,
        methods: [],
        identification: null,
      }),
    'POST /v1/user/accept': () =>
      jsonResponse(200, snakeKeys(makeUser({ attributes: { acceptedTouSwisscom: true } }))),
  });

describe('dialog document: terms of use', () => {
  it('is asked only for a qualified signature by someone who has not accepted them', () => {
    const fresh = makeUser();
    expect(needsTermsOfUse('qes', fresh)).toBe(true);
    expect(needsTermsOfUse('aes', fresh)).toBe(false);
    expect(needsTermsOfUse('ses', fresh)).toBe(false);
    expect(needsTermsOfUse('qes', makeUser({ attributes: { acceptedTouSwisscom: true } }))).toBe(false);
    expect(needsTermsOfUse('qes', null)).toBe(false);
  });

  it('records the acceptance, then signs', async () => {
    const app = renderApp('/view/sr1', { token: 't', api: qualified(false) });
    await reviewAndSign();
    const dialog = await screen.findByRole('dialog', {
      name: 'Terms of use of the trust service provider',
    });
    expect(sentBodies(app.fetch, 'POST', '/v3/sign')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept and sign' }));
    expect(await screen.findByRole('dialog', { name: 'Signed' })).toBeTruthy();
    expect(sentBodies(app.fetch, 'POST', '/v1/user/accept')).toEqual([{ tou_swisscom: true }]);
    expect(sentBodies(app.fetch, 'POST', '/v3/sign')).toHaveLength(1);
  });

  it('signs nothing when put off', async () => {
    const app = renderApp('/view/sr1', { token: 't', api: qualified(false) });
    await reviewAndSign();
    const dialog = await screen.findByRole('dialog', {
      name: 'Terms of use of the trust service provider',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBodies(app.fetch, 'POST', '/v3/sign')).toEqual([]);
    expect(sentBodies(app.fetch, 'POST', '/v1/user/accept')).toEqual([]);
  });

  it('is not asked again once accepted', async () => {
    const app = renderApp('/view/sr1', { token: 't', api: qualified(true) });
    await reviewAndSign();
    expect(await screen.findByRole('dialog', { name: 'Signed' })).toBeTruthy();
    expect(sentBodies(app.fetch, 'POST', '/v1/user/accept')).toEqual([]);
  });
});
