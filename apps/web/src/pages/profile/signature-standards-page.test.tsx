import { snakeKeys } from '@countersign/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { leaveToExternal } from '../../features/signing/leave.js';
import type * as Leave from '../../features/signing/leave.js';
import { jsonResponse, makeUser } from '../../test/fixtures.js';
import { renderApp, sentBodies } from '../../test/render-app.js';

vi.mock('../../features/signing/leave.js', async (original) => ({
  ...(await original<typeof Leave>()),
  leaveToExternal: vi.fn(() => true),
}));

const user = makeUser();
const detail = {
  signature_qualities: snakeKeys({
    ...user.signatureQualities,
    qes: { eidas: { status: 'active' }, zertes: {} },
  }),
  highest_quality: 'qes',
  identification_ongoing: false,
  identifications: [
    {
      id: 'i1',
      provider: 'srs',
      method: 'video',
      legislation: 'eidas',
      status: 'success',
      progress: 'activatingQES',
      url: null,
      created_at: '2026-01-01T10:00:00.000Z',
      updated_at: '2026-01-01T10:00:00.000Z',
    },
  ],
};

describe('/profile/signature-standards', () => {
  it('shows the qualities and identifications, and starts another identification at the provider', async () => {
    const app = renderApp('/profile/signature-standards', {
      token: 't',
      api: {
        'GET /v1/user': () => jsonResponse(200, snakeKeys(user)),
        'GET /v3/user/signature-qualities-detail': () => jsonResponse(200, detail),
        'POST /v1/user/identification/intrum/autoident': () =>
          jsonResponse(201, {
            ...detail.identifications[0],
            provider: 'intrum',
            method: 'autoident',
            legislation: 'zertes',
            status: 'initialized',
            progress: 'initialized',
            url: 'https://provider.example/ident/i2',
          }),
      },
    });
    const list = await screen.findByRole('region', { name: 'Your identifications' });
    expect(list.textContent).toContain('Video identification');
    expect(list.textContent).toContain('Your identity is confirmed.');
    const zertes = screen.getByRole('region', {
      name: 'Identification for signatures under ZertES (Switzerland)',
    });
    fireEvent.click(within(zertes).getByRole('button', { name: 'Automated identification' }));
    await waitFor(() => expect(leaveToExternal).toHaveBeenCalledWith('https://provider.example/ident/i2'));
    expect(sentBodies(app.fetch, 'POST', '/v1/user/identification/intrum/autoident')).toEqual([{}]);
  });
});

describe('/profile/signature-standards for a member their business vouches for', () => {
  it('shows the advanced quality as held on the business’s word, identification only for qualified', async () => {
    renderApp('/profile/signature-standards', {
      token: 't',
      api: {
        'GET /v1/user': () => jsonResponse(200, snakeKeys(user)),
        'GET /v3/user/signature-qualities-detail': () =>
          jsonResponse(200, {
            ...detail,
            signature_qualities: snakeKeys({
              ...user.signatureQualities,
              aes: { any: { status: 'active', vouchedBy: 'Acme AG' } },
            }),
            highest_quality: 'aes',
            identifications: [],
          }),
      },
    });
    expect((await screen.findByTestId('highest-quality')).textContent).toContain(
      'Advanced electronic signature',
    );
    expect(screen.getByTestId('vouched-by-business').textContent).toBe(
      'Acme AG vouches for you: you sign advanced signatures without identifying yourself. Identify only to sign qualified ones.',
    );
    const advanced = screen.getByText('Advanced electronic signature', { selector: 'li span' });
    expect(advanced.closest('li')?.textContent).toContain('Available · vouched for by Acme AG');
  });
});
