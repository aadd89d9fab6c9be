// Editing a saved template (ADR 100): its name, the defaults a request from it starts with (title,
// message, level and legislation, deadline and reminder), its roles, its documents and the fields
// placed for each role, in the same field editor a draft's fields are placed in, over the template's
// own pages. Saved with PUT /v3/templates/{id}; requests made from it before keep what they have.
import { templateEndpoints } from '@countersign/contract';
import type { Template } from '@countersign/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { TextAreaField } from '../../components/text-area-field.js';
import { TextField } from '../../components/text-field.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';
import { useSnackbars } from '../../features/snackbars/snackbar-store.js';
import { FieldEditor } from '../upload/field-editor/field-editor.js';
import { LevelPicker } from '../upload/level-picker.js';
import type { PageImagePath } from '../upload/page-image.js';
import { TemplateDocuments } from './template-documents.js';
import { templatesKey } from '../../features/requests/request-queries.js';
import {
  formOf,
  newRoleId,
  rolesAsSigners,
  toUpdate,
  withoutRole,
  type TemplateForm,
} from './template-form-model.js';

export function EditTemplate({ template, onClose }: { template: Template; onClose(): void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const queryClient = useQueryClient();
  const snackbars = useSnackbars();
  const [form, setForm] = useState<TemplateForm>(() => formOf(template));
  const [documents, setDocuments] = useState(template.documents);
  const change = (patch: Partial<TemplateForm>) => setForm((f) => ({ ...f, ...patch }));
  const pageImagePath: PageImagePath = (documentId, page, scale) =>
    `/v3/templates/${encodeURIComponent(template.id)}/documents/${encodeURIComponent(documentId)}/pages/${page}?scale=${scale}`;
  const save = useMutation({
    mutationFn: () =>
      api.call(templateEndpoints.updateTemplate, { params: { id: template.id }, body: toUpdate(form) }),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: templatesKey });
      snackbars.show({ message: t('send.templates.edit.saved', { name: saved.name }), color: 'success' });
      onClose();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };

  return (
    <form onSubmit={submit} className="mt-8 flex flex-col gap-4" aria-labelledby="edit-template-heading">
      <h2 id="edit-template-heading" className="text-lg font-semibold">
        {t('send.templates.edit.heading', { name: template.name })}
      </h2>
      <p className="text-sm text-muted">{t('send.templates.edit.note')}</p>
      <TextField
        label={t('send.templates.edit.name')}
        required
        maxLength={200}
        value={form.name}
        onChange={(e) => change({ name: e.target.value })}
      />
      <TextField
        label={t('send.details.title')}
        maxLength={200}
        value={form.title}
        onChange={(e) => change({ title: e.target.value })}
      />
      <TextAreaField
        label={t('send.details.message')}
        maxLength={5000}
        value={form.message}
        onChange={(e) => change({ message: e.target.value })}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t('send.templates.edit.deadlineDays')}
          hint={t('send.templates.edit.daysHint')}
          type="number"
          min={1}
          max={365}
          value={form.deadlineDays}
          onChange={(e) => change({ deadlineDays: e.target.value })}
        />
        <TextField
          label={t('send.templates.edit.reminderDays')}
          hint={t('send.templates.edit.daysHint')}
          type="number"
          min={0}
          max={365}
          value={form.reminderDays}
          onChange={(e) => change({ reminderDays: e.target.value })}
        />
      </div>
      <LevelPicker value={{ quality: form.quality, legislation: form.legislation }} onChange={change} />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-semibold">{t('send.templates.edit.roles')}</legend>
        <ul className="flex flex-col gap-2" aria-label={t('send.templates.edit.roles')}>
          {form.roles.map((role, index) => (
            <li key={role.id} className="flex items-end gap-2">
              <TextField
                className="grow"
                label={t('send.templates.edit.roleName', { n: index + 1 })}
                required
                maxLength={100}
                value={role.name}
                onChange={(e) =>
                  change({
                    roles: form.roles.map((r) => (r.id === role.id ? { ...r, name: e.target.value } : r)),
                  })
                }
              />
              <Button
                size="sm"
                variant="secondary"
                disabled={form.roles.length === 1}
                onClick={() => setForm(withoutRole(form, role.id))}
              >
                {t('send.templates.edit.removeRole', { role: role.name || index + 1 })}
              </Button>
            </li>
          ))}
        </ul>
        <div>
          <Button
            size="sm"
            variant="secondary"
            onClick={() =>
              change({
                roles: [
                  ...form.roles,
                  {
                    id: newRoleId(form.roles),
                    name: t('send.templates.edit.newRole', { n: form.roles.length + 1 }),
                  },
                ],
              })
            }
          >
            {t('send.templates.edit.addRole')}
          </Button>
        </div>
      </fieldset>
      <TemplateDocuments
        template={template}
        documents={documents}
        onChange={(next) => {
          setDocuments(next.documents);
          // a removed document takes its fields with it
          setForm((f) => ({
            ...f,
            fields: f.fields.filter((x) => next.documents.some((d) => d.id === x.documentId)),
          }));
        }}
      />
      {documents.length > 0 && (
        <section aria-label={t('send.templates.edit.fields')} className="flex flex-col gap-2">
          <h3 className="font-semibold">{t('send.templates.edit.fields')}</h3>
          <FieldEditor
            documents={documents}
            signers={rolesAsSigners(form)}
            fields={form.fields}
            onChange={(fields) => change({ fields })}
            pageImagePath={pageImagePath}
          />
        </section>
      )}
      <FormAlert message={save.error ? t(describeApiError(save.error)) : null} />
      <div className="flex gap-2">
        <Button type="submit" isBusy={save.isPending}>
          {t('send.templates.edit.save')}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          {t('send.templates.edit.cancel')}
        </Button>
      </div>
    </form>
  );
}
