import { snakeKeys } from '@countersign/contract';
import { REQUEST_EVENT_TYPES } from '@countersign/domain';
import type { SignatureRequest } from '@countersign/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../test/fixtures.js';
import { renderApp } from '../../test/render-app.js';
import { makeRequest, viewApi } from './sign-fixtures.js';

const viewOnly = { roles: ['owner'], signatureId: null, allowedActions: ['view', 'download'] };

async function showRequest(overrides: Partial<SignatureRequest>) {
  const request = makeRequest({ you: viewOnly, ...overrides });
  renderApp('/view/sr1', {
    token: 't',
    api: viewApi({ 'GET /v3/signature-requests/sr1': () => jsonResponse(200, snakeKeys(request)) }),
  });
  await screen.findByRole('heading', { name: 'Lease agreement' });
  return screen.getAllByTestId('signer').map((s) => s.textContent);
}

describe('the signers of a request that has ended', () => {
  it.each(['withdrawn', 'expired'] as const)(
    'are not shown as still to sign once the request is %s',
    async (status) => {
      expect(await showRequest({ status, endedAt: '2026-01-03T10:00:00.000Z' })).toEqual([
        expect.stringContaining('Ada LovelaceNot signed'),
        expect.stringContaining('bob@example.comSigned'),
      ]);
      expect(screen.queryByText('To sign')).toBeNull();
    },
  );

  it('keep "To sign" while the request is open', async () => {
    expect(await showRequest({})).toEqual([
      expect.stringContaining('Ada LovelaceTo sign'),
      expect.stringContaining('bob@example.comSigned'),
    ]);
  });

  it('label the reason for a withdrawal apart from the original message', async () => {
    await showRequest({ status: 'withdrawn', endMessage: 'Sent by mistake.' });
    const reason = screen.getByTestId('end-message');
    expect(reason.textContent).toBe('Sent by mistake.');
    expect(within(reason.parentElement as HTMLElement).getByText('Reason for withdrawal')).toBeTruthy();
  });

  it('label the reason for a decline, and show the other pending signer as not signed', async () => {
    const [ada, bob] = makeRequest().signatures as [
      SignatureRequest['signatures'][0],
      SignatureRequest['signatures'][0],
    ];
    const signers = await showRequest({
      status: 'declined',
      endMessage: 'Wrong rent amount',
      signatures: [
        ada,
        {
          ...bob,
          status: 'declined',
          signedAt: null,
          declinedAt: '2026-01-03T10:00:00.000Z',
          declineMessage: 'Wrong rent amount',
        },
      ],
    });
    expect(signers).toEqual([
      expect.stringContaining('Ada LovelaceNot signed'),
      expect.stringContaining('bob@example.comDeclined'),
    ]);
    const reason = screen.getByTestId('end-message');
    expect(within(reason.parentElement as HTMLElement).getByText('Reason for declining')).toBeTruthy();
  });
});

describe('the history', () => {
  it('names every kind of event the server appends, never by its code', async () => {
    const events = REQUEST_EVENT_TYPES.map((type, index) => ({
      seq: index + 1,
      type,
      at: '2026-01-01T10:00:00.000Z',
      actor: { kind: 'user', id: 'usr_owner', email: 'owner@example.com' },
      ip: null,
      data: {},
      prev_hash: '0'.repeat(64),
      hash: 'a'.repeat(64),
    }));
    renderApp('/view/sr1', {
      token: 't',
      api: viewApi({
        'GET /v3/signature-requests/sr1/events': () => jsonResponse(200, { events, chain_valid: true }),
      }),
    });
    fireEvent.click(await screen.findByText('History'));
    expect(await screen.findByText('Details changed')).toBeTruthy();
    expect(screen.getByText('Signer removed')).toBeTruthy();
    expect(screen.getByText('Handed over')).toBeTruthy();
    expect(screen.queryByText(/Other change/)).toBeNull();
  });
});
