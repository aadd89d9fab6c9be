// The dialogs of a request (spec 2: document/add observer, add signer, delegate, withdraw, TAN
// entry; default/decline a signing request; ours: remove observer). Each is a small form whose
// submit runs the dialog's action with its values; the dialog store shows loading, keeps it open
// with the error if the call fails, and closes it when done (spec 4). The opener's props fill
// the placeholders of the title and text (whom a removal concerns); it may also give the text's key
// (`textKey`) and a second action's label (`secondaryLabel`, run with `{ secondary: true }`), as
// the link signer's TAN entry does with its mailed code and its resend button.
import * as Dialog from '@radix-ui/react-dialog';
import { isEmail } from '@countersign/domain';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { TextField } from '../../components/text-field.js';
import { entriesFromSpecs, useDialogs } from '../dialogs/dialog-store.js';
import type { DialogEntries, DialogRecord } from '../dialogs/dialog-store.js';
import { describeApiError } from '../errors/describe-api-error.js';
import type { MessageKey } from '../errors/describe-api-error.js';

type FieldKind = 'email' | 'text' | 'message' | 'tan' | 'password';

interface FieldSpec {
  name: string;
  label: MessageKey;
  kind: FieldKind;
  isRequired?: boolean;
}

interface FormDialogSpec {
  title: MessageKey;
  text: MessageKey;
  submit: MessageKey;
  fields: FieldSpec[];
  isDestructive?: boolean;
  /** another way to go on, without the fields: its action's payload is `{ choice }` */
  alternative?: { label: MessageKey; choice: string };
}

function MessageField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <textarea
        id={id}
        rows={4}
        maxLength={2000}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="rounded-md border border-line bg-white px-3 py-2 text-base"
      />
    </div>
  );
}

const autoCompleteOf: Record<FieldKind, string> = {
  tan: 'one-time-code',
  email: 'email',
  // the password at the signing provider, not this site's: browsers should not offer ours
  password: 'off',
  text: 'off',
  message: 'off',
};

/** The opener's placeholders, and maybe another text and a second action's label. */
export interface FormDialogProps {
  [placeholder: string]: string | number | undefined;
  textKey?: MessageKey;
  secondaryLabel?: MessageKey;
}

function FormDialog({ spec, record }: { spec: FormDialogSpec; record: DialogRecord<FormDialogKey> }) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, MessageKey>>({});
  const set = (name: string) => (value: string) => setValues((old) => ({ ...old, [name]: value }));
  const placeholders: FormDialogProps = record.props ?? {};
  const text = placeholders.textKey ?? spec.text;
  const secondaryLabel = placeholders.secondaryLabel;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, MessageKey> = {};
    for (const field of spec.fields) {
      const value = (values[field.name] ?? '').trim();
      if (field.isRequired && value === '') found[field.name] = 'form.required';
      else if (field.kind === 'email' && value !== '' && !isEmail(value)) found[field.name] = 'form.email';
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const trimmed = Object.fromEntries(spec.fields.map((f) => [f.name, (values[f.name] ?? '').trim()]));
    void dialogs.runAction(trimmed);
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <Dialog.Title className="pr-8 text-xl font-bold">{t(spec.title, placeholders)}</Dialog.Title>
      <Dialog.Description className="text-muted">{t(text, placeholders)}</Dialog.Description>
      {spec.fields.map((field) =>
        field.kind === 'message' ? (
          <MessageField
            key={field.name}
            label={t(field.label)}
            value={values[field.name] ?? ''}
            onChange={set(field.name)}
          />
        ) : (
          <TextField
            key={field.name}
            label={t(field.label)}
            type={field.kind === 'email' ? 'email' : field.kind === 'password' ? 'password' : 'text'}
            inputMode={field.kind === 'tan' ? 'numeric' : undefined}
            autoComplete={autoCompleteOf[field.kind]}
            value={values[field.name] ?? ''}
            onChange={(event) => set(field.name)(event.target.value)}
            error={errors[field.name] ? t(errors[field.name] as MessageKey) : undefined}
          />
        ),
      )}
      <FormAlert message={dialogs.actionError ? t(describeApiError(dialogs.actionError)) : null} />
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button
          type="submit"
          isBusy={dialogs.isLoading}
          className={spec.isDestructive ? 'bg-error hover:bg-error' : ''}
        >
          {t(spec.submit)}
        </Button>
        {secondaryLabel && (
          <Button variant="secondary" onClick={() => void dialogs.runAction({ secondary: true })}>
            {t(secondaryLabel)}
          </Button>
        )}
        {spec.alternative && (
          <Button
            variant="secondary"
            onClick={() => void dialogs.runAction({ choice: spec.alternative?.choice })}
          >
            {t(spec.alternative.label)}
          </Button>
        )}
        <Button variant="text" onClick={dialogs.close}>
          {t('sign.dialogs.cancel')}
        </Button>
      </div>
    </form>
  );
}

