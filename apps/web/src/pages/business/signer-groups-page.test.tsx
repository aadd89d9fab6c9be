import type { SignerGroup } from '@countersign/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessApi, makeFakeBusiness } from '../../test/business-fixtures.js';
import { groupApi, makeGroup } from '../../test/group-fixtures.js';
import { renderApp, sentBodies } from '../../test/render-app.js';

function open(groups: SignerGroup[] = []) {
  const business = makeFakeBusiness();
  const app = renderApp('/business/members/signer-groups', {
    token: 'tok',
    api: { ...businessApi(business), ...groupApi(groups) },
  });
  return { app, groups };
}

describe('signer groups', () => {
  it('creates a group in the overlay, checking its members against the address pattern and the limit', async () => {
    const { app } = open();
    expect(await screen.findByText('No signer group yet.')).toBeTruthy();
    expect(screen.getByTestId('group-limits').textContent).toBe('0 of 2 groups, each with up to 3 members.');
    fireEvent.click(screen.getByRole('button', { name: 'Create signer group' }));
    const overlay = await screen.findByRole('dialog', { name: 'Create a signer group' });
    const members = within(overlay).getByLabelText('Members');

    fireEvent.change(within(overlay).getByLabelText('Name'), { target: { value: 'Finance' } });
    fireEvent.change(members, { target: { value: 'ann@acme.example, not an address' } });
    fireEvent.click(within(overlay).getByRole('button', { name: 'Create group' }));
    expect(await within(overlay).findByText('Not a valid e-mail address: not')).toBeTruthy();

    fireEvent.change(members, {
      target: { value: 'a@acme.example b@acme.example c@acme.example d@acme.example' },
    });
    fireEvent.click(within(overlay).getByRole('button', { name: 'Create group' }));
    expect(
      await within(overlay).findByText('A signer group of your business has at most 3 members.'),
    ).toBeTruthy();
    expect(sentBodies(app.fetch, 'POST', '/v3/groups')).toEqual([]);

    fireEvent.change(members, { target: { value: 'Ann@acme.example\nbob@acme.example' } });
    fireEvent.click(within(overlay).getByRole('button', { name: 'Create group' }));
    expect(await screen.findByText('The signer group Finance has been created.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBodies(app.fetch, 'POST', '/v3/groups')).toEqual([
      { name: 'Finance', members: ['ann@acme.example', 'bob@acme.example'] },
    ]);
    const row = await screen.findByTestId('group-row');
    expect(row.textContent).toContain('2 members: ann@acme.example, bob@acme.example');
  });

  it('keeps the overlay open with the server’s refusal', async () => {
    open([makeGroup('grp_1', 'Finance', ['ann@acme.example'])]);
    fireEvent.click(await screen.findByRole('button', { name: 'Create signer group' }));
    const overlay = await screen.findByRole('dialog', { name: 'Create a signer group' });
    fireEvent.change(within(overlay).getByLabelText('Name'), { target: { value: 'Finance' } });
    fireEvent.change(within(overlay).getByLabelText('Members'), { target: { value: 'bob@acme.example' } });
    fireEvent.click(within(overlay).getByRole('button', { name: 'Create group' }));
    expect(
      await within(overlay).findByText('Your business has a signer group of that name already.'),
    ).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Create a signer group' })).toBeTruthy();
  });

  it('no longer offers a new group once the business has as many as it may', async () => {
    open([
      makeGroup('grp_1', 'Finance', ['ann@acme.example']),
      makeGroup('grp_2', 'Legal', ['lee@acme.example']),
    ]);
    await waitFor(() => expect(screen.getAllByTestId('group-row')).toHaveLength(2));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Create signer group' }).disabled).toBe(
      true,
    );
  });

  it('changes a group in the same overlay', async () => {
    const { app } = open([makeGroup('grp_1', 'Finance', ['ann@acme.example'])]);
    fireEvent.click(await screen.findByRole('button', { name: 'Change: Finance' }));
    const overlay = await screen.findByRole('dialog', { name: 'Change Finance' });
    expect(within(overlay).getByLabelText<HTMLTextAreaElement>('Members').value).toBe('ann@acme.example');
    fireEvent.change(within(overlay).getByLabelText('Members'), {
      target: { value: 'ann@acme.example\ncarl@acme.example' },
    });
    fireEvent.click(within(overlay).getByRole('button', { name: 'Save group' }));
    expect(await screen.findByText('The signer group Finance has been saved.')).toBeTruthy();
    expect(sentBodies(app.fetch, 'PUT', '/v3/groups/grp_1')).toEqual([
      { name: 'Finance', members: ['ann@acme.example', 'carl@acme.example'] },
    ]);
  });

  it('deletes a group after the dialog asks', async () => {
    const { groups } = open([makeGroup('grp_1', 'Finance', ['ann@acme.example'])]);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete: Finance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the signer group Finance?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete group' }));
    expect(await screen.findByText('The signer group Finance has been deleted.')).toBeTruthy();
    expect(await screen.findByText('No signer group yet.')).toBeTruthy();
    expect(groups).toEqual([]);
  });
});
