import { snakeKeys } from '@countersign/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { businessApi, makeFakeBusiness } from '../../test/business-fixtures.js';
import { jsonResponse } from '../../test/fixtures.js';
import { renderApp } from '../../test/render-app.js';
import type { ApiHandler } from '../../test/render-app.js';
import { formatBytes } from './csv-download.js';

const signature = (id: string, at: string, signerName: string, groupName: string | null = null) => ({
  id,
  at,
  requestId: 'sr_1',
  signerEmail: `${signerName.toLowerCase()}@acme.example`,
  signerName: `${signerName} Tester`,
  quality: 'aes' as const,
  legislation: 'eidas' as const,
  senderEmail: 'ada@acme.example',
  groupName,
});

const signatures = [
  signature('sig_2', '2026-02-10T10:00:00.000Z', 'Cleo', 'Finance'),
  signature('sig_1', '2026-01-10T10:00:00.000Z', 'Bob'),
];

/** The activity calls: signatures filtered by their dates as the server does, one account event. */
function activityApi(csvChunks: string[]): Record<string, ApiHandler> {
  const base = '/v2/businesses/biz_1/activities';
  return {
    [`GET ${base}/signatures`]: ({ url }) => {
      const start = url.searchParams.get('start_date');
      const end = url.searchParams.get('end_date');
      const items = signatures
        .filter((s) => (!start || s.at.slice(0, 10) >= start) && (!end || s.at.slice(0, 10) <= end))
        .sort((a, b) =>
          url.searchParams.get('sort') === 'asc' ? a.at.localeCompare(b.at) : b.at.localeCompare(a.at),
        );
      return jsonResponse(200, snakeKeys({ items, page: 1, size: 25, total: items.length }));
    },
    [`GET ${base}/accounts`]: () =>
      jsonResponse(
        200,
        snakeKeys({
          items: [
            {
              id: 'acc_1',
              at: '2026-01-05T10:00:00.000Z',
              event: 'joined',
              email: 'bob@acme.example',
              name: 'Bob Tester',
              role: 'member',
              byEmail: 'bob@acme.example',
            },
            {
              id: 'acc_0',
              at: '2026-01-04T10:00:00.000Z',
              event: 'invited',
              email: 'bob@acme.example',
              name: 'Bob Tester',
              role: null,
              byEmail: 'ada@acme.example',
            },
            {
              id: 'acc_2',
              at: '2026-01-03T10:00:00.000Z',
              event: 'left',
              email: 'eve@acme.example',
              name: '',
              role: null,
              byEmail: 'eve@acme.example',
            },
          ],
          page: 1,
          size: 25,
          total: 3,
        }),
      ),
    [`GET ${base}/signatures/csv`]: () => {
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of csvChunks) controller.enqueue(encoder.encode(chunk));
          controller.close();
        },
      });
      return new Response(body, {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="signatures-2026-01-01-2026-01-31.csv"',
        },
      });
    },
  };
}

function open(path = '/business/activity', csvChunks: string[] = ['id,at\r\n', 'sig_1,2026-01-10\r\n']) {
  const business = makeFakeBusiness();
  return renderApp(path, { token: 'tok', api: { ...businessApi(business), ...activityApi(csvChunks) } });
}

afterEach(() => vi.restoreAllMocks());

describe('activity', () => {
  it('lists the signatures, newest first, with who signed for which group', async () => {
    open();
    await waitFor(() => expect(screen.getAllByTestId('activity-row')).toHaveLength(2));
    const [first, second] = screen.getAllByTestId('activity-row');
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      expect.stringMatching(/^10 Feb 2026/),
      'Cleo Tester (cleo@acme.example)',
      'Advanced',
      'eIDAS',
      'ada@acme.example',
      'Finance',
    ]);
    expect(second!.textContent).toContain('Bob Tester');
  });

  it('sends the date filters and the order as the calls take them, and refuses an end before the start', async () => {
    const app = open();
    await waitFor(() => expect(screen.getAllByTestId('activity-row')).toHaveLength(2));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-31' } });
    fireEvent.change(screen.getByLabelText('Order'), { target: { value: 'asc' } });
    await waitFor(() => expect(screen.getAllByTestId('activity-row')).toHaveLength(1));
    expect(screen.getByTestId('activity-row').textContent).toContain('Bob Tester');
    const last = new URL(String(app.fetch.mock.calls.at(-1)![0]), 'http://localhost');
    expect(Object.fromEntries(last.searchParams)).toEqual({
      sort: 'asc',
      start_date: '2026-01-01',
      end_date: '2026-01-31',
      page: '1',
      size: '25',
    });

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-12-31' } });
    expect(await screen.findByText('The end date is before the start date.')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Download CSV' }).disabled).toBe(true);
  });

  it('switches to the account activity', async () => {
    open();
    fireEvent.change(await screen.findByLabelText('List'), { target: { value: 'accounts' } });
    expect(await screen.findByRole('heading', { name: 'Accounts' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('activity-row')).toHaveLength(3));
    const cells = screen.getAllByTestId('activity-row').map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(1),
    );
    expect(cells).toEqual([
      ['Joined', 'Bob Tester (bob@acme.example)', 'Member', 'bob@acme.example'],
      // an invitee who then joined was never "no longer part" of the business
      ['Invited', 'Bob Tester (bob@acme.example)', 'Not yet part', 'ada@acme.example'],
      ['Left', 'eve@acme.example', 'No longer part', 'eve@acme.example'],
    ]);
  });

  it('downloads the CSV for the filters as it streams in, and names the file as the server does', async () => {
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:csv');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const app = open();
    await waitFor(() => expect(screen.getAllByTestId('activity-row')).toHaveLength(2));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() =>
      expect(screen.getByTestId('csv-progress').textContent).toBe(
        'Downloaded signatures-2026-01-01-2026-01-31.csv (25 B).',
      ),
    );
    expect(saved).toEqual(['signatures-2026-01-01-2026-01-31.csv']);
    const exportCall = app.fetch.mock.calls.find(([url]) => String(url).includes('/csv'))!;
    const url = new URL(String(exportCall[0]), 'http://localhost');
    expect(url.pathname).toBe('/v2/businesses/biz_1/activities/signatures/csv');
    expect(Object.fromEntries(url.searchParams)).toEqual({ sort: 'desc', start_date: '2026-01-01' });
    expect((exportCall[1]?.headers as Record<string, string>).authorization).toBe('Bearer tok');
  });

  it('is where the old address of the members activity leads', async () => {
    const app = open('/business/members/activity');
    await waitFor(() => expect(app.location()).toBe('/business/activity'));
    expect(await screen.findByRole('heading', { name: 'Activity', level: 1 })).toBeTruthy();
  });
});

describe('bytes as people read them', () => {
  it('counts in B, KB and MB with one decimal', () => {
    expect(formatBytes(24, 'en-GB')).toBe('24 B');
    expect(formatBytes(1536, 'en-GB')).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024, 'de-CH')).toBe('5 MB');
    expect(formatBytes(1.25 * 1024 * 1024, 'fr-CH')).toMatch(/^1,3 MB$/);
  });
});
