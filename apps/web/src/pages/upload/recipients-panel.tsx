// Signers (e-mail and optional name) and observers (e-mail only) of the draft. Addresses are
// checked with the product's e-mail pattern before they join the list; each list entry can be
// removed again. People of a business may add one of its signer groups as a signer (dialog
// `document: add signer group`): any one of its members signs in its place.
import { isEmail } from '@countersign/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.js';
import type { SignerGroupChoice } from '../../features/business/add-signer-group-dialog.js';
import { useDialogs } from '../../features/dialogs/dialog-store.js';
import { useSession } from '../../features/session/session-provider.js';
import { groupKey } from './draft-model.js';
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

interface ListItem {
  /** the entry's key (an address, or `group:{id}`) */
  email: string;
  /** shown before the address: a name */
  detail?: string;
  /** shown instead of the address (a signer group's kind) */
  tag?: string;
}

function AddressList({
  label,
  items,
  onRemove,
}: {
  label: string;
  items: ListItem[];
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
                <span className="font-semibold">{item.detail}</span> {item.tag ?? item.email}
              </>
            ) : (
              item.email
            )}
          </span>
          <Button
            variant="text"
            size="sm"
            aria-label={t('send.recipients.remove', { email: item.tag ? item.detail : item.email })}
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
  const dialogs = useDialogs();
  const hasBusiness = Boolean(useSession().user?.business);
  const openAddGroup = () =>
    dialogs.open({
      namespace: 'document',
      name: 'add-signer-group',
      props: { taken: signers.flatMap((s) => (s.groupId ? [s.groupId] : [])) },
      onAction: (payload) => {
        const group = payload as SignerGroupChoice;
        onSignersChange([...signers, { email: groupKey(group.id), name: group.name, groupId: group.id }]);
      },
    });

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
            ...(s.groupId ? { tag: t('send.recipients.groupTag') } : {}),
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
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" onClick={() => signerEntry.submit(signerEntry.value)}>
            {t('send.recipients.addSigner')}
          </Button>
          {hasBusiness && (
            <Button variant="secondary" onClick={openAddGroup}>
              {t('send.recipients.addGroup')}
            </Button>
          )}
        </div>
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
