// /business/developers/api: the API users of the business, machine access that acts for it with
// HTTP Basic (`username:secret`). An admin creates one with a description of what it is for,
// changes that description, gives it a new secret (the old one stops working) or deletes it. A
// secret is in the answer of creation and reset only, so it is shown once, with a copy button and
// a curl call against this very server; the OpenAPI document describes every call. The business's
// webhook endpoints are managed here too (ADR 069).
import { apiUserEndpoints } from '@countersign/contract';
import type { ApiUser, Business } from '@countersign/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { PageHeading } from '../../components/page-heading.js';
import { TextField } from '../../components/text-field.js';
import { useRefreshBusiness } from '../../features/business/business-api.js';
import { useApiUsers } from '../../features/business/api-users-api.js';
import { BusinessGate } from '../../features/business/business-gate.js';
import { ListTable } from '../../features/business/list-table.js';
import { useDialogs } from '../../features/dialogs/dialog-store.js';
import { CallStatus } from '../../features/errors/call-status.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';
import { useFormatDate } from '../../features/i18n/use-format-date.js';
import { useSnackbars } from '../../features/snackbars/snackbar-store.js';
import { WebhooksSection } from '../../features/webhooks/webhooks-section.js';
import { ApiUserSecret, CurlExample } from './api-user-secret.js';
import type { ShownSecret } from './api-user-secret.js';

export function ApiUsersPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading lead={t('consolePages.api.lead')}>{t('consolePages.api.heading')}</PageHeading>
      <BusinessGate>{(business) => <ApiUsers business={business} />}</BusinessGate>
    </>
  );
}

function ApiUsers({ business }: { business: Business }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const users = useApiUsers(business.id);
  return (
    <div className="flex flex-col gap-8">
      <CreateApiUserForm business={business} onSecret={setShown} />
      {shown && <ApiUserSecret shown={shown} onDone={() => setShown(null)} />}
      <section aria-labelledby="api-user-list-heading" className="flex flex-col gap-3">
        <h2 id="api-user-list-heading" className="text-lg font-semibold">
          {t('consolePages.api.list')}
        </h2>
        <CallStatus isLoading={users.isPending} error={users.error} />
        {users.data?.length === 0 && <p className="text-muted">{t('consolePages.api.empty')}</p>}
        {users.data && users.data.length > 0 && (
          <ListTable
            headings={[
              t('consolePages.api.username'),
              t('consolePages.api.description'),
              t('consolePages.api.secretSetAt'),
              t('businessPages.members.actions'),
            ]}
          >
            {users.data.map((user) => (
              <ApiUserRow key={user.username} business={business} user={user} onSecret={setShown} />
            ))}
          </ListTable>
        )}
      </section>
      <WebhooksSection owner={{ kind: 'business', businessId: business.id }} />
      <section aria-labelledby="api-docs-heading" className="flex flex-col gap-3">
        <h2 id="api-docs-heading" className="text-lg font-semibold">
          {t('consolePages.api.docsHeading')}
        </h2>
        <CurlExample username={users.data?.[0]?.username ?? 'api_…'} secret={null} />
        <p className="flex flex-wrap gap-4">
          <a className="font-semibold text-primary-dark underline" href="/api/docs">
            {t('consolePages.api.docsLink')}
          </a>
          <a className="font-semibold text-primary-dark underline" href="/api/openapi.json">
            {t('consolePages.api.openApiLink')}
          </a>
        </p>
      </section>
    </div>
  );
}

