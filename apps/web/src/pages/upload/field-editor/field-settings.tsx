// The selected field's settings in the field editor: whose field it is, whether it is required,
// what a text field or check box asks for, and removing it.
import { MAX_FIELD_LABEL_LENGTH } from '@countersign/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.js';
import type { FieldDraft, SignerDraft } from '../draft-model.js';
import { reassignField, removeField, updateField } from './field-model.js';

export function FieldSettings({
  field,
  fields,
  signers,
  nameOf,
  onChange,
  onRemoved,
}: {
  field: FieldDraft;
  fields: readonly FieldDraft[];
  signers: readonly SignerDraft[];
  nameOf: (email: string) => string;
  onChange: (fields: FieldDraft[]) => void;
  onRemoved: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const kindName = t(`send.fields.kinds.${field.kind}`);
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-3 border-t border-line pt-3">
      <h3 id={`${id}-heading`} className="text-sm font-semibold">
        {t('send.fields.selected', { kind: kindName })}
      </h3>
      <div className="flex flex-col gap-1 text-sm">
        <label htmlFor={`${id}-signer`} className="font-semibold">
          {t('send.fields.signer')}
        </label>
        <select
          id={`${id}-signer`}
          className="rounded-md border border-line bg-white px-2 py-1"
          value={field.signerEmail}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => {
            const next = reassignField(fields, field.id, event.target.value);
            setProblem(next ? null : t('send.fields.secondSignature', { name: nameOf(event.target.value) }));
            if (next) onChange(next);
          }}
        >
          {signers.map((s) => (
            <option key={s.email} value={s.email}>
              {nameOf(s.email)}
            </option>
          ))}
        </select>
        {problem && (
          <span id={`${id}-problem`} className="text-error" role="alert">
            {problem}
          </span>
        )}
      </div>
      {field.kind !== 'signature' && (
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={field.required}
            onChange={(event) => onChange(updateField(fields, field.id, { required: event.target.checked }))}
          />
          {t('send.fields.required')}
        </label>
      )}
      {(field.kind === 'text' || field.kind === 'checkbox') && (
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t('send.fields.label')}
          <input
            className="rounded-md border border-line bg-white px-2 py-1 font-normal"
            value={field.label}
            maxLength={MAX_FIELD_LABEL_LENGTH}
            onChange={(event) => onChange(updateField(fields, field.id, { label: event.target.value }))}
          />
        </label>
      )}
      <Button
        variant="secondary"
        size="sm"
        onClick={() => {
          onChange(removeField(fields, field.id));
          onRemoved();
        }}
      >
        {t('send.fields.remove', { kind: kindName })}
      </Button>
    </section>
  );
}
