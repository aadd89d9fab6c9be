import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessApi, makeFakeBusiness } from '../../test/business-fixtures.js';
import { renderApp, sentBodies } from '../../test/render-app.js';

function openMembers() {
  const business = makeFakeBusiness();
  const app = renderApp('/business/members', { token: 'tok', api: businessApi(business) });
  return { app, business };
}

const section = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name}`) });

describe('business members', () => {
  it('lists the admins, the members and the open invitations', async () => {
    openMembers();
    await screen.findByRole('heading', { name: 'Members', level: 1 });
    await waitFor(() => expect(screen.getAllByTestId('members-row')).toHaveLength(2));
    expect(within(section('Admins')).getByText('Ada Tester')).toBeTruthy();
    expect(within(section('Members')).getByText('bob@acme.example')).toBeTruthy();
    const invitations = section('Invitations');
    expect(within(invitations).getByText('dora@example.com')).toBeTruthy();
    expect(within(invitations).getByText('German')).toBeTruthy();
  });

  it('invites people by e-mail, refusing an invalid address before calling the server', async () => {
    const { app } = openMembers();
    fireEvent.click(await screen.findByRole('button', { name: 'Add members' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add members' });
    const emails = within(dialog).getByLabelText('E-mail addresses');
    fireEvent.change(emails, { target: { value: 'eve@example.com, not an address' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitations' }));
    expect(await within(dialog).findByText('Not a valid e-mail address: not')).toBeTruthy();
    expect(sentBodies(app.fetch, 'POST', '/v1/businesses/biz_1/members')).toEqual([]);

    fireEvent.change(emails, { target: { value: 'Eve@Example.com\nfrank@example.org' } });
    fireEvent.change(within(dialog).getByLabelText('Language of the mail'), { target: { value: 'fr' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitations' }));
    expect(await screen.findByText('Invitations sent: 2')).toBeTruthy();
    expect(sentBodies(app.fetch, 'POST', '/v1/businesses/biz_1/members')).toEqual([
      {
        users: [
          { email: 'eve@example.com', lang: 'fr' },
          { email: 'frank@example.org', lang: 'fr' },
        ],
      },
    ]);
    await waitFor(() => expect(screen.getAllByTestId('invitations-row')).toHaveLength(3));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the dialog open with the reason when the server refuses an invitation', async () => {
    openMembers();
    fireEvent.click(await screen.findByRole('button', { name: 'Add members' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add members' });
    fireEvent.change(within(dialog).getByLabelText('E-mail addresses'), {
      target: { value: 'dora@example.com' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitations' }));
    expect(await within(dialog).findByText('This person has been invited already.')).toBeTruthy();
  });

  it('makes a member admin, and says why the last admin cannot step down', async () => {
    const { app } = openMembers();
    fireEvent.click(await screen.findByRole('button', { name: 'Make admin: Bob Tester' }));
    expect(await screen.findByText('The role has been changed.')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('admins-row')).toHaveLength(2));
    expect(sentBodies(app.fetch, 'POST', '/v1/businesses/biz_1/change-to-admins')).toEqual([
      { user_ids: ['usr_2'] },
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Make member: Bob Tester' }));
    await waitFor(() => expect(screen.getAllByTestId('admins-row')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Make member: Ada Tester' }));
    expect(
      await screen.findByText(
        'A business needs an admin: the last admin can neither step down nor be removed.',
      ),
    ).toBeTruthy();
    expect(screen.getAllByTestId('admins-row')).toHaveLength(1);
  });

  it('removes one member from the row, and several selected ones together', async () => {
    const business = makeFakeBusiness();
    business.people.push({
      ...business.people[1]!,
      userId: 'usr_4',
      firstName: 'Dan',
      email: 'dan@acme.example',
    });
    const app = renderApp('/business/members', { token: 'tok', api: businessApi(business) });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove: Bob Tester' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove from the business?' });
    expect(within(dialog).getByTestId('removal-candidates').textContent).toBe('Bob Tester');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Removed from the business: 1')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('members-row')).toHaveLength(2));

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Cleo Tester' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Dan Tester' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove selected (2)' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove from the business?' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Cleo Tester', 'Dan Tester']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('No members yet. Add your colleagues to get started.')).toBeTruthy();
    expect(sentBodies(app.fetch, 'POST', '/v1/businesses/biz_1/remove-members')).toEqual([
      { user_ids: ['usr_2'] },
      { user_ids: ['usr_3', 'usr_4'] },
    ]);
  });

  it('withdraws an invitation after asking', async () => {
    const { app } = openMembers();
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw: dora@example.com' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Withdraw the invitation to dora@example.com?',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('No open invitations.')).toBeTruthy();
    expect(
      app.fetch.mock.calls.some(
        ([input, init]) =>
          init?.method === 'DELETE' && String(input).endsWith('/v1/businesses/biz_1/invitations/inv_1'),
      ),
    ).toBe(true);
  });
});
