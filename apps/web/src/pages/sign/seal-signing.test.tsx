import { snakeKeys } from '@countersign/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser } from '../../test/fixtures.js';
import { renderApp, sentBodies } from '../../test/render-app.js';
import { CONSENT_EN, viewApi } from './sign-fixtures.js';

const sealHolder = () => {
  const user = makeUser({
    role: 'member',
    business: { id: 'biz_1', name: 'Acme', deletionDueAt: null, userPilotEnabled: false },
  });
  return {
    ...user,
    signatureQualities: { ...user.signatureQualities, seal: { aes: { status: 'active' }, qes: {} } },
  };
};

const sealOf = (name: string, label: string) => ({
  name,
  label,
  quality: 'aes',
  n_api: 1,
  n_members: 1,
  has_image: false,
  created_at: '2026-01-01T10:00:00.000Z',
});

async function openReview() {
  const bar = await screen.findByRole('region', { name: 'Sign or decline' });
  fireEvent.click(within(bar).getByRole('button', { name: 'Sign' }));
  return screen.findByRole('dialog', { name: 'Review and sign' });
}

describe('applying a seal when signing', () => {
  it('lets a person listed on seals pick one of them to apply instead of signing personally', async () => {
    const app = renderApp('/view/sr1', {
      token: 't',
      api: viewApi({
        'GET /v1/user': () => jsonResponse(200, snakeKeys(sealHolder())),
        'GET /v1/businesses/biz_1/seals': () =>
          jsonResponse(200, {
            seals: [sealOf('invoicing', 'Acme Invoicing'), sealOf('receipts', 'Acme Receipts')],
          }),
      }),
    });
    const review = await openReview();
    fireEvent.click(
      within(review).getByLabelText('Apply a seal of my business instead of signing personally'),
    );
    const choice = (await within(review).findByLabelText('Seal to apply')) as HTMLSelectElement;
    expect([...choice.options].map((o) => o.textContent)).toEqual([
      'Acme Invoicing (invoicing)',
      'Acme Receipts (receipts)',
    ]);
    fireEvent.change(choice, { target: { value: 'receipts' } });
    fireEvent.click(within(review).getByLabelText(/I agree|electronically/i, { selector: 'input' }));
    fireEvent.click(within(review).getByRole('button', { name: 'Sign now' }));
    expect(await screen.findByRole('dialog', { name: 'Signed' })).toBeTruthy();
    expect(sentBodies(app.fetch, 'POST', '/v3/sign')).toEqual([
      {
        signature_requests: [{ signature_request_id: 'sr1' }],
        language: 'en',
        consent: CONSENT_EN,
        seal_account_name: 'receipts',
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
