import { snakeKeys } from '@countersign/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser } from '../../test/fixtures.js';
import { renderApp, sentBodies } from '../../test/render-app.js';
import { CONSENT_EN, viewApi } from './sign-fixtures.js';

const sealHolder = () => {
  const user = makeUser();
  return {
    ...user,
    signatureQualities: { ...user.signatureQualities, seal: { aes: { status: 'active' }, qes: {} } },
  };
};

async function openReview() {
  const bar = await screen.findByRole('region', { name: 'Sign or decline' });
  fireEvent.click(within(bar).getByRole('button', { name: 'Sign' }));
  return screen.findByRole('dialog', { name: 'Review and sign' });
}

describe('applying a seal when signing', () => {
  it('lets a person listed on a seal apply it by its account name instead of signing personally', async () => {
    const app = renderApp('/view/sr1', {
      token: 't',
      api: viewApi({ 'GET /v1/user': () => jsonResponse(200, snakeKeys(sealHolder())) }),
    });
    const review = await openReview();
    fireEvent.click(
      within(review).getByLabelText('Apply a seal of my business instead of signing personally'),
    );
    fireEvent.click(within(review).getByLabelText(/I agree|electronically/i, { selector: 'input' }));
    fireEvent.click(within(review).getByRole('button', { name: 'Sign now' }));
    expect(await within(review).findByText('This field is required')).toBeTruthy();
    expect(sentBodies(app.fetch, 'POST', '/v3/sign')).toEqual([]);

    fireEvent.change(within(review).getByLabelText('Account name of the seal'), {
      target: { value: ' Invoicing ' },
    });
    fireEvent.click(within(review).getByRole('button', { name: 'Sign now' }));
    expect(await screen.findByRole('dialog', { name: 'Signed' })).toBeTruthy();
    expect(sentBodies(app.fetch, 'POST', '/v3/sign')).toEqual([
      {
        signature_requests: [{ signature_request_id: 'sr1' }],
        language: 'en',
        consent: CONSENT_EN,
        seal_account_name: 'invoicing',
      },
    ]);
  });

  it('offers no seal to someone listed on none', async () => {
    renderApp('/view/sr1', { token: 't', api: viewApi() });
    const review = await openReview();
    expect(
      within(review).queryByLabelText('Apply a seal of my business instead of signing personally'),
    ).toBeNull();
  });
});
