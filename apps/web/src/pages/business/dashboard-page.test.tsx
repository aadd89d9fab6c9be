import { snakeKeys } from '@countersign/contract';
import type { BusinessStatistics } from '@countersign/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { businessApi, makeFakeBusiness } from '../../test/business-fixtures.js';
import { jsonResponse } from '../../test/fixtures.js';
import { renderApp } from '../../test/render-app.js';
import { requestsChart, signaturesChart } from './statistics-charts.js';
import type { ChartTexts } from './statistics-charts.js';
import { monthName } from './statistics-section.js';

const statistics: BusinessStatistics = {
  signaturesPerMonth: [
    { month: '2026-10', ses: 3, aes: 1, qes: 0 },
    { month: '2026-11', ses: 5, aes: 2, qes: 1 },
  ],
  requests: { open: 4, completed: 9 },
  members: 3,
  seats: { used: 3, source: 'members' },
};

const texts: ChartTexts = {
  levels: { ses: 'Simple', aes: 'Advanced', qes: 'Qualified' },
  open: 'Open',
  completed: 'Completed',
  signaturesLabel: 'Signatures',
  requestsLabel: 'Requests',
};

describe('business dashboard statistics', () => {
  it('shows the figures as tables beside charts named after them', async () => {
    // jsdom draws nothing: the charts get no canvas context and stay empty
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const business = makeFakeBusiness();
    const app = renderApp('/business/dashboard', {
      token: 'tok',
      api: {
        ...businessApi(business),
        'GET /v2/businesses/biz_1/statistics': () => jsonResponse(200, snakeKeys(statistics)),
      },
    });
    await waitFor(() => expect(screen.getAllByTestId('statistics-month')).toHaveLength(2));
    const months = screen
      .getAllByTestId('statistics-month')
      .map((row) =>
        [within(row).getByRole('rowheader'), ...within(row).getAllByRole('cell')].map((c) => c.textContent),
      );
    expect(months).toEqual([
      ['Oct 2026', '3', '1', '0', '4'],
      ['Nov 2026', '5', '2', '1', '8'],
    ]);
    const figures = screen.getAllByTestId('statistics-figure').map((row) => row.textContent);
    expect(figures).toEqual(['Open4', 'Completed9', 'People of the business3', 'Seats used3']);
    expect(
      await screen.findByRole('img', { name: 'Signatures per month by level, as in the table below' }),
    ).toBeTruthy();
    expect(
      screen.getByRole('img', { name: 'Open and completed requests, as in the table below' }),
    ).toBeTruthy();
    const call = app.fetch.mock.calls.find(([url]) => String(url).includes('/statistics'))!;
    expect(String(call[0])).toBe('/v2/businesses/biz_1/statistics?months=12');
    vi.restoreAllMocks();
  });
});

describe('statistics charts', () => {
  it('stacks the signatures of each month by level in the levels’ colours', () => {
    const config = signaturesChart(statistics, texts, (month) => `m${month}`);
    expect(config.data.labels).toEqual(['m2026-10', 'm2026-11']);
    expect(config.data.datasets.map((set) => [set.label, set.data, set.backgroundColor])).toEqual([
      ['Simple', [3, 5], '#20abfd'],
      ['Advanced', [1, 2], '#006fe6'],
      ['Qualified', [0, 1], '#00a671'],
    ]);
    expect(config.options?.scales?.x).toMatchObject({ stacked: true });
  });

  it('compares open and completed requests', () => {
    expect(requestsChart(statistics, texts).data.datasets[0]?.data).toEqual([4, 9]);
  });

  it('names months in the page’s language', () => {
    expect(monthName('2026-11', 'en-GB')).toBe('Nov 2026');
    expect(monthName('2026-03', 'de-CH')).toBe('März 2026');
  });
});
