import { snakeKeys } from '@countersign/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../test/fixtures.js';
import { renderApp } from '../../test/render-app.js';
import { makeRequest, problem, viewApi } from './sign-fixtures.js';

const owned = makeRequest({
  you: {
    roles: ['owner'],
    signatureId: null,
    allowedActions: ['view', 'download', 'withdraw', 'add_observer', 'view_events'],
  },
});

/** Opens a request dialog, fills its fields by label and submits it; returns the dialog. */
async function submitDialog(opener: string, title: string, fields: Record<string, string>, submit: string) {
  fireEvent.click(await screen.findByRole('button', { name: opener }));
  const dialog = await screen.findByRole('dialog', { name: title });
  for (const [label, value] of Object.entries(fields))
    fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
  fireEvent.click(within(dialog).getByRole('button', { name: submit }));
  return dialog;
}

describe('the request dialogs say why the server refused, not just that it failed', () => {
  it('passing on to someone already on the request', async () => {
    renderApp('/view/sr1', {
      token: 't',
      api: viewApi({
        'POST /v3/signature-requests/sr1/delegate': () => problem(409, 'signature_request.duplicate_signer'),
      }),
    });
    const dialog = await submitDialog(
      'Pass on to someone else',
      'Pass the signature on',
      { 'E-mail address': 'bob@example.com' },
      'Pass on',
    );
    expect(
      await within(dialog).findByText(
        'This person already takes part in the request. Please choose someone else.',
      ),
    ).toBeTruthy();
    expect(within(dialog).queryByText('Something went wrong. Please try again.')).toBeNull();
  });

  it('declining a signature that is no longer pending', async () => {
    renderApp('/view/sr1', {
      token: 't',
      api: viewApi({
        'POST /v3/signature-requests/sr1/decline': () => problem(409, 'signature_request.invalid_transition'),
      }),
    });
    const dialog = await submitDialog('Decline', 'Decline to sign', {}, 'Decline');
    expect(await within(dialog).findByText(/The request has changed in the meantime/)).toBeTruthy();
  });

  it('withdrawing a request that ended meanwhile, and adding an observer twice', async () => {
    renderApp('/view/sr1', {
      token: 't',
      api: viewApi({
        'GET /v3/signature-requests/sr1': () => jsonResponse(200, snakeKeys(owned)),
        'POST /v3/signature-requests/sr1/withdraw': () =>
          problem(409, 'signature_request.invalid_transition'),
        'POST /v3/signature-requests/sr1/observers': () => problem(409, 'observer.already_added'),
      }),
    });
    const withdraw = await submitDialog('Withdraw request', 'Withdraw the request', {}, 'Withdraw');
    expect(await within(withdraw).findByText(/The request has changed in the meantime/)).toBeTruthy();
    fireEvent.click(within(withdraw).getByRole('button', { name: 'Close' }));

    const observer = await submitDialog(
      'Add observer',
      'Add an observer',
      { 'E-mail address': 'eve@example.com' },
      'Add observer',
    );
    expect(
      await within(observer).findByText('This person is already an observer of the request.'),
    ).toBeTruthy();
    // spec 8's own message still comes as the snackbar
    expect(screen.getByText('Failed to add observer')).toBeTruthy();
  });
});
