// The PDFs of the draft: name and page count, remove one, add more.
import { documentEndpoints } from '@countersign/contract';
import type { SignatureRequest } from '@countersign/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { DropZone } from './drop-zone.js';

export function DocumentsPanel({
  request,
  isBusy,
  onAddFiles,
  onChanged,
  onError,
}: {
  request: SignatureRequest;
  isBusy: boolean;
  onAddFiles: (files: File[]) => void;
  onChanged: () => void;
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const id = useId();
  const remove = async (docId: string) => {
    try {
      await api.call(documentEndpoints.deleteDocument, { params: { id: docId } });
      onChanged();
    } catch (error) {
      onError(error);
    }
  };
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-3">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {t('send.documents.heading')}
      </h2>
      <ul className="flex flex-col divide-y divide-line rounded-md border border-line bg-white">
        {request.documents.map((document) => (
          <li key={document.id} className="flex flex-wrap items-center gap-2 px-3 py-2">
            <span className="min-w-0 flex-1 break-all">
              <span className="font-semibold">{document.fileName}</span>{' '}
              <span className="text-sm text-muted">
                {t('send.documents.pages', { n: document.pageCount })}
              </span>
            </span>
            {request.documents.length > 1 && (
              <Button
                variant="text"
                size="sm"
                disabled={isBusy}
                aria-label={t('send.documents.remove', { name: document.fileName })}
                onClick={() => void remove(document.id)}
              >
                {t('send.recipients.removeShort')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <DropZone label={t('send.documents.add')} onFiles={onAddFiles} isBusy={isBusy} isCompact />
    </section>
  );
}
