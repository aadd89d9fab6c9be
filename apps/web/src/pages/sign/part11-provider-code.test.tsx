// A Part 11 signer of a qualified request re-authenticates once per signature (ADR 077, 101): when
// the signing provider asks for its own code, the Part 11 password and code already given go with
// it, and the Part 11 overlay is not asked again.
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '../../test/fixtures.js';
import { renderApp, sentBodies } from '../../test/render-app.js';
import { CONSENT_EN, problem, reviewAndSign, viewApi } from './sign-fixtures.js';

const part11Required = () =>
  jsonResponse(200, { required: true, printed_name: 'Ada Lovelace', meaning: null, pending_code: null });

beforeEach(() => sessionStorage.clear());

describe('a Part 11 signature at a provider that asks for a TAN', () => {
  it('sends the Part 11 re-authentication again with the TAN, without asking for it twice', async () => {
    let calls = 0;
    const app = renderApp('/view/sr1', {
      token: 't',
      api: viewApi({
        'GET /v3/signature-requests/sr1/part11': part11Required,
        'POST /v3/sign': () =>
          ++calls === 1
            ? problem(409, 'signing.tan_required')
            : jsonResponse(200, {
                results: [{ signature_request_id: 'sr1', ok: true, code: null, request_status: 'open' }],
              }),
      }),
    });
    // the first page of a run waits for its chunk
    await screen.findByRole('region', { name: 'Sign or decline' }, { timeout: 15_000 });
    await reviewAndSign();
    const part11 = await screen.findByRole(
      'dialog',
      { name: 'Confirm your signature (21 CFR Part 11)' },
      { timeout: 15_000 },
    );
    fireEvent.change(within(part11).getByLabelText(/Meaning of your signature/), {
      target: { value: 'Approved' },
    });
    fireEvent.change(within(part11).getByLabelText('Your password'), { target: { value: 'secret words' } });
    fireEvent.change(within(part11).getByLabelText('One-time code'), { target: { value: '654321' } });
    fireEvent.click(within(part11).getByRole('button', { name: 'Sign' }));
    const tan = await screen.findByRole('dialog', { name: 'Confirm with your code' });
    fireEvent.change(within(tan).getByLabelText('Code'), { target: { value: '123456' } });
    fireEvent.click(within(tan).getByRole('button', { name: 'Confirm and sign' }));
    expect(await screen.findByRole('dialog', { name: 'Signed' })).toBeTruthy();
    const reauthenticated = {
      signature_requests: [
        { signature_request_id: 'sr1', signing_name: 'Ada Lovelace', signing_reason: 'Approved' },
      ],
      language: 'en',
      consent: CONSENT_EN,
      part11: { password: 'secret words', code: '654321' },
    };
    expect(sentBodies(app.fetch, 'POST', '/v3/sign')).toEqual([
      reauthenticated,
      { ...reauthenticated, tan: '123456' },
    ]);
  }, 60_000);
});
