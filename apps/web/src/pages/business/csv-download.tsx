// The CSV export of one activity list for the chosen filters. The server streams it (its size is not
// known in advance), so the download is read as it arrives and the bytes received are shown, with
// a progress bar when the size was announced; the file is handed to the browser under the name
// the server gives it.
import { businessActivityEndpoints } from '@countersign/contract';
import type { ActivityFilter, ActivityKind } from '@countersign/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';
import { saveBlob } from '../../features/signing/binary.js';

type State =
  | { kind: 'idle' }
  | { kind: 'running'; received: number; total: number | null }
  | { kind: 'done'; name: string; received: number }
  | { kind: 'failed'; error: unknown };

/** Bytes as people read them: B, KB, MB with one decimal (1 KB = 1024 B), in the page's language. */
export function formatBytes(bytes: number, locale: string): string {
  const format = (value: number) => value.toLocaleString(locale, { maximumFractionDigits: 1 });
  if (bytes < 1024) return `${format(bytes)} B`;
  if (bytes < 1024 * 1024) return `${format(bytes / 1024)} KB`;
  return `${format(bytes / (1024 * 1024))} MB`;
}

export function CsvDownload({
  businessId,
  kind,
  filter,
  disabled,
}: {
  businessId: string;
  kind: ActivityKind;
  filter: ActivityFilter;
  disabled: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const lastShown = useRef(0);
  const bytes = (value: number) => formatBytes(value, i18n.language);

  const start = async () => {
    setState({ kind: 'running', received: 0, total: null });
    lastShown.current = 0;
    try {
      const file = await api.download(
        businessActivityEndpoints.exportActivities,
        { params: { id: businessId, kind }, query: filter },
        (received, total) => {
          // a large export arrives in thousands of chunks: redraw every 64 KB, not for each one
          if (received - lastShown.current < 64 * 1024 && received !== total) return;
          lastShown.current = received;
          setState({ kind: 'running', received, total });
        },
      );
      const name = file.fileName ?? `${kind}.csv`;
      saveBlob(file.blob, name);
      setState({ kind: 'done', name, received: file.blob.size });
    } catch (error) {
      setState({ kind: 'failed', error });
    }
  };

  return (
    <div className="flex flex-col items-start gap-2">
      <Button
        variant="secondary"
        isBusy={state.kind === 'running'}
        disabled={disabled}
        onClick={() => void start()}
      >
        {t('consolePages.activity.download')}
      </Button>
      {state.kind === 'running' && state.total !== null && (
        <progress
          className="w-64"
          max={state.total}
          value={state.received}
          aria-label={t('consolePages.activity.download')}
        />
      )}
      <p role="status" className="text-sm text-muted" data-testid="csv-progress">
        {state.kind === 'running'
          ? state.total !== null
            ? t('consolePages.activity.downloadingOf', {
                received: bytes(state.received),
                total: bytes(state.total),
              })
            : t('consolePages.activity.downloading', { received: bytes(state.received) })
          : state.kind === 'done'
            ? t('consolePages.activity.downloaded', { name: state.name, received: bytes(state.received) })
            : ''}
      </p>
      {state.kind === 'failed' && (
        <FormAlert
          message={`${t('consolePages.activity.downloadFailed')} ${t(describeApiError(state.error))}`}
        />
      )}
    </div>
  );
}
