// Filters, sort and page size of the dashboard list. Every change goes straight into the saved
// view; the list reloads from the first page. Collapsed behind one button, so the list stays in
// sight on every screen down to 320 px.
import {
  DEFAULT_DASHBOARD_VIEW,
  FILTERABLE_STATUSES,
  PAGE_SIZES,
  SORT_FIELDS,
  TIME_MODES,
} from '@countersign/domain';
import type { DashboardTab, DashboardView, FilterableStatus, PageSize } from '@countersign/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.js';
import { dateInputFromIso, isoFromDateInput } from '../../features/forms/date-input.js';

const sortChoices = SORT_FIELDS.flatMap((by) => (['desc', 'asc'] as const).map((order) => ({ by, order })));
const inputClasses = 'rounded-md border border-line bg-white px-3 py-2 font-normal';
const labelClasses = 'flex flex-col gap-1 text-sm font-semibold';

/** One end of the date range: a whole local day on screen, an instant in the view. */
function DateField(props: {
  label: string;
  value: string | null;
  edge: 'start' | 'end';
  onChange: (iso: string | null) => void;
}) {
  return (
    <label className={labelClasses}>
      {props.label}
      <input
        type="date"
        className={inputClasses}
        value={dateInputFromIso(props.value)}
        onChange={(event) => props.onChange(isoFromDateInput(event.target.value, props.edge))}
      />
    </label>
  );
}

export function DashboardFilters({
  tab,
  view,
  onChange,
}: {
  tab: DashboardTab;
  view: DashboardView;
  onChange: (change: Partial<DashboardView>) => void;
}) {
  const { t } = useTranslation();
  const panelId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const toggleStatus = (status: FilterableStatus, isChecked: boolean) => {
    const chosen = new Set(view.filters.status);
    if (isChecked) chosen.add(status);
    else chosen.delete(status);
    onChange({ filters: { status: FILTERABLE_STATUSES.filter((s) => chosen.has(s)) } });
  };
  const isDrafts = tab === 'drafts';

  return (
    <section aria-label={t('dashboard.filters.label')} className="rounded-lg border border-line bg-white p-3">
      <Button
        variant="text"
        size="sm"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen(!isOpen)}
      >
        {t('dashboard.filters.toggle')}
        <span aria-hidden="true">{isOpen ? '▴' : '▾'}</span>
      </Button>
      <div id={panelId} hidden={!isOpen} className="mt-3">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 md:grid-cols-4">
          {!isDrafts && (
            <fieldset className="flex flex-col gap-1 sm:col-span-2 md:col-span-4">
              <legend className="mb-1 text-sm font-semibold">{t('dashboard.filters.status')}</legend>
              <div className="flex flex-wrap gap-x-4 gap-y-2">
                {FILTERABLE_STATUSES.map((status) => (
                  <label key={status} className="inline-flex items-center gap-2">
                    <input
                      type="checkbox"
                      className="size-4"
                      checked={view.filters.status.includes(status)}
                      onChange={(event) => toggleStatus(status, event.target.checked)}
                    />
                    {t(`dashboard.filters.statuses.${status}`)}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          <DateField
            label={t('dashboard.filters.dateFrom')}
            value={view.dates.from}
            edge="start"
            onChange={(from) => onChange({ dates: { ...view.dates, from } })}
          />
          <DateField
            label={t('dashboard.filters.dateTo')}
            value={view.dates.to}
            edge="end"
            onChange={(to) => onChange({ dates: { ...view.dates, to } })}
          />
          <label className={labelClasses}>
            {t('dashboard.filters.timeMode')}
            <select
              className={inputClasses}
              value={view.currentTimeMode}
              onChange={(event) =>
                onChange({ currentTimeMode: event.target.value === 'created' ? 'created' : 'updated' })
              }
            >
              {TIME_MODES.map((mode) => (
                <option key={mode} value={mode}>
                  {t(`dashboard.filters.timeModes.${mode}`)}
                </option>
              ))}
            </select>
          </label>
          <label className={labelClasses}>
            {t('dashboard.filters.sort')}
            <select
              className={inputClasses}
              value={`${view.sort.by}:${view.sort.order}`}
              onChange={(event) => {
                const [by, order] = event.target.value.split(':');
                const field = SORT_FIELDS.find((f) => f === by) ?? DEFAULT_DASHBOARD_VIEW.sort.by;
                onChange({ sort: { by: field, order: order === 'asc' ? 'asc' : 'desc' } });
              }}
            >
              {sortChoices.map(({ by, order }) => (
                <option key={`${by}:${order}`} value={`${by}:${order}`}>
                  {t(`dashboard.filters.sorts.${by}_${order}`)}
                </option>
              ))}
            </select>
          </label>
          <label className={labelClasses}>
            {t('dashboard.filters.pageSize')}
            <select
              className={inputClasses}
              value={view.pageSize}
              onChange={(event) => onChange({ pageSize: Number(event.target.value) as PageSize })}
            >
              {PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </label>
          {!isDrafts && (
            <label className="inline-flex items-center gap-2 self-end pb-2 font-semibold">
              <input
                type="checkbox"
                className="size-4"
                checked={view.sentByMe}
                onChange={(event) => onChange({ sentByMe: event.target.checked })}
              />
              {t('dashboard.filters.sentByMe')}
            </label>
          )}
        </div>
        <Button
          variant="secondary"
          size="sm"
          className="mt-4"
          onClick={() => onChange({ ...DEFAULT_DASHBOARD_VIEW, view: view.view })}
        >
          {t('dashboard.filters.reset')}
        </Button>
      </div>
    </section>
  );
}
