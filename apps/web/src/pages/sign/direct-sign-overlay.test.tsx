import { snakeKeys } from '@countersign/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser } from '../../test/fixtures.js';
import { renderApp } from '../../test/render-app.js';
import { directApi, linkToken } from './sign-fixtures.js';

/** The direct view opened by someone signed in to the account of `email`. */
const openSignedIn = (email: string) =>
  renderApp(`/view/sr1/sig1?token=${linkToken}`, {
    token: 't',
    api: { ...directApi(), 'GET /v1/user': () => jsonResponse(200, snakeKeys(makeUser({ email }))) },
  });

describe('the direct sign overlay', () => {
  it('offers the account when the link is for its own address', async () => {
    const app = openSignedIn('Ada@Example.com');
    // the first overlay of a run waits for the overlay frame's chunk
    const overlay = await screen.findByRole(
      'dialog',
      { name: 'Signing with an invitation link' },
      { timeout: 15_000 },
    );
    expect(within(overlay).getByTestId('direct-sign-text').textContent).toContain(
      'this link was sent to the same address',
    );
    fireEvent.click(within(overlay).getByRole('button', { name: 'Open in my account' }));
    await waitFor(() => expect(app.location()).toBe('/view/sr1'));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Signing with an invitation link' })).toBeNull(),
    );
  });

  it('says whom the link signs for when another account is signed in, and asks once per tab', async () => {
    openSignedIn('grace@example.com');
    const overlay = await screen.findByRole('dialog', { name: 'Signing with an invitation link' });
    expect(within(overlay).getByTestId('direct-sign-text').textContent).toBe(
      'You are signed in as grace@example.com, but this link was sent to ada@example.com. Signing with it signs for ada@example.com, not for your account.',
    );
    expect(within(overlay).queryByRole('button', { name: 'Open in my account' })).toBeNull();
    fireEvent.click(within(overlay).getByRole('button', { name: 'Sign with the link as ada@example.com' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('heading', { name: 'Lease agreement' })).toBeTruthy();
  });

  it('is not asked again in the same tab', async () => {
    sessionStorage.setItem('countersign.direct-sign-asked.sig1', '1');
    openSignedIn('grace@example.com');
    await screen.findByRole('heading', { name: 'Lease agreement' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is not asked of a visitor without an account', async () => {
    renderApp(`/view/sr1/sig1?token=${linkToken}`, { api: directApi() });
    await screen.findByRole('heading', { name: 'Lease agreement' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
