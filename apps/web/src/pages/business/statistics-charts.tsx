// The charts of the business dashboard, drawn with Chart.js (MIT, canvas, tree-shaken to bar charts
// only). This module is loaded only by the dashboard's statistics, in a chunk of its own, so the
// library weighs on no other page. A canvas says nothing to a screen reader: each chart is an
// image named after the table beside it, which carries the same numbers.
import type { BusinessStatistics } from '@countersign/contract';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import type { ChartConfiguration } from 'chart.js';
import { useEffect, useMemo, useRef } from 'react';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

/** The signature levels' colours of spec 9 (simple, advanced, qualified). */
const levelColours = { ses: '#20abfd', aes: '#006fe6', qes: '#00a671' } as const;

export interface ChartTexts {
  levels: Record<'ses' | 'aes' | 'qes', string>;
  open: string;
  completed: string;
  signaturesLabel: string;
  requestsLabel: string;
}

function BarChart({ config, label }: { config: ChartConfiguration<'bar'>; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    const chart = new Chart(context, config);
    return () => chart.destroy();
  }, [config]);
  return (
    <div className="relative h-64 w-full">
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}

export function signaturesChart(
  statistics: BusinessStatistics,
  texts: ChartTexts,
  monthLabel: (month: string) => string,
): ChartConfiguration<'bar'> {
  const levels = ['ses', 'aes', 'qes'] as const;
  return {
    type: 'bar',
    data: {
      labels: statistics.signaturesPerMonth.map((row) => monthLabel(row.month)),
      datasets: levels.map((level) => ({
        label: texts.levels[level],
        data: statistics.signaturesPerMonth.map((row) => row[level]),
        backgroundColor: levelColours[level],
      })),
    },
    options: {
      maintainAspectRatio: false,
      animation: false,
      scales: { x: { stacked: true }, y: { stacked: true, beginAtZero: true, ticks: { precision: 0 } } },
    },
  };
}

export function requestsChart(statistics: BusinessStatistics, texts: ChartTexts): ChartConfiguration<'bar'> {
  return {
    type: 'bar',
    data: {
      labels: [texts.open, texts.completed],
      datasets: [
        {
          label: texts.requestsLabel,
          data: [statistics.requests.open, statistics.requests.completed],
          backgroundColor: ['#ff7803', '#00a671'],
        },
      ],
    },
    options: {
      maintainAspectRatio: false,
      animation: false,
      indexAxis: 'y',
      plugins: { legend: { display: false } },
      scales: { x: { beginAtZero: true, ticks: { precision: 0 } } },
    },
  };
}

export function SignaturesChart(props: {
  statistics: BusinessStatistics;
  texts: ChartTexts;
  monthLabel: (month: string) => string;
}) {
  const { statistics, texts, monthLabel } = props;
  const config = useMemo(
    () => signaturesChart(statistics, texts, monthLabel),
    [statistics, texts, monthLabel],
  );
  return <BarChart config={config} label={texts.signaturesLabel} />;
}

export function RequestsChart({ statistics, texts }: { statistics: BusinessStatistics; texts: ChartTexts }) {
  const config = useMemo(() => requestsChart(statistics, texts), [statistics, texts]);
  return <BarChart config={config} label={texts.requestsLabel} />;
}
