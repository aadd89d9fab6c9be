// One list of people of the business, admins or members, paged, with their role changes and the
// removal (one person from the row, or everyone selected).
import { businessEndpoints } from '@countersign/contract';
import type { Business } from '@countersign/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { useRefreshBusiness } from '../../features/business/business-api.js';
import { ListTable } from '../../features/business/list-table.js';
import { Pager, usePagedList } from '../../features/business/paged-list.js';
import type { RemovalCandidate } from '../../features/business/remove-members-dialog.js';
import { useDialogs } from '../../features/dialogs/dialog-store.js';
import { useFormatDate } from '../../features/i18n/use-format-date.js';
import { useSnackbars } from '../../features/snackbars/snackbar-store.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';

type List = 'admins' | 'members';

const endpointOf = {
  admins: businessEndpoints.listBusinessAdmins,
  members: businessEndpoints.listBusinessMembers,
} as const;

export function PeopleSection({ business, list }: { business: Business; list: List }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const dialogs = useDialogs();
  const snackbars = useSnackbars();
  const formatDate = useFormatDate();
  const refresh = useRefreshBusiness();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [failure, setFailure] = useState<unknown>(null);
  const people = usePagedList(business.id, list, ({ page, size, signal }) =>
    api.call(endpointOf[list], { params: { id: business.id }, query: { page, size }, signal }),
  );
  const title = t(`businessPages.members.${list}`);
  const mayChangeRoles = business.allowedActions.includes('change_roles');
  const mayRemove = business.allowedActions.includes('remove_members');
  const items = people.query.data?.items ?? [];

  const changeRole = async (userId: string) => {
    setFailure(null);
    try {
      await api.call(
        list === 'admins' ? businessEndpoints.changeToMembers : businessEndpoints.changeToAdmins,
        {
          params: { id: business.id },
          body: { userIds: [userId] },
        },
      );
      await refresh();
      snackbars.show({ message: t('businessPages.members.roleChanged'), color: 'success' });
    } catch (error) {
      setFailure(error);
    }
  };

  const openRemove = (candidates: RemovalCandidate[]) =>
    dialogs.open({
      namespace: 'business',
      name: 'remove-members',
      props: { people: candidates },
      onAction: async () => {
        const answer = await api.call(businessEndpoints.removeBusinessMembers, {
          params: { id: business.id },
          body: { userIds: candidates.map((person) => person.userId) },
        });
        setSelected(new Set());
        await refresh();
        snackbars.show({
          message: t('businessPages.members.removed', { count: answer.removed.length }),
          color: 'success',
        });
      },
    });

  const toggle = (userId: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(userId)) next.add(userId);
      return next;
    });
  const nameOf = (person: (typeof items)[number]) =>
    `${person.firstName} ${person.lastName}`.trim() || person.email;
  const chosen = items.filter((person) => selected.has(person.userId));

  return (
    <section aria-labelledby={`${list}-heading`} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${list}-heading`} className="text-lg font-semibold">
          {title} {people.query.data && <span className="text-muted">({people.query.data.total})</span>}
        </h2>
        {mayRemove && chosen.length > 0 && (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => openRemove(chosen.map((p) => ({ userId: p.userId, name: nameOf(p) })))}
          >
            {t('businessPages.members.removeSelected', { count: chosen.length })}
          </Button>
        )}
      </div>
      <FormAlert message={failure ? t(describeApiError(failure)) : null} />
      {people.query.isError && <FormAlert message={t('businessPages.members.loadError')} />}
      {people.query.data && items.length === 0 && list === 'members' && (
        <p className="text-muted">{t('businessPages.members.emptyMembers')}</p>
      )}
      {items.length > 0 && (
        <ListTable
          headings={[
            ...(mayRemove
              ? [
                  <span key="select" className="sr-only">
                    {t('businessPages.members.select', { name: title })}
                  </span>,
                ]
              : []),
            t('businessPages.members.name'),
            t('businessPages.members.email'),
            t('businessPages.members.joined'),
            t('businessPages.members.actions'),
          ]}
        >
          {items.map((person) => (
            <tr
              key={person.userId}
              className="border-b border-line last:border-0"
              data-testid={`${list}-row`}
            >
              {mayRemove && (
                <td className="p-3">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    aria-label={t('businessPages.members.select', { name: nameOf(person) })}
                    checked={selected.has(person.userId)}
                    onChange={() => toggle(person.userId)}
                  />
                </td>
              )}
              <td className="p-3 font-semibold">{nameOf(person)}</td>
              <td className="p-3 break-all">{person.email}</td>
              <td className="p-3 whitespace-nowrap">{formatDate(person.joinedAt)}</td>
              <td className="p-3">
                <div className="flex flex-wrap gap-2">
                  {mayChangeRoles && (
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`${t(list === 'admins' ? 'businessPages.members.makeMember' : 'businessPages.members.makeAdmin')}: ${nameOf(person)}`}
                      onClick={() => void changeRole(person.userId)}
                    >
                      {t(
                        list === 'admins'
                          ? 'businessPages.members.makeMember'
                          : 'businessPages.members.makeAdmin',
                      )}
                    </Button>
                  )}
                  {mayRemove && (
                    <Button
                      variant="text"
                      size="sm"
                      aria-label={`${t('businessPages.members.remove')}: ${nameOf(person)}`}
                      onClick={() => openRemove([{ userId: person.userId, name: nameOf(person) }])}
                    >
                      {t('businessPages.members.remove')}
                    </Button>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </ListTable>
      )}
      {people.pages > 1 && <Pager list={people} label={title} />}
    </section>
  );
}
