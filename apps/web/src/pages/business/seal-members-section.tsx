// Who may apply a seal: people of the business the admin lists on it (the business's API users
// may apply every seal of their business). People are added from the admins and members of the
// business and removed one by one; each change answers the seal as it is now.
import { businessEndpoints, sealEndpoints } from '@countersign/contract';
import type { Business, SealDetail } from '@countersign/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { SelectField } from '../../components/select-field.js';
import { businessQueryKey } from '../../features/business/business-api.js';
import { ListTable } from '../../features/business/list-table.js';
import { CallStatus } from '../../features/errors/call-status.js';
import { useSnackbars } from '../../features/snackbars/snackbar-store.js';

const fullName = (person: { firstName: string; lastName: string; email: string }) =>
  `${person.firstName} ${person.lastName}`.trim() || person.email;

/** The people of the business (the first 100 admins and the first 100 members). */
function usePeople(businessId: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: [...businessQueryKey, businessId, 'people'],
    queryFn: async ({ signal }) => {
      const input = { params: { id: businessId }, query: { page: 1, size: 100 as const }, signal };
      const [admins, members] = await Promise.all([
        api.call(businessEndpoints.listBusinessAdmins, input),
        api.call(businessEndpoints.listBusinessMembers, input),
      ]);
      return [...admins.items, ...members.items];
    },
  });
}

export function SealMembersSection({
  business,
  seal,
  store,
}: {
  business: Business;
  seal: SealDetail;
  store: (seal: SealDetail) => void;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const snackbars = useSnackbars();
  const people = usePeople(business.id);
  const [chosen, setChosen] = useState('');
  const params = { id: business.id, seal: seal.name };
  const onSeal = new Set(seal.members.map((member) => member.userId));
  const candidates = (people.data ?? []).filter((person) => !onSeal.has(person.userId));
  const add = useMutation({
    mutationFn: (userId: string) =>
      api.call(sealEndpoints.addSealMembers, { params, body: { members: [userId] } }),
    onSuccess: (next) => {
      store(next);
      setChosen('');
      snackbars.show({ message: t('consolePages.seals.memberAdded'), color: 'success' });
    },
  });
  const remove = useMutation({
    mutationFn: (userId: string) =>
      api.call(sealEndpoints.removeSealMembers, { params, body: { members: [userId] } }),
    onSuccess: (next) => {
      store(next);
      snackbars.show({ message: t('consolePages.seals.memberRemoved'), color: 'success' });
    },
  });
  const selected = chosen || candidates[0]?.userId || '';

  return (
    <section
      aria-labelledby="seal-members-heading"
      className="flex flex-col gap-3 rounded-lg border border-line bg-white p-4"
    >
      <h2 id="seal-members-heading" className="text-lg font-semibold">
        {t('consolePages.seals.membersHeading')}
      </h2>
      <p className="text-muted">{t('consolePages.seals.membersText')}</p>
      {seal.members.length === 0 ? (
        <p className="text-sm text-muted">{t('consolePages.seals.noMembers')}</p>
      ) : (
        <ListTable
          headings={[
            t('businessPages.members.name'),
            t('businessPages.members.email'),
            t('businessPages.members.actions'),
          ]}
        >
          {seal.members.map((member) => (
            <tr
              key={member.userId}
              className="border-b border-line last:border-0"
              data-testid="seal-member-row"
            >
              <td className="p-3">{fullName(member)}</td>
              <td className="p-3 break-all">{member.email}</td>
              <td className="p-3">
                <Button
                  variant="text"
                  size="sm"
                  isBusy={remove.isPending && remove.variables === member.userId}
                  aria-label={`${t('consolePages.seals.removeMember')}: ${fullName(member)}`}
                  onClick={() => remove.mutate(member.userId)}
                >
                  {t('consolePages.seals.removeMember')}
                </Button>
              </td>
            </tr>
          ))}
        </ListTable>
      )}
      {candidates.length > 0 && (
        <div className="flex flex-wrap items-end gap-3">
          <SelectField
            label={t('consolePages.seals.person')}
            value={selected}
            options={candidates.map((person) => ({
              value: person.userId,
              label: `${fullName(person)} (${person.email})`,
            }))}
            onChange={(event) => setChosen(event.target.value)}
          />
          <Button
            variant="secondary"
            isBusy={add.isPending}
            disabled={!selected}
            onClick={() => add.mutate(selected)}
          >
            {t('consolePages.seals.addMember')}
          </Button>
        </div>
      )}
      <CallStatus isLoading={people.isLoading} error={add.error ?? remove.error ?? people.error} />
    </section>
  );
}
