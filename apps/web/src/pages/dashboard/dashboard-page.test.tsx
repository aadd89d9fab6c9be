import { snakeKeys } from '@countersign/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, makeUser } from '../../test/fixtures.js';
import { renderApp, sentBodies } from '../../test/render-app.js';
import { makeDraft } from '../upload/test-request.js';
import type { ApiHandler } from '../../test/render-app.js';
import { dashboardViewCookieName, readSavedView } from './saved-view-cookie.js';

const listPath = '/v3/signature-requests-redesign';

function item(overrides: Record<string, unknown> = {}) {
  return {
    id: 'sr_1',
    title: 'Lease agreement',
    status: 'open',
    createdAt: '2026-03-01T09:00:00.000Z',
    updatedAt: '2026-03-02T14:05:00.000Z',
    ownerEmail: 'ada@example.com',
    ownerName: 'Ada Lovelace',
    sentByMe: true,
    yourSignatureStatus: null,
    signersTotal: 2,
    signersSigned: 1,
    ...overrides,
  };
}

function renderDashboard(path: string, list: ApiHandler) {
  const urls: URL[] = [];
  const app = renderApp(path, {
    token: 't',
    api: {
      'GET /v1/user': () => jsonResponse(200, snakeKeys(makeUser())),
      [`GET ${listPath}`]: (request) => {
        urls.push(request.url);
        return list(request);
      },
    },
  });
  return { ...app, urls };
}

const page = (items: unknown[], total = items.length, size = 25) =>
  jsonResponse(200, snakeKeys({ items, page: 1, size, total }));

afterEach(() => {
  document.cookie = `${dashboardViewCookieName}=; Path=/; Max-Age=0`;
});

