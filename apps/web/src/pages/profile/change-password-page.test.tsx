// Changing the password: the confirmation stands under the emptied form until the form is
// touched again, so it never stands beside the verdict on a new attempt.
import { snakeKeys } from '@countersign/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser } from '../../test/fixtures.js';
import { renderApp, sentBodies } from '../../test/render-app.js';

describe('/profile/change-password', () => {
  it('says why the server refused the current password as the new one', async () => {
    renderApp('/profile/change-password', {
      token: 't',
      api: {
        'GET /v1/user': () => jsonResponse(200, snakeKeys(makeUser())),
        'POST /v1/check-password': () => jsonResponse(200, { valid_password: true, error_code: null }),
        'POST /v1/change-password': () =>
          jsonResponse(422, { type: 'about:blank', title: 'No', status: 422, code: 'password.unchanged' }),
      },
    });
    for (const [label, value] of [
      ['Current password', 'amber lantern over hills'],
      ['New password', 'amber lantern over hills'],
      ['Repeat the new password', 'amber lantern over hills'],
    ] as const)
      fireEvent.change(await screen.findByLabelText(label), { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The new password must differ from your current one.')).toBeTruthy();
  });

  it('confirms the change, and drops the confirmation once a new password is typed', async () => {
    const app = renderApp('/profile/change-password', {
      token: 't',
      api: {
        'GET /v1/user': () => jsonResponse(200, snakeKeys(makeUser())),
        'POST /v1/change-password': () => jsonResponse(200, { ok: true }),
        'POST /v1/check-password': () => jsonResponse(200, { valid_password: true, error_code: null }),
      },
    });
    fireEvent.change(await screen.findByLabelText('Current password'), {
      target: { value: 'old secret words' },
    });
    fireEvent.change(screen.getByLabelText('New password'), {
      target: { value: 'amber lantern over hills' },
    });
    fireEvent.change(screen.getByLabelText('Repeat the new password'), {
      target: { value: 'amber lantern over hills' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeTruthy();
    expect(sentBodies(app.fetch, 'POST', '/v1/change-password')).toEqual([
      { old: 'old secret words', new: 'amber lantern over hills' },
    ]);
    expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe('');

    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'password' } });
    await waitFor(() => expect(screen.queryByText('Your password has been changed.')).toBeNull());
  });
});
