// The documents of a template being edited (ADR 100): PDFs uploaded straight into it, one put in
// the place of another (keeping its fields), or one removed with its fields. Each is saved at once
// (the server checks the upload as it checks a draft's); the editor then shows the template's pages.
import { templateDocumentEndpoints } from '@countersign/contract';
import type { Template } from '@countersign/contract';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';

type Change =
  { kind: 'add'; files: File[] } | { kind: 'replace' | 'remove'; documentId: string; file?: File };

export function TemplateDocuments({
  template,
  documents,
  onChange,
}: {
  template: Template;
  documents: Template['documents'];
  onChange: (saved: Template) => void;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const id = useId();
  const params = { id: template.id };
  const act = useMutation({
    mutationFn: (change: Change) => {
      const form = new FormData();
      if (change.kind === 'add') {
        for (const file of change.files) form.append('documents', file, file.name);
        return api.call(templateDocumentEndpoints.addTemplateDocuments, { params, form });
      }
      const documentParams = { ...params, documentId: change.documentId };
      if (change.kind === 'remove')
        return api.call(templateDocumentEndpoints.removeTemplateDocument, { params: documentParams });
      form.append('document', change.file!, change.file!.name);
      return api.call(templateDocumentEndpoints.replaceTemplateDocument, { params: documentParams, form });
    },
    onSuccess: onChange,
  });
  const picked = (event: ChangeEvent<HTMLInputElement>, then: (files: File[]) => void) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length > 0) then(files);
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-2">
      <h3 id={`${id}-heading`} className="font-semibold">
        {t('send.templates.edit.documents')}
      </h3>
      {documents.length === 0 && <p className="text-sm text-muted">{t('send.templates.edit.noDocuments')}</p>}
      <ul className="flex flex-col gap-2" aria-labelledby={`${id}-heading`}>
        {documents.map((doc) => (
          <li key={doc.id} className="flex flex-wrap items-center gap-2 rounded-md border border-line p-2">
            <span className="grow break-all">
              {doc.fileName} · {t('send.templates.edit.pages', { count: doc.pageCount })}
            </span>
            <label className="cursor-pointer text-sm font-semibold text-primary underline">
              {t('send.templates.edit.replace', { name: doc.fileName })}
              <input
                type="file"
                accept="application/pdf"
                className="sr-only"
                onChange={(e) =>
                  picked(e, ([file]) => act.mutate({ kind: 'replace', documentId: doc.id, file: file! }))
                }
              />
            </label>
            <Button
              size="sm"
              variant="secondary"
              disabled={act.isPending}
              onClick={() => act.mutate({ kind: 'remove', documentId: doc.id })}
            >
              {t('send.templates.edit.remove', { name: doc.fileName })}
            </Button>
          </li>
        ))}
      </ul>
      <label className="cursor-pointer self-start text-sm font-semibold text-primary underline">
        {t('send.templates.edit.addDocuments')}
        <input
          type="file"
          accept="application/pdf"
          multiple
          className="sr-only"
          onChange={(e) => picked(e, (files) => act.mutate({ kind: 'add', files }))}
        />
      </label>
      <FormAlert message={act.error ? t(describeApiError(act.error)) : null} />
    </section>
  );
}
