import { snakeKeys } from '@countersign/contract';
import type { SignatureRequest } from '@countersign/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser } from '../../test/fixtures.js';
import { renderApp, sentBodies } from '../../test/render-app.js';
import type { ApiHandler } from '../../test/render-app.js';
import { makeRequest } from './sign-fixtures.js';

const observers = [
  { id: 'obs1', email: 'eve@example.com' },
  { id: 'obs2', email: 'max@example.com' },
];

const owned = (overrides: Partial<SignatureRequest> = {}) =>
  makeRequest({
    observers,
    you: {
      roles: ['owner'],
      signatureId: null,
      allowedActions: ['view', 'download', 'add_observer', 'remove_observer', 'view_events'],
    },
    ...overrides,
  });

function openView(request: SignatureRequest, overrides: Record<string, ApiHandler> = {}) {
  return renderApp('/view/sr1', {
    token: 't',
    api: {
      'GET /v1/user': () => jsonResponse(200, snakeKeys(makeUser())),
      'GET /v3/signature-requests/sr1': () => jsonResponse(200, snakeKeys(request)),
      'GET /v3/signature-requests/sr1/events': () => jsonResponse(200, { events: [], chain_valid: true }),
      ...overrides,
    },
  });
}

const problem = (status: number, code: string) =>
  jsonResponse(status, { type: 'about:blank', title: 'x', status, code });

/** Opens the confirmation for eve@example.com and confirms; returns the dialog. */
async function removeEve() {
  fireEvent.click(await screen.findByRole('button', { name: 'Remove observer eve@example.com' }));
  const dialog = await screen.findByRole('dialog', { name: 'Remove the observer' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
  return dialog;
}

/** Adds eve@example.com through More actions; returns the dialog. */
async function addEve() {
  fireEvent.click(await screen.findByRole('button', { name: 'Add observer' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add an observer' });
  fireEvent.change(within(dialog).getByLabelText('E-mail address'), {
    target: { value: 'eve@example.com' },
  });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add observer' }));
  return dialog;
}

/** The listed addresses, without the Remove buttons beside them. */
const listed = () => screen.getAllByTestId('observer').map((item) => item.firstElementChild?.textContent);

describe('/view/{srid} observers', () => {
  it('lists the observers the server returns', async () => {
    openView(owned());
    const section = await screen.findByRole('region', { name: 'Observers' });
    expect(within(section).getAllByTestId('observer')).toHaveLength(2);
    expect(listed()).toEqual(['eve@example.com', 'max@example.com']);
  });

  it('shows no section when the request has no observers', async () => {
    openView(owned({ observers: [] }));
    await screen.findByRole('heading', { name: 'Lease agreement' });
    expect(screen.queryByRole('region', { name: 'Observers' })).toBeNull();
  });

  it('lets the owner remove an observer after confirming, and lists the rest', async () => {
    const app = openView(owned(), {
      'DELETE /v3/signature-requests/sr1/observers/obs1': () =>
        jsonResponse(200, snakeKeys(owned({ observers: [observers[1]!] }))),
    });
    const dialog = await removeEve();
    expect(dialog.textContent).toContain('eve@example.com will no longer be told how the request ends.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBodies(app.fetch, 'DELETE', '/v3/signature-requests/sr1/observers/obs1')).toHaveLength(1);
    expect(listed()).toEqual(['max@example.com']);
    expect(await screen.findByText('eve@example.com is no longer an observer.')).toBeTruthy();
  });

  it('removes nothing when the owner cancels', async () => {
    const app = openView(owned());
    fireEvent.click(await screen.findByRole('button', { name: 'Remove observer eve@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the observer' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBodies(app.fetch, 'DELETE', '/v3/signature-requests/sr1/observers/obs1')).toHaveLength(0);
    expect(listed()).toHaveLength(2);
  });

  it('offers no Remove to a signer, who still sees the observers', async () => {
    openView(makeRequest({ observers }));
    await screen.findByRole('region', { name: 'Observers' });
    expect(listed()).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /^Remove observer/ })).toBeNull();
  });

  it('offers no Remove once the request has ended', async () => {
    const ended = owned({ status: 'completed' });
    openView({ ...ended, you: { ...ended.you, allowedActions: ['view', 'download', 'view_events'] } });
    await screen.findByRole('region', { name: 'Observers' });
    expect(screen.queryByRole('button', { name: /^Remove observer/ })).toBeNull();
  });

  it("shows the server's reason in the dialog when the removal fails", async () => {
    openView(owned(), {
      'DELETE /v3/signature-requests/sr1/observers/obs1': () =>
        problem(409, 'signature_request.invalid_transition'),
    });
    const dialog = await removeEve();
    expect(await within(dialog).findByText(/The request has changed in the meantime/)).toBeTruthy();
    expect(listed()).toHaveLength(2);
  });

  it('confirms an added observer and lists them', async () => {
    const app = openView(owned({ observers: [observers[1]!] }), {
      'POST /v3/signature-requests/sr1/observers': () => jsonResponse(201, snakeKeys(owned())),
    });
    await addEve();
    expect(await screen.findByText('eve@example.com has been added as an observer.')).toBeTruthy();
    expect(sentBodies(app.fetch, 'POST', '/v3/signature-requests/sr1/observers')).toEqual([
      { email: 'eve@example.com' },
    ]);
    expect(listed()).toEqual(['eve@example.com', 'max@example.com']);
  });

  it('says so when the address is already an observer', async () => {
    openView(owned(), {
      'POST /v3/signature-requests/sr1/observers': () => problem(409, 'observer.already_added'),
    });
    const dialog = await addEve();
    expect(
      await within(dialog).findByText('This person is already an observer of the request.'),
    ).toBeTruthy();
  });
});