function CreateApiUserForm({
  business,
  onSecret,
}: {
  business: Business;
  onSecret: (shown: ShownSecret) => void;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const refresh = useRefreshBusiness();
  const form = useForm<{ description: string }>({ defaultValues: { description: '' } });
  const create = useMutation({
    mutationFn: (description: string) =>
      api.call(apiUserEndpoints.createApiUser, { params: { id: business.id }, body: { description } }),
    onSuccess: async (answer) => {
      form.reset();
      onSecret({ username: answer.apiUser.username, secret: answer.secret, isNew: true });
      await refresh();
    },
  });
  return (
    <form
      noValidate
      aria-labelledby="create-api-user-heading"
      className="flex max-w-md flex-col gap-4 rounded-lg border border-line bg-white p-4"
      onSubmit={form.handleSubmit(({ description }) => create.mutate(description.trim()))}
    >
      <h2 id="create-api-user-heading" className="text-lg font-semibold">
        {t('consolePages.api.create')}
      </h2>
      <TextField
        label={t('consolePages.api.description')}
        hint={t('consolePages.api.descriptionHint')}
        maxLength={200}
        {...form.register('description')}
      />
      <FormAlert message={create.error ? t(describeApiError(create.error)) : null} />
      <Button type="submit" isBusy={create.isPending} className="self-start">
        {t('consolePages.api.createSubmit')}
      </Button>
    </form>
  );
}

function ApiUserRow({
  business,
  user,
  onSecret,
}: {
  business: Business;
  user: ApiUser;
  onSecret: (shown: ShownSecret) => void;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const dialogs = useDialogs();
  const snackbars = useSnackbars();
  const formatDate = useFormatDate();
  const refresh = useRefreshBusiness();
  const [isEditing, setEditing] = useState(false);
  const params = { id: business.id, username: user.username };
  const form = useForm<{ description: string }>({ defaultValues: { description: user.description } });
  const describe = useMutation({
    mutationFn: (description: string) =>
      api.call(apiUserEndpoints.updateApiUser, { params, body: { description } }),
    onSuccess: async () => {
      setEditing(false);
      await refresh();
      snackbars.show({ message: t('consolePages.api.described'), color: 'success' });
    },
  });
  const openReset = () =>
    dialogs.open({
      namespace: 'business',
      name: 'reset-api-user',
      props: { username: user.username },
      onAction: async () => {
        const answer = await api.call(apiUserEndpoints.resetApiUserSecret, { params });
        onSecret({ username: user.username, secret: answer.secret, isNew: false });
        await refresh();
      },
    });
  const openDelete = () =>
    dialogs.open({
      namespace: 'business',
      name: 'delete-api-user',
      props: { username: user.username },
      onAction: async () => {
        await api.call(apiUserEndpoints.deleteApiUser, { params });
        await refresh();
        snackbars.show({
          message: t('consolePages.api.deleted', { username: user.username }),
          color: 'success',
        });
      },
    });
  return (
    <tr className="border-b border-line align-top last:border-0" data-testid="api-user-row">
      <td className="p-3 font-mono break-all">{user.username}</td>
      <td className="p-3">
        {isEditing ? (
          <form
            noValidate
            className="flex flex-col gap-2"
            onSubmit={form.handleSubmit(({ description }) => describe.mutate(description.trim()))}
          >
            <TextField
              label={t('consolePages.api.descriptionOf', { username: user.username })}
              maxLength={200}
              {...form.register('description')}
            />
            <FormAlert message={describe.error ? t(describeApiError(describe.error)) : null} />
            <div className="flex gap-2">
              <Button type="submit" size="sm" isBusy={describe.isPending}>
                {t('consolePages.api.saveDescription')}
              </Button>
              <Button variant="text" size="sm" onClick={() => setEditing(false)}>
                {t('businessPages.confirm.cancel')}
              </Button>
            </div>
          </form>
        ) : (
          user.description || <span className="text-muted">{t('consolePages.api.noDescription')}</span>
        )}
      </td>
      <td className="p-3">{formatDate(user.secretSetAt)}</td>
      <td className="p-3">
        <div className="flex flex-wrap gap-1">
          {!isEditing && (
            <Button
              variant="text"
              size="sm"
              aria-label={`${t('consolePages.api.describe')}: ${user.username}`}
              onClick={() => {
                form.reset({ description: user.description });
                setEditing(true);
              }}
            >
              {t('consolePages.api.describe')}
            </Button>
          )}
          <Button
            variant="text"
            size="sm"
            aria-label={`${t('consolePages.api.reset')}: ${user.username}`}
            onClick={openReset}
          >
            {t('consolePages.api.reset')}
          </Button>
          <Button
            variant="text"
            size="sm"
            aria-label={`${t('consolePages.api.delete')}: ${user.username}`}
            onClick={openDelete}
          >
            {t('consolePages.api.delete')}
          </Button>
        </div>
      </td>
    </tr>
  );
}
