import { snakeKeys } from '@countersign/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser } from '../../test/fixtures.js';
import { renderApp } from '../../test/render-app.js';

const signedIn = {
  'GET /v1/user': () => jsonResponse(200, snakeKeys(makeUser({ email: 'ada@example.com' }))),
};
const backFromProvider = '/mab/redirect?state=sr1.c3RhdGU&code=provider-code';

describe('coming back from the trust service provider', () => {
  it('shows the serial number mismatch overlay when the certificate changed, and leads back to sign again', async () => {
    const app = renderApp(backFromProvider, {
      token: 't',
      api: {
        ...signedIn,
        'POST /v3/mab/redirect-sign/sr1': () =>
          jsonResponse(409, {
            type: 'about:blank',
            title: 'Conflict',
            status: 409,
            code: 'signing.serial_number_mismatch',
          }),
      },
    });
    // the first overlay of a run waits for the overlay frame's chunk
    const overlay = await screen.findByRole(
      'dialog',
      { name: 'Your certificate was renewed' },
      { timeout: 15_000 },
    );
    expect(overlay.textContent).toContain('Nothing has been signed.');
    fireEvent.click(within(overlay).getByRole('button', { name: 'Sign again' }));
    await waitFor(() => expect(app.location()).toBe('/view/sr1'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows no such overlay for another refusal', async () => {
    renderApp(backFromProvider, {
      token: 't',
      api: {
        ...signedIn,
        'POST /v3/mab/redirect-sign/sr1': () =>
          jsonResponse(409, { type: 'about:blank', title: 'Conflict', status: 409, code: 'mab.not_pending' }),
      },
    });
    await screen.findByRole('heading', { name: 'Your documents were not signed' }, { timeout: 15_000 });
    expect(screen.queryByRole('dialog', { name: 'Your certificate was renewed' })).toBeNull();
  });
});
