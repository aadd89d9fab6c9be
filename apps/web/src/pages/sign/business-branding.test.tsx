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
    // drawn by the resizing endpoint at the banner's size, 1x and 2x
    const logo = within(branding).getByRole('img', { name: 'Logo of Acme' });
    expect(logo.getAttribute('src')).toBe(
      `/v1/images/resize?url=${encodeURIComponent('/v1/business-logos/abc.png')}&preset=logo-banner&w=240&h=64`,
    );
    expect(logo.getAttribute('srcset')).toContain('&w=480&h=128 2x');
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
