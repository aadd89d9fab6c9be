import { snakeKeys } from '@countersign/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../test/fixtures.js';
import { renderApp } from '../../test/render-app.js';
import { makeRequest, viewApi } from './sign-fixtures.js';

describe("a business's branding on its request", () => {
  it("shows the owner's business with its logo and support contact", async () => {
    const request = makeRequest({
      business: {
        id: 'biz_1',
        name: 'Acme',
        logo: { url: '/v1/business-logos/abc.png', width: 300, height: 100 },
        supportContact: { email: 'help@acme.example', phone: '+41 44 123 45 67' },
      },
    });
    renderApp('/view/sr1', {
      token: 't',
      api: viewApi({ 'GET /v3/signature-requests/sr1': () => jsonResponse(200, snakeKeys(request)) }),
    });
    const branding = await screen.findByTestId('business-branding');
    expect(within(branding).getByRole('img', { name: 'Logo of Acme' }).getAttribute('src')).toBe(
      '/v1/business-logos/abc.png',
    );
    expect(within(branding).getByText('On behalf of Acme')).toBeTruthy();
    expect(within(branding).getByRole('link', { name: 'help@acme.example' }).getAttribute('href')).toBe(
      'mailto:help@acme.example',
    );
    expect(within(branding).getByRole('link', { name: '+41 44 123 45 67' }).getAttribute('href')).toBe(
      'tel:+41441234567',
    );
  });

  it('shows none for the request of an individual user', async () => {
    renderApp('/view/sr1', { token: 't', api: viewApi() });
    await screen.findByRole('heading', { name: 'Lease agreement' });
    expect(screen.queryByTestId('business-branding')).toBeNull();
  });
});
