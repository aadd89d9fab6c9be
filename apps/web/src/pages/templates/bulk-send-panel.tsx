// Bulk send from a template (ADR 080): the CSV is checked first and its rows with errors are shown
// (nothing is sent), then the valid rows are sent in the background while the progress is read
// every second; the result file lists every row with its request or its errors.
import { bulkSendEndpoints } from '@countersign/contract';
import type { BulkSend, Template } from '@countersign/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';
import { saveBlob } from '../../features/signing/binary.js';
import { ListTable } from '../../features/business/list-table.js';

export function BulkSendPanel({ template }: { template: Template }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [checked, setChecked] = useState<BulkSend | null>(null);
  const preview = useMutation({
    mutationFn: async (file: File) =>
      api.call(bulkSendEndpoints.previewBulkSend, {
        params: { id: template.id },
        body: { csv: await file.text() },
      }),
    onSuccess: setChecked,
  });
  const start = useMutation({
    mutationFn: (id: string) => api.call(bulkSendEndpoints.startBulkSend, { params: { id } }),
    onSuccess: setChecked,
  });
  const progress = useQuery({
    queryKey: ['bulk-sends', checked?.id],
    queryFn: ({ signal }) => api.call(bulkSendEndpoints.getBulkSend, { params: { id: checked!.id }, signal }),
    enabled: checked?.status === 'running',
    refetchInterval: (query) => (query.state.data?.status === 'finished' ? false : 1000),
  });
  const shown = progress.data ?? checked;
  const error = preview.error ?? start.error;
  const download = async () => {
    const file = await api.download(bulkSendEndpoints.getBulkSendResult, { params: { id: shown!.id } });
    saveBlob(file.blob, file.fileName ?? 'bulk-send.csv');
  };

  return (
    <section className="mt-8 flex flex-col gap-4" aria-labelledby="bulk-heading">
      <h2 id="bulk-heading" className="text-lg font-semibold">
        {t('send.bulk.heading', { name: template.name })}
      </h2>
      <p className="text-sm text-muted">
        {t('send.bulk.columns')} <code className="break-all">{columnsOf(template).join(',')}</code>
      </p>
      <label className="flex flex-col gap-1">
        <span className="font-semibold">{t('send.bulk.file')}</span>
        <input
          type="file"
          accept=".csv,text/csv"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) preview.mutate(file);
          }}
        />
      </label>
      <FormAlert message={error ? t(describeApiError(error)) : null} />
      {shown && (
        <div className="flex flex-col gap-3" data-testid="bulk-summary">
          <p role="status">
            {t('send.bulk.summary', {
              total: shown.total,
              invalid: shown.invalid,
              pending: shown.pending,
              sent: shown.sent,
              failed: shown.failed,
            })}
          </p>
          {shown.status === 'running' && (
            <progress className="w-64" max={shown.total - shown.invalid} value={shown.sent + shown.failed} />
          )}
          {shown.rowsWithErrors.length > 0 && (
            <ListTable headings={[t('send.bulk.row'), t('send.bulk.errors')]}>
              {shown.rowsWithErrors.map((row) => (
                <tr key={row.row} className="border-b border-line last:border-0" data-testid="bulk-error-row">
                  <td className="p-2">{row.row}</td>
                  <td className="p-2">
                    {row.errors
                      .map((e) => `${e.column ? `${e.column}: ` : ''}${t(`send.bulk.codes.${e.code}`)}`)
                      .join('; ')}
                  </td>
                </tr>
              ))}
            </ListTable>
          )}
          <div className="flex flex-wrap gap-3">
            {shown.status === 'previewed' && (
              <Button
                isBusy={start.isPending}
                disabled={shown.pending === 0}
                onClick={() => start.mutate(shown.id)}
              >
                {t('send.bulk.start', { count: shown.pending })}
              </Button>
            )}
            {shown.status === 'finished' && (
              <Button variant="secondary" onClick={() => void download()}>
                {t('send.bulk.result')}
              </Button>
            )}
          </div>
        </div>
      )}
    </section>
  );
}

/** The CSV header the template asks for: an address and a name per role, then the fields to fill. */
function columnsOf(template: Template): string[] {
  return [
    ...template.roles.flatMap((r) => [`${r.name} email`, `${r.name} name`]),
    ...template.fields.filter((f) => f.kind === 'text' || f.kind === 'checkbox').map((f) => f.label || f.id),
  ];
}
