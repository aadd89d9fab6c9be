import type { ApiUser, SealDetail } from '@countersign/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessApi, makeFakeBusiness, problem } from '../../test/business-fixtures.js';
import { apiUserApi, makeApiUser, makeSeal, sealApi } from '../../test/console-fixtures.js';
import { renderApp, sentBodies } from '../../test/render-app.js';

function open(path: string, seals: SealDetail[] = [], apiUsers: ApiUser[] = []) {
  const business = makeFakeBusiness();
  const app = renderApp(path, {
    token: 'tok',
    api: {
      ...businessApi(business),
      ...sealApi(business, seals, apiUsers),
      ...apiUserApi(business, apiUsers),
    },
  });
  return { app, business, seals };
}

describe('seals', () => {
  it('lists the seals with their level and counts, each linking to its page', async () => {
    const invoicing = makeSeal('invoicing', 'Acme Invoicing');
    invoicing.nMembers = 2;
    invoicing.nApi = 1;
    open('/business/seals', [invoicing]);
    const row = await screen.findByTestId('seal-row');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Acme Invoicing', 'invoicing', 'Advanced seal', '2', '1']);
    expect(within(row).getByRole('link', { name: 'Acme Invoicing' }).getAttribute('href')).toBe(
      '/business/seals/invoicing',
    );
  });

  it('checks the account name before sending, creates the seal and opens its page', async () => {
    const { app } = open('/business/seals');
    expect(await screen.findByText('No seal yet.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Label'), { target: { value: 'Acme Invoicing' } });
    fireEvent.change(screen.getByLabelText('Account name'), { target: { value: 'a b' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create seal' }));
    expect(
      await screen.findByText(
        'Use 3 to 40 lower-case letters, digits, ".", "-" or "_", starting with a letter or digit.',
      ),
    ).toBeTruthy();
    expect(sentBodies(app.fetch, 'POST', '/v1/businesses/biz_1/seals')).toEqual([]);

    fireEvent.change(screen.getByLabelText('Account name'), { target: { value: 'Invoicing' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create seal' }));
    expect(await screen.findByText('The seal Acme Invoicing has been created.')).toBeTruthy();
    expect(sentBodies(app.fetch, 'POST', '/v1/businesses/biz_1/seals')).toEqual([
      { name: 'invoicing', label: 'Acme Invoicing', quality: 'aes' },
    ]);
    await waitFor(() => expect(app.location()).toBe('/business/seals/invoicing'));
  });

  it('stays on the form with the server’s refusal', async () => {
    const { app } = open('/business/seals', [makeSeal('invoicing', 'Acme Invoicing')]);
    fireEvent.change(await screen.findByLabelText('Label'), { target: { value: 'Again' } });
    fireEvent.change(screen.getByLabelText('Account name'), { target: { value: 'invoicing' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create seal' }));
    expect(await screen.findByText('The business has a seal of this account name already.')).toBeTruthy();
    expect(app.location()).toBe('/business/seals');
  });
});

describe('one seal', () => {
  it('shows its certificate and changes its label', async () => {
    const { app } = open('/business/seals/invoicing', [makeSeal('invoicing', 'Acme Invoicing')]);
    expect(await screen.findByRole('heading', { name: 'Acme Invoicing', level: 1 })).toBeTruthy();
    expect(screen.getByText('CN=Acme Invoicing, O=Acme, C=CH')).toBeTruthy();
    expect(screen.getByText(/^6 Jan 2028/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Label'), { target: { value: 'Acme Billing' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save label' }));
    expect(await screen.findByText('The label has been saved.')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Acme Billing', level: 1 })).toBeTruthy();
    expect(sentBodies(app.fetch, 'PUT', '/v1/businesses/biz_1/seals/invoicing')).toEqual([
      { label: 'Acme Billing' },
    ]);
  });

  it('uploads its visual as multipart, refuses a file over 1 MB before sending, and removes it', async () => {
    const { app } = open('/business/seals/invoicing', [makeSeal('invoicing', 'Acme Invoicing')]);
    const input = await screen.findByLabelText('Upload a visual');
    expect(screen.getByText('No visual yet.')).toBeTruthy();
    const large = new File([new Uint8Array(1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [large] } });
    expect(await screen.findByText('The image is larger than 1 MB.')).toBeTruthy();

    const small = new File([new Uint8Array([137, 80, 78, 71])], 'seal.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [small] } });
    expect(await screen.findByText('The visual has been saved.')).toBeTruthy();
    const uploads = app.fetch.mock.calls.filter(
      ([url, init]) => init?.method === 'POST' && String(url).endsWith('/seals/invoicing/image'),
    );
    expect(uploads).toHaveLength(1);
    const form = uploads[0]![1]!.body as FormData;
    expect((form.get('image') as File).name).toBe('seal.png');
    await waitFor(() => expect(screen.queryByText('No visual yet.')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Remove visual' }));
    expect(await screen.findByText('The visual has been removed.')).toBeTruthy();
    expect(screen.getByText('No visual yet.')).toBeTruthy();
  });

  it('lets people of the business apply it, and stops them again', async () => {
    const { app } = open('/business/seals/invoicing', [makeSeal('invoicing', 'Acme Invoicing')]);
    expect(await screen.findByText('Nobody is listed yet.')).toBeTruthy();
    const person = await screen.findByLabelText('Person');
    await waitFor(() => expect(within(person).getAllByRole('option')).toHaveLength(3));
    fireEvent.change(person, { target: { value: 'usr_2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Allow to apply' }));
    expect(await screen.findByText('The person may now apply the seal.')).toBeTruthy();
    expect(screen.getAllByTestId('seal-member-row').map((row) => row.textContent)).toEqual([
      expect.stringContaining('Bob Tester'),
    ]);
    // who is on the seal is no longer offered
    expect(within(screen.getByLabelText('Person')).getAllByRole('option')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Remove: Bob Tester' }));
    expect(await screen.findByText('The person may no longer apply the seal.')).toBeTruthy();
    expect(screen.queryAllByTestId('seal-member-row')).toHaveLength(0);
    expect(sentBodies(app.fetch, 'POST', '/v1/businesses/biz_1/seals/invoicing/members')).toEqual([
      { members: ['usr_2'] },
    ]);
    expect(sentBodies(app.fetch, 'DELETE', '/v1/businesses/biz_1/seals/invoicing/members')).toEqual([
      { members: ['usr_2'] },
    ]);
  });

  it('lists the API users that may apply it, assigns one of the business and unassigns another', async () => {
    const erp = makeApiUser(1, 'ERP');
    const shop = makeApiUser(2, 'Web shop');
    const seal = makeSeal('invoicing', 'Acme Invoicing');
    seal.apiUsers = [{ username: erp.username, description: erp.description }];
    seal.nApi = 1;
    const { app } = open('/business/seals/invoicing', [seal], [erp, shop]);
    const section = await screen.findByRole('region', { name: 'API users who may apply it' });
    const rows = () =>
      within(section)
        .queryAllByTestId('seal-api-user-row')
        .map((row) => row.textContent);
    expect(rows()).toEqual([expect.stringContaining(erp.username)]);
    expect(rows()[0]).toContain('ERP');
    // only the API users of the business not on the seal yet are offered
    const choice = await within(section).findByLabelText('API user');
    await waitFor(() =>
      expect(
        within(choice)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual([`Web shop (${shop.username})`]),
    );

    fireEvent.click(within(section).getByRole('button', { name: 'Allow the API user to apply' }));
    expect(await screen.findByText('The API user may now apply the seal.')).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[1]).toContain(shop.username);
    expect(within(section).queryByLabelText('API user')).toBeNull();

    fireEvent.click(within(section).getByRole('button', { name: `Remove: ${erp.username}` }));
    expect(await screen.findByText('The API user may no longer apply the seal.')).toBeTruthy();
    await waitFor(() => expect(rows()).toEqual([expect.stringContaining(shop.username)]));
    expect(within(within(section).getByLabelText('API user')).getAllByRole('option')).toHaveLength(1);
    // the people of the seal are another list, untouched
    expect(screen.queryAllByTestId('seal-member-row')).toHaveLength(0);
    expect(screen.getByText('Nobody is listed yet.')).toBeTruthy();
    expect(sentBodies(app.fetch, 'POST', '/v1/businesses/biz_1/seals/invoicing/members')).toEqual([
      { members: [shop.username] },
    ]);
    expect(sentBodies(app.fetch, 'DELETE', '/v1/businesses/biz_1/seals/invoicing/members')).toEqual([
      { members: [erp.username] },
    ]);
  });

  it('says when the business has no API user to assign, and where to create one', async () => {
    open('/business/seals/invoicing', [makeSeal('invoicing', 'Acme Invoicing')]);
    const section = await screen.findByRole('region', { name: 'API users who may apply it' });
    expect(within(section).getByText('No API user is listed yet.')).toBeTruthy();
    expect(await within(section).findByText('The business has no API user yet.')).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Create an API user' }).getAttribute('href')).toBe(
      '/business/developers/api',
    );
    expect(within(section).queryByLabelText('API user')).toBeNull();
  });

  it('says while its visual loads, and why the people who may apply it are not shown', async () => {
    const business = makeFakeBusiness();
    const seal = makeSeal('invoicing', 'Acme Invoicing');
    seal.hasImage = true;
    renderApp('/business/seals/invoicing', {
      token: 'tok',
      api: {
        ...businessApi(business),
        ...sealApi(business, [seal]),
        'GET /v1/businesses/biz_1/seals/invoicing/image': () => new Promise<Response>(() => {}),
        'GET /v1/businesses/biz_1/members': () => problem(403, 'business.forbidden'),
      },
    });
    const visual = await screen.findByRole('region', { name: 'Visual' });
    expect(within(visual).getByRole('status').textContent).toBe('Loading…');
    const people = screen.getByRole('region', { name: 'People who may apply it' });
    expect(await within(people).findByText('Only admins of the business may do this.')).toBeTruthy();
    expect(within(people).queryByText('Loading…')).toBeNull();
    expect(within(people).queryByLabelText('Person')).toBeNull();
  });

  it('says so when the seal does not exist', async () => {
    open('/business/seals/nothing');
    expect(await screen.findByRole('heading', { name: 'Seal not found' })).toBeTruthy();
  });
});