describe('dashboard lists', () => {
  it('does not claim an empty list while the list with a new request is on its way', async () => {
    let answers = 0;
    let release: () => void = () => {};
    const later = new Promise<void>((resolve) => (release = resolve));
    const app = renderDashboard('/dashboard?tab=inbox&q=', async () => {
      answers += 1;
      if (answers === 1) return page([]);
      await later;
      return page([item()]);
    });
    const empty = 'No signature requests yet. Upload a document to send your first one.';
    await screen.findByText(empty);
    // a send elsewhere marks the lists out of date, as the upload screen does
    void app.services.queryClient.invalidateQueries({ queryKey: ['signature-requests', 'list'] });
    await screen.findByText('Loading signature requests…');
    expect(screen.queryByText(empty)).toBeNull();
    release();
    expect(await screen.findByRole('link', { name: /Lease agreement/ })).toBeTruthy();
  });

  it('lists the inbox with status, progress and a link per request', async () => {
    const app = renderDashboard('/dashboard?tab=inbox&q=', () =>
      page([
        item(),
        item({
          id: 'sr_2',
          title: 'NDA',
          sentByMe: false,
          ownerEmail: 'bob@example.com',
          ownerName: 'Bob Baker',
          yourSignatureStatus: 'pending',
        }),
        item({ id: 'sr_3', title: 'Old offer', status: 'withdrawn' }),
        item({ id: 'sr_4', title: 'Quote', sentByMe: false, ownerEmail: 'cy@example.com', ownerName: '' }),
      ]),
    );
    const list = await screen.findByRole('list', { name: 'Signature requests' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/view/sr_1',
      '/view/sr_2',
      '/view/sr_3',
      '/view/sr_4',
    ]);
    expect(links[0]?.textContent).toContain('Waiting');
    expect(links[0]?.textContent).toContain('1 of 2 signed');
    expect(links[0]?.textContent).toContain('Sent by you');
    expect(links[1]?.textContent).toContain('To sign');
    // the sender by name where it is known, else by address
    expect(links[1]?.textContent).toContain('From Bob Baker');
    expect(links[3]?.textContent).toContain('From cy@example.com');
    // the cancelled colour, named as the request page names it
    expect(links[2]?.textContent).toContain('Withdrawn');
    // Spec 1: numeric day, short month, numeric year, hour and minute, in the UI locale.
    expect(links[0]?.textContent).toMatch(/Changed 2 Mar 2026, \d{2}:\d{2}/);
    const sent = app.urls[0];
    expect(sent?.searchParams.getAll('status')).toEqual([
      'open',
      'completed',
      'declined',
      'withdrawn',
      'expired',
    ]);
    expect(sent?.searchParams.get('size')).toBe('25');
    expect(sent?.searchParams.get('send_by')).toBe('any');
  });

  it('opens drafts on the upload screen and asks only for the caller’s drafts', async () => {
    const app = renderDashboard('/dashboard?tab=drafts&q=', () =>
      page([item({ id: 'd1', status: 'draft' })]),
    );
    const link = await screen.findByRole('link', { name: /Lease agreement/ });
    expect(link.getAttribute('href')).toBe('/upload?draft=d1');
    expect(link.textContent).toContain('Draft');
    expect(link.textContent).toContain('Your draft, not sent yet');
    expect(link.textContent).not.toContain('Sent by you');
    expect(app.urls[0]?.searchParams.getAll('status')).toEqual(['draft']);
    expect(app.urls[0]?.searchParams.get('send_by')).toBe('me');
  });

  it('deletes one or several drafts after the delete-documents question, and keeps them on Keep', async () => {
    let drafts = [
      item({ id: 'd1', status: 'draft', title: 'Lease agreement' }),
      item({ id: 'd2', status: 'draft', title: 'NDA' }),
      item({ id: 'd3', status: 'draft', title: 'Offer' }),
    ];
    const deleted: string[] = [];
    const remove = (id: string) => () => {
      deleted.push(id);
      drafts = drafts.filter((d) => d.id !== id);
      return jsonResponse(200, { ok: true });
    };
    localStorage.setItem('countersign.draft.d1', '{}');
    renderApp('/dashboard?tab=drafts&q=', {
      token: 't',
      api: {
        'GET /v1/user': () => jsonResponse(200, snakeKeys(makeUser())),
        [`GET ${listPath}`]: () => page(drafts),
        'DELETE /v3/signature-requests/d1': remove('d1'),
        'DELETE /v3/signature-requests/d2': remove('d2'),
        'DELETE /v3/signature-requests/d3': remove('d3'),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete “Offer”' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete documents?' });
    expect(dialog.textContent).toContain('The draft “Offer” and its documents will be deleted');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deleted).toEqual([]);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select “Lease agreement”' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select “NDA”' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected drafts (2)' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete documents?' });
    expect(dialog.textContent).toContain(
      '2 drafts and their documents will be deleted: Lease agreement, NDA',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('2 drafts have been deleted.');
    expect(deleted).toEqual(['d1', 'd2']);
    await waitFor(() => expect(screen.queryByRole('link', { name: /NDA/ })).toBeNull());
    expect(screen.getByRole('link', { name: /Offer/ })).toBeTruthy();
    expect(localStorage.getItem('countersign.draft.d1')).toBeNull();
  });

  it('duplicates a request of the caller’s own into a new draft and opens it; not one sent by others', async () => {
    const app = renderApp('/dashboard?tab=inbox&q=', {
      token: 't',
      api: {
        'GET /v1/user': () => jsonResponse(200, snakeKeys(makeUser())),
        [`GET ${listPath}`]: () =>
          page([item(), item({ id: 'sr_2', title: 'NDA', sentByMe: false, ownerEmail: 'bob@example.com' })]),
        'POST /v3/signature-requests/sr_1/duplicate': () =>
          jsonResponse(201, snakeKeys(makeDraft({ id: 'copy_1', title: 'Lease agreement' }))),
        'GET /v3/signature-requests/copy_1': () =>
          jsonResponse(200, snakeKeys(makeDraft({ id: 'copy_1', title: 'Lease agreement' }))),
      },
    });
    await screen.findByRole('link', { name: /NDA/ });
    expect(screen.queryByRole('button', { name: 'Duplicate “NDA”' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Duplicate “Lease agreement”' }));
    await waitFor(() => expect(app.location()).toBe('/upload?draft=copy_1'));
    expect(sentBodies(app.fetch, 'POST', '/v3/signature-requests/sr_1/duplicate')).toHaveLength(1);
    await screen.findByText('A copy has been made as a new draft.');
  });

  it('saves filters, sort and page size in the view cookie and asks the list again', async () => {
    const app = renderDashboard('/dashboard?tab=inbox&q=', () => page([item()]));
    await screen.findByRole('list', { name: 'Signature requests' });
    fireEvent.click(screen.getByRole('button', { name: 'Filters and sorting' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Completed' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Only requests I sent' }));
    fireEvent.change(screen.getByLabelText('Requests per page'), { target: { value: '50' } });
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'title:asc' } });
    fireEvent.change(screen.getByLabelText('Dates refer to'), { target: { value: 'created' } });
    await waitFor(() => expect(app.urls.at(-1)?.searchParams.get('sort_by')).toBe('title'));
    const last = app.urls.at(-1);
    expect(last?.searchParams.getAll('status')).toEqual(['completed']);
    expect(last?.searchParams.get('send_by')).toBe('me');
    expect(last?.searchParams.get('size')).toBe('50');
    expect(last?.searchParams.get('sort_order')).toBe('asc');
    expect(last?.searchParams.get('date_time_mode')).toBe('created');
    expect(readSavedView(document.cookie)).toMatchObject({
      filters: { status: ['completed'] },
      sentByMe: true,
      pageSize: 50,
      sort: { by: 'title', order: 'asc' },
      currentTimeMode: 'created',
    });

    app.unmount();
    const again = renderDashboard('/dashboard?tab=inbox&q=', () => page([item()]));
    await screen.findByRole('list', { name: 'Signature requests' });
    expect(again.urls[0]?.searchParams.get('size')).toBe('50');
  });

  it('pages through a long list with the page number in the address', async () => {
    const app = renderDashboard('/dashboard?tab=inbox&q=', (request) =>
      jsonResponse(
        200,
        snakeKeys({
          items: [item()],
          page: Number(request.url.searchParams.get('page')),
          size: 25,
          total: 60,
        }),
      ),
    );
    await screen.findByText('Page 1 of 3');
    expect(screen.getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Page 2 of 3');
    expect(app.location()).toContain('page=2');
    expect(app.urls.at(-1)?.searchParams.get('page')).toBe('2');
  });

  it('searches with the text of the search tab', async () => {
    const app = renderDashboard('/dashboard?tab=search&q=lease', () => page([]));
    await screen.findByText('No signature requests match your search and filters.');
    expect(app.urls[0]?.searchParams.get('search')).toBe('lease');
    expect(app.urls[0]?.searchParams.getAll('status')).toEqual([]);
  });

  it('asks the list again only once typing in the search pauses', async () => {
    const app = renderDashboard('/dashboard?tab=search&q=', () => page([]));
    const box = await screen.findByRole('searchbox', { name: 'Search signature requests' });
    await screen.findByText('No signature requests match your search and filters.');
    for (const typed of ['l', 'le', 'lea', 'lease']) fireEvent.change(box, { target: { value: typed } });
    await waitFor(() => expect(app.urls.at(-1)?.searchParams.get('search')).toBe('lease'));
    expect(app.urls.map((url) => url.searchParams.get('search'))).toEqual([null, 'lease']);
    expect(app.location()).toBe('/dashboard?tab=search&q=lease');
  });

  it('shows an empty inbox with a way to upload, and a failed load with a retry', async () => {
    let fail = true;
    renderDashboard('/dashboard?tab=inbox&q=', () =>
      fail
        ? jsonResponse(400, {
            type: 'about:blank',
            title: 'Bad',
            status: 400,
            code: 'request.validation_failed',
          })
        : page([]),
    );
    expect(await screen.findByText(/The signature requests could not be loaded\./)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('No signature requests yet. Upload a document to send your first one.');
    expect(screen.getByRole('link', { name: 'Upload a document' }).getAttribute('href')).toBe('/upload');
  });
  it('says nothing matched, without the first-run upload offer, when a filter empties a tab', async () => {
    // the account has requests and drafts; only the expired ones and those from 2030 on are none
    renderDashboard('/dashboard?tab=inbox&q=', ({ url }) =>
      url.searchParams.get('status') === 'expired' || url.searchParams.has('date_from')
        ? page([])
        : page([item()]),
    );
    await screen.findByRole('list', { name: 'Signature requests' });
    fireEvent.click(screen.getByRole('button', { name: 'Filters and sorting' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Expired' }));
    await screen.findByText('No signature requests match your search and filters.');
    expect(screen.queryByText(/No signature requests yet/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Upload a document' })).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: 'Drafts' }));
    await screen.findByRole('list', { name: 'Signature requests' });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2030-01-01' } });
    await screen.findByText('No signature requests match your search and filters.');
    expect(screen.queryByText(/No drafts\./)).toBeNull();
  });

  it('says it is loading until the list answers, then shows it', async () => {
    let answer: (response: Response) => void = () => {};
    renderDashboard('/dashboard?tab=inbox&q=', () => new Promise<Response>((resolve) => (answer = resolve)));
    // a live status region, so a screen reader says it too
    expect((await screen.findByText('Loading signature requests…')).closest('[role="status"]')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Signature requests' })).toBeNull();
    answer(page([item()]));
    expect(await screen.findByRole('list', { name: 'Signature requests' })).toBeTruthy();
    expect(screen.queryByText('Loading signature requests…')).toBeNull();
  });

  it('gives each status its own colour from the spec palette, beside the word', async () => {
    renderDashboard('/dashboard?tab=inbox&q=', () =>
      page([
        item({ id: 'a', sentByMe: false, yourSignatureStatus: 'pending' }),
        item({ id: 'b' }),
        item({ id: 'c', status: 'declined' }),
        item({ id: 'd', status: 'completed', signersSigned: 2 }),
        item({ id: 'e', status: 'expired' }),
      ]),
    );
    const list = await screen.findByRole('list', { name: 'Signature requests' });
    const badges = within(list)
      .getAllByRole('link')
      .map((link) => link.querySelector('[data-status]'));
    const seen = badges.map((badge) => [
      badge?.getAttribute('data-status'),
      badge?.querySelector('[aria-hidden="true"]')?.className.match(/bg-(\w+)/)?.[1],
      badge?.textContent,
    ]);
    // spec 9: warning #FF7803, primary #006FE6, error #E50040, success #00A671
    expect(seen).toEqual([
      ['to_sign', 'warning', 'To sign'],
      ['waiting', 'primary', 'Waiting'],
      ['cancelled', 'error', 'Declined'],
      ['completed', 'success', 'Completed'],
      ['cancelled', 'error', 'Expired'],
    ]);
  });
});
