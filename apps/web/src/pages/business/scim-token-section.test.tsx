// SCIM provisioning on /business/settings (ADR 084): the base URL for the identity provider, a
// token made and shown once until the admin has stored it, and revoked again.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessApi, makeFakeBusiness } from '../../test/business-fixtures.js';
import { jsonResponse } from '../../test/fixtures.js';
import { renderApp } from '../../test/render-app.js';

const TOKEN = '/v1/businesses/biz_1/scim_token';
const BASE = 'https://countersign.test/scim/v2';

describe('SCIM provisioning on the settings page', () => {
  it('makes a token, shows it once, and revokes it', { timeout: 60_000 }, async () => {
    let state: { created_at: string; last_used_at: string | null } | null = null;
    const answer = () => jsonResponse(200, { scim_token: state, base_url: BASE });
    const app = renderApp('/business/settings', {
      token: 'tok',
      api: {
        ...businessApi(makeFakeBusiness()),
        [`GET ${TOKEN}`]: answer,
        [`POST ${TOKEN}`]: () => {
          state = { created_at: '2026-11-29T09:00:00Z', last_used_at: null };
          return jsonResponse(200, { scim_token: state, base_url: BASE, token: 'scim_secret-once' });
        },
        [`DELETE ${TOKEN}`]: () => {
          state = null;
          return answer();
        },
      },
    });
    // the settings page loads on demand
    expect(await screen.findByText(`SCIM base URL: ${BASE}`, {}, { timeout: 30_000 })).toBeTruthy();
    expect(screen.getByText('No token: SCIM provisioning is off.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create a token' }));
    expect((await screen.findByLabelText('SCIM token')).textContent).toBe('scim_secret-once');
    fireEvent.click(screen.getByRole('button', { name: 'I have stored it' }));
    expect(screen.queryByLabelText('SCIM token')).toBeNull();
    expect(screen.getByRole('button', { name: 'Rotate the token' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Revoke the token' }));
    await waitFor(() => expect(screen.getByText('No token: SCIM provisioning is off.')).toBeTruthy());
    expect(
      app.fetch.mock.calls.some(([url, init]) => String(url).endsWith(TOKEN) && init?.method === 'DELETE'),
    ).toBe(true);
  });
});
