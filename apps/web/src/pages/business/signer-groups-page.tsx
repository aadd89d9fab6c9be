// /business/members/signer-groups: the signer groups of the business, named lists of addresses
// that a request can name as one signer (any one member signs for the group). Admins create and
// change them in the overlay `create signer group` and delete them after the dialog
// `signer-groups: delete signer group`; the business's settings limit how many groups there are
// and how many members each has.
import { groupEndpoints } from '@countersign/contract';
import type { Business, SignerGroup } from '@countersign/contract';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { PageHeading } from '../../components/page-heading.js';
import { Spinner } from '../../components/spinner.js';
import { TextLink } from '../../components/text-link.js';
import { useRefreshBusiness } from '../../features/business/business-api.js';
import { BusinessGate } from '../../features/business/business-gate.js';
import { ListTable } from '../../features/business/list-table.js';
import { Pager, usePagedList } from '../../features/business/paged-list.js';
import type {
  SignerGroupInput,
  SignerGroupOverlayProps,
} from '../../features/business/signer-group-overlay.js';
import { useDialogs } from '../../features/dialogs/dialog-store.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';
import { useOverlays } from '../../features/overlays/overlay-store.js';
import { useSnackbars } from '../../features/snackbars/snackbar-store.js';

export function SignerGroupsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading lead={t('consolePages.groups.lead')}>{t('consolePages.groups.heading')}</PageHeading>
      <BusinessGate>{(business) => <SignerGroups business={business} />}</BusinessGate>
      <p className="mt-8">
        <TextLink to="/business/members">{t('businessPages.domains.backToMembers')}</TextLink>
      </p>
    </>
  );
}

function SignerGroups({ business }: { business: Business }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const overlays = useOverlays();
  const dialogs = useDialogs();
  const snackbars = useSnackbars();
  const refresh = useRefreshBusiness();
  const groups = usePagedList(business.id, 'signer-groups', ({ page, size, signal }) =>
    api.call(groupEndpoints.listSignerGroups, { query: { page, size }, signal }),
  );
  const data = groups.query.data;

  const openOverlay = (group?: SignerGroup) => {
    const props: SignerGroupOverlayProps = {
      maxParticipants: data?.limits.maxParticipants ?? 0,
      ...(group ? { group } : {}),
    };
    overlays.open({
      name: 'create-signer-group',
      props,
      onAction: async (_action, payload) => {
        const input = payload as SignerGroupInput;
        const saved = group
          ? await api.call(groupEndpoints.updateSignerGroup, { params: { id: group.id }, body: input })
          : await api.call(groupEndpoints.createSignerGroup, { body: input });
        await refresh();
        snackbars.show({
          message: t(group ? 'consolePages.groups.saved' : 'consolePages.groups.created', {
            name: saved.name,
          }),
          color: 'success',
        });
      },
    });
  };
  const openDelete = (group: SignerGroup) =>
    dialogs.open({
      namespace: 'signer-groups',
      name: 'delete-signer-group',
      props: { name: group.name },
      onAction: async () => {
        await api.call(groupEndpoints.deleteSignerGroup, { params: { id: group.id } });
        await refresh();
        snackbars.show({ message: t('consolePages.groups.deleted', { name: group.name }), color: 'success' });
      },
    });

  if (groups.query.isPending) return <Spinner label={t('app.loading')} />;
  if (!data) return <FormAlert message={t(describeApiError(groups.query.error))} />;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-4">
        <Button disabled={!data.canCreate} onClick={() => openOverlay()}>
          {t('consolePages.groups.create')}
        </Button>
        <span className="text-sm text-muted" data-testid="group-limits">
          {t('consolePages.groups.limits', {
            count: data.total,
            max: data.limits.maxGroups,
            members: data.limits.maxParticipants,
          })}
        </span>
      </div>
      {data.total === 0 ? (
        <p className="text-muted">{t('consolePages.groups.empty')}</p>
      ) : (
        <section aria-labelledby="group-list-heading">
          <h2 id="group-list-heading" className="mb-3 text-lg font-semibold">
            {t('consolePages.groups.list')}
          </h2>
          <ListTable
            headings={[
              t('consolePages.groups.name'),
              t('consolePages.groups.members'),
              t('businessPages.members.actions'),
            ]}
          >
            {data.items.map((group) => (
              <tr
                key={group.id}
                className="border-b border-line align-top last:border-0"
                data-testid="group-row"
              >
                <td className="p-3 font-semibold">{group.name}</td>
                <td className="p-3 break-all">
                  {t('consolePages.groups.memberCount', { count: group.members.length })}:{' '}
                  {group.members.join(', ')}
                </td>
                <td className="p-3">
                  <div className="flex flex-wrap gap-1">
                    {group.allowedActions.includes('update') && (
                      <Button
                        variant="text"
                        size="sm"
                        aria-label={`${t('consolePages.groups.edit')}: ${group.name}`}
                        onClick={() => openOverlay(group)}
                      >
                        {t('consolePages.groups.edit')}
                      </Button>
                    )}
                    {group.allowedActions.includes('delete') && (
                      <Button
                        variant="text"
                        size="sm"
                        aria-label={`${t('consolePages.groups.delete')}: ${group.name}`}
                        onClick={() => openDelete(group)}
                      >
                        {t('consolePages.groups.delete')}
                      </Button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </ListTable>
          <Pager list={groups} label={t('consolePages.groups.list')} />
        </section>
      )}
    </div>
  );
}
