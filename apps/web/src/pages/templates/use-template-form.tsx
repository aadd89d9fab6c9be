// Making a request from a template: an address (and a name) for each role, and the values the
// sender fills in beforehand for the signers' text fields and check boxes; sent at once.
import { templateEndpoints } from '@countersign/contract';
import type { Template } from '@countersign/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { CheckboxField } from '../../components/checkbox-field.js';
import { FormAlert } from '../../components/form-alert.js';
import { TextField } from '../../components/text-field.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';
import { useSnackbars } from '../../features/snackbars/snackbar-store.js';
import { requestListKey } from '../../features/requests/request-queries.js';

/** The fields a sender may fill in beforehand: text fields and check boxes. */
export const fillableFields = (template: Template) =>
  template.fields.filter((f) => f.kind === 'text' || f.kind === 'checkbox');

export function UseTemplateForm({ template }: { template: Template }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const snackbars = useSnackbars();
  const [people, setPeople] = useState<Record<string, { email: string; name: string }>>({});
  const [values, setValues] = useState<Record<string, string | boolean>>({});
  const send = useMutation({
    mutationFn: () =>
      api.call(templateEndpoints.useTemplate, {
        params: { id: template.id },
        body: {
          roles: template.roles.map((r) => ({
            roleId: r.id,
            email: people[r.id]?.email.trim() ?? '',
            ...(people[r.id]?.name.trim() && { name: people[r.id]!.name.trim() }),
          })),
          fieldValues: Object.entries(values)
            .filter(([, value]) => value !== '')
            .map(([fieldId, value]) => ({ fieldId, value })),
          observers: [],
          send: true,
        },
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: requestListKey });
      snackbars.show({ message: t('send.sent'), color: 'success' });
      void navigate('/dashboard?tab=inbox&q=');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate();
  };
  const person = (roleId: string) => people[roleId] ?? { email: '', name: '' };

  return (
    <form onSubmit={submit} className="mt-8 flex flex-col gap-4" aria-labelledby="use-template-heading">
      <h2 id="use-template-heading" className="text-lg font-semibold">
        {t('send.templates.useHeading', { name: template.name })}
      </h2>
      {template.roles.map((role) => (
        <fieldset key={role.id} className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-1 font-semibold">{role.name}</legend>
          <TextField
            label={t('send.templates.roleEmail', { role: role.name })}
            type="email"
            required
            value={person(role.id).email}
            onChange={(e) =>
              setPeople({ ...people, [role.id]: { ...person(role.id), email: e.target.value } })
            }
          />
          <TextField
            label={t('send.templates.roleName', { role: role.name })}
            value={person(role.id).name}
            onChange={(e) =>
              setPeople({ ...people, [role.id]: { ...person(role.id), name: e.target.value } })
            }
          />
        </fieldset>
      ))}
      {fillableFields(template).map((field) =>
        field.kind === 'checkbox' ? (
          <CheckboxField
            key={field.id}
            label={field.label || field.id}
            checked={values[field.id] === true}
            onChange={(e) => setValues({ ...values, [field.id]: e.target.checked })}
          />
        ) : (
          <TextField
            key={field.id}
            label={t('send.templates.prefill', { field: field.label || field.id })}
            value={typeof values[field.id] === 'string' ? (values[field.id] as string) : ''}
            onChange={(e) => setValues({ ...values, [field.id]: e.target.value })}
          />
        ),
      )}
      <FormAlert message={send.error ? t(describeApiError(send.error)) : null} />
      <div>
        <Button type="submit" isBusy={send.isPending}>
          {t('send.actions.send')}
        </Button>
      </div>
    </form>
  );
}
