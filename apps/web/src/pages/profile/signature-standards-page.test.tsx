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

describe('/profile/signature-standards with ID Austria connected (ADR 106)', () => {
  const austria = {
    ...detail.identifications[0],
    id: 'i9',
    provider: 'idaustria',
    method: 'eid',
    progress: 'inprogress',
  };

  it('disconnects it after a confirmation and then offers to connect it again', async () => {
    let disconnected = false;
    const app = renderApp('/profile/signature-standards', {
      token: 't',
      api: {
        'GET /v1/user': () => jsonResponse(200, snakeKeys(user)),
        'GET /v3/user/signature-qualities-detail': () =>
          jsonResponse(200, {
            ...detail,
            identifications: [
              { ...austria, disconnected_at: disconnected ? '2026-02-01T10:00:00.000Z' : null },
            ],
          }),
        'DELETE /v1/user/identification/id-austria': () => {
          disconnected = true;
          return jsonResponse(200, snakeKeys(user));
        },
      },
    });
    const section = await screen.findByRole('region', { name: 'ID Austria' });
    expect(section.textContent).toContain('Your ID Austria is connected');
    fireEvent.click(within(section).getByRole('button', { name: 'Disconnect ID Austria' }));
    // nothing is sent before the person confirms
    expect(sentBodies(app.fetch, 'DELETE', '/v1/user/identification/id-austria')).toEqual([]);
    expect(section.textContent).toContain('Signatures you have made stay as they are.');
    fireEvent.click(within(section).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() =>
      expect(within(section).getByRole('button', { name: 'Connect ID Austria' })).toBeTruthy(),
    );
    expect(sentBodies(app.fetch, 'DELETE', '/v1/user/identification/id-austria')).toHaveLength(1);
  });

  it('says why when the server refuses', async () => {
    renderApp('/profile/signature-standards', {
      token: 't',
      api: {
        'GET /v1/user': () => jsonResponse(200, snakeKeys(user)),
        'GET /v3/user/signature-qualities-detail': () =>
          jsonResponse(200, { ...detail, identifications: [austria] }),
        'DELETE /v1/user/identification/id-austria': () =>
          jsonResponse(409, { type: 'about:blank', title: 'No', status: 409, code: 'eid.last_way_in' }),
      },
    });
    const section = await screen.findByRole('region', { name: 'ID Austria' });
    fireEvent.click(within(section).getByRole('button', { name: 'Disconnect ID Austria' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Disconnect' }));
    expect(await within(section).findByText(/Your eID is the only way into your account/)).toBeTruthy();
  });
});