const message: FieldSpec = { name: 'message', label: 'sign.dialogs.message', kind: 'message' };

const specs = {
  'default/decline': {
    title: 'sign.dialogs.declineTitle',
    text: 'sign.dialogs.declineText',
    submit: 'sign.dialogs.declineSubmit',
    fields: [message],
    isDestructive: true,
  },
  'document/withdraw': {
    title: 'sign.dialogs.withdrawTitle',
    text: 'sign.dialogs.withdrawText',
    submit: 'sign.dialogs.withdrawSubmit',
    fields: [message],
    isDestructive: true,
  },
  'document/delegate': {
    title: 'sign.dialogs.delegateTitle',
    text: 'sign.dialogs.delegateText',
    submit: 'sign.dialogs.delegateSubmit',
    fields: [
      { name: 'email', label: 'sign.dialogs.email', kind: 'email', isRequired: true },
      { name: 'name', label: 'sign.dialogs.name', kind: 'text' },
      message,
    ],
  },
  'document/add-observer': {
    title: 'sign.dialogs.addObserverTitle',
    text: 'sign.dialogs.addObserverText',
    submit: 'sign.dialogs.addObserverSubmit',
    fields: [{ name: 'email', label: 'sign.dialogs.email', kind: 'email', isRequired: true }],
  },
  'document/remove-observer': {
    title: 'sign.dialogs.removeObserverTitle',
    text: 'sign.dialogs.removeObserverText',
    submit: 'sign.dialogs.removeObserverSubmit',
    fields: [],
    isDestructive: true,
  },
  'document/add-signer': {
    title: 'sign.dialogs.addSignerTitle',
    text: 'sign.dialogs.addSignerText',
    submit: 'sign.dialogs.addSignerSubmit',
    fields: [
      { name: 'email', label: 'sign.dialogs.email', kind: 'email', isRequired: true },
      { name: 'name', label: 'sign.dialogs.name', kind: 'text' },
    ],
  },
  'document/tan-entry': {
    title: 'sign.dialogs.tanTitle',
    text: 'sign.dialogs.tanText',
    submit: 'sign.dialogs.tanSubmit',
    fields: [{ name: 'tan', label: 'sign.dialogs.tan', kind: 'tan', isRequired: true }],
    // a qualified signature may instead be authorised on the QTSP's own page (ADR 087)
    alternative: { label: 'sign.dialogs.tanAtProvider', choice: 'provider' },
  },
  // the Swisscom step-up of a ZertES signature: password at the provider and texted code (ADR 087)
  'document/pwdotp-entry': {
    title: 'sign.dialogs.pwdotpTitle',
    text: 'sign.dialogs.pwdotpText',
    submit: 'sign.dialogs.tanSubmit',
    fields: [
      { name: 'password', label: 'sign.dialogs.pwdotpPassword', kind: 'password', isRequired: true },
      { name: 'otp', label: 'sign.dialogs.tan', kind: 'tan', isRequired: true },
    ],
  },
} satisfies Record<string, FormDialogSpec>;

type FormDialogKey = keyof typeof specs;

declare module '../dialogs/dialog-store.js' {
  interface DialogPropsMap extends Record<FormDialogKey, FormDialogProps | undefined> {}
}

export const requestDialogs: DialogEntries<FormDialogKey> = entriesFromSpecs(specs, FormDialog);
