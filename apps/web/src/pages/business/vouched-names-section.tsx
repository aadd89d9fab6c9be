// The names AES for business vouches for (ADR 057): each person of the business with the name an
// admin approved for their advanced certificates, which the person's own changes to their account
// do not touch. The admin approves a name (the account's, or as the identity documents give it)
// or withdraws it. The first 100 people, by address.
import { businessActivityEndpoints } from '@countersign/contract';
import type { Business, VouchedName } from '@countersign/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { TextField } from '../../components/text-field.js';
import { vouchedNamesQuery } from '../../features/business/business-queries.js';
import { CallStatus } from '../../features/errors/call-status.js';
import { useSnackbars } from '../../features/snackbars/snackbar-store.js';

const accountName = (person: VouchedName) => `${person.firstName} ${person.lastName}`.trim();

export function VouchedNamesSection({ business }: { business: Business }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const query = vouchedNamesQuery(api, business.id);
  const { queryKey } = query;
  const people = useQuery(query);
  return (
    <section
      aria-labelledby="vouched-names-heading"
      className="flex max-w-xl flex-col gap-3 rounded-lg border border-line bg-white p-4"
    >
      <h2 id="vouched-names-heading" className="text-lg font-semibold">
        {t('consolePages.aes.namesHeading')}
      </h2>
      <p className="text-muted">{t('consolePages.aes.namesText')}</p>
      <ul className="flex flex-col divide-y divide-line">
        {(people.data ?? []).map((person) => (
          <PersonRow key={person.userId} business={business} person={person} queryKey={queryKey} />
        ))}
      </ul>
      <CallStatus isLoading={people.isLoading} error={people.error} />
    </section>
  );
}

function PersonRow({
  business,
  person,
  queryKey,
}: {
  business: Business;
  person: VouchedName;
  queryKey: readonly unknown[];
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const queryClient = useQueryClient();
  const snackbars = useSnackbars();
  const [name, setName] = useState(person.vouchedName ?? accountName(person));
  const params = { id: business.id, userId: person.userId };
  const store = (next: VouchedName) =>
    queryClient.setQueryData(queryKey, (list: VouchedName[] | undefined) =>
      list?.map((one) => (one.userId === next.userId ? next : one)),
    );
  const approve = useMutation({
    mutationFn: () =>
      api.call(businessActivityEndpoints.approveVouchedName, { params, body: { name: name.trim() } }),
    onSuccess: (next) => {
      store(next);
      snackbars.show({ message: t('consolePages.aes.nameApproved'), color: 'success' });
    },
  });
  const withdraw = useMutation({
    mutationFn: () => api.call(businessActivityEndpoints.withdrawVouchedName, { params }),
    onSuccess: (next) => {
      store(next);
      snackbars.show({ message: t('consolePages.aes.nameWithdrawn'), color: 'success' });
    },
  });
  return (
    <li className="flex flex-col gap-2 py-3" data-testid="vouched-name-row">
      <p className="break-all">
        <span className="font-semibold">{person.email}</span>{' '}
        <span className="text-muted">
          {t('consolePages.aes.accountName', { name: accountName(person) || person.email })}
        </span>
      </p>
      <p>
        {person.vouchedName
          ? t('consolePages.aes.vouchedAs', { name: person.vouchedName })
          : t('consolePages.aes.notVouched')}
      </p>
      <form
        noValidate
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (name.trim()) approve.mutate();
        }}
      >
        <TextField
          label={t('consolePages.aes.vouchedNameFor', { email: person.email })}
          maxLength={200}
          autoComplete="off"
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <Button type="submit" variant="secondary" isBusy={approve.isPending} disabled={!name.trim()}>
          {t('consolePages.aes.approveName')}
        </Button>
        {person.vouchedName && (
          <Button
            variant="text"
            isBusy={withdraw.isPending}
            aria-label={`${t('consolePages.aes.withdrawName')}: ${person.email}`}
            onClick={() => withdraw.mutate()}
          >
            {t('consolePages.aes.withdrawName')}
          </Button>
        )}
      </form>
      <CallStatus error={approve.error ?? withdraw.error} />
    </li>
  );
}
