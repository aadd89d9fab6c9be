// Signers (e-mail and optional name) and observers (e-mail only) of the draft. Addresses are
// checked with the product's e-mail pattern before they join the list; each list entry can be
// removed again.
import { isEmail } from '@countersign/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.js';
import type { SignerDraft } from './draft-model.js';
import { EmailField } from './email-field.js';

function useAddressEntry(existing: readonly string[], onAdd: (email: string) => void) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (raw: string) => {
    const email = raw.trim().toLowerCase();
    if (!email) return setError(t('form.required'));
    if (!isEmail(email)) return setError(t('form.email'));
    if (existing.includes(email)) return setError(t('send.recipients.duplicate'));
    setError(undefined);
    setValue('');
    onAdd(email);
  };
  const change = (next: string) => {
    setValue(next);
    setError(undefined);
  };
  return { value, error, submit, change };
}

function AddressList({
  label,
  items,
  onRemove,
}: {
  label: string;
  items: { email: string; detail?: string }[];
  onRemove: (email: string) => void;
}) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <ul
      aria-label={label}
      className="flex flex-col divide-y divide-line rounded-md border border-line bg-white"
    >
      {items.map((item) => (
        <li key={item.email} className="flex flex-wrap items-center gap-2 px-3 py-2">
          <span className="min-w-0 flex-1 break-all">
            {item.detail ? (
              <>
                <span className="font-semibold">{item.detail}</span> {item.email}
              </>
            ) : (
              item.email
            )}
          </span>
          <Button
            variant="text"
            size="sm"
            aria-label={t('send.recipients.remove', { email: item.email })}
            onClick={() => onRemove(item.email)}
          >
            {t('send.recipients.removeShort')}
          </Button>
        </li>
      ))}
    </ul>
  );
}

export function RecipientsPanel({
  signers,
  observers,
  onSignersChange,
  onObserversChange,
}: {
  signers: readonly SignerDraft[];
  observers: readonly string[];
  onSignersChange: (signers: SignerDraft[]) => void;
  onObserversChange: (observers: string[]) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState('');
  const signerEntry = useAddressEntry(
    signers.map((s) => s.email),
    (email) => {
      onSignersChange([...signers, { email, name: name.trim() }]);
      setName('');
    },
  );
  const observerEntry = useAddressEntry(observers, (email) => onObserversChange([...observers, email]));

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby={`${id}-signers`} className="flex flex-col gap-3">
        <h2 id={`${id}-signers`} className="text-lg font-semibold">
          {t('send.recipients.signers')}
        </h2>
        <AddressList
          label={t('send.recipients.signers')}
          items={signers.map((s) => ({
            email: s.email,
            ...(s.name.trim() ? { detail: s.name.trim() } : {}),
          }))}
          onRemove={(email) => onSignersChange(signers.filter((s) => s.email !== email))}
        />
        <div className="flex flex-wrap items-start gap-3">
          <EmailField
            label={t('send.recipients.signerEmail')}
            value={signerEntry.value}
            onChange={signerEntry.change}
            onSubmit={signerEntry.submit}
            error={signerEntry.error}
          />
          <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-semibold">
            {t('send.recipients.signerName')}
            <input
              className="rounded-md border border-line bg-white px-3 py-2 text-base font-normal"
              value={name}
              autoComplete="off"
              onChange={(event) => setName(event.target.value)}
            />
          </label>
        </div>
        <Button
          variant="secondary"
          className="self-start"
          onClick={() => signerEntry.submit(signerEntry.value)}
        >
          {t('send.recipients.addSigner')}
        </Button>
      </section>
      <section aria-labelledby={`${id}-observers`} className="flex flex-col gap-3">
        <h2 id={`${id}-observers`} className="text-lg font-semibold">
          {t('send.recipients.observers')}
        </h2>
        <p className="text-sm text-muted">{t('send.recipients.observersHelp')}</p>
        <AddressList
          label={t('send.recipients.observers')}
          items={observers.map((email) => ({ email }))}
          onRemove={(email) => onObserversChange(observers.filter((o) => o !== email))}
        />
        <EmailField
          label={t('send.recipients.observerEmail')}
          value={observerEntry.value}
          onChange={observerEntry.change}
          onSubmit={observerEntry.submit}
          error={observerEntry.error}
        />
        <Button
          variant="secondary"
          className="self-start"
          onClick={() => observerEntry.submit(observerEntry.value)}
        >
          {t('send.recipients.addObserver')}
        </Button>
      </section>
    </div>
  );
}
