// SCIM provisioning on the settings page (ADR 084): the SCIM base URL to give the business's
// identity provider, whether a token exists and when it was last used, and the buttons that make,
// rotate and revoke it. A new token is shown this once, until the admin says it is stored.
import { scimEndpoints } from '@countersign/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { Spinner } from '../../components/spinner.js';
import { businessQueryKey } from '../../features/business/business-api.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';
import { useFormatDate } from '../../features/i18n/use-format-date.js';

export function ScimTokenSection({ businessId }: { businessId: string }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const formatDate = useFormatDate();
  const queryClient = useQueryClient();
  const [shown, setShown] = useState<string | null>(null);
  const key = [...businessQueryKey, businessId, 'scim-token'];
  const params = { id: businessId };
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.call(scimEndpoints.getScimToken, { params, signal }),
  });
  const create = useMutation({
    mutationFn: () => api.call(scimEndpoints.createScimToken, { params }),
    onSuccess: ({ token, ...state }) => {
      setShown(token);
      queryClient.setQueryData(key, state);
    },
  });
  const revoke = useMutation({
    mutationFn: () => api.call(scimEndpoints.deleteScimToken, { params }),
    onSuccess: (state) => {
      setShown(null);
      queryClient.setQueryData(key, state);
    },
  });
  if (query.isPending) return <Spinner label={t('app.loading')} />;
  const token = query.data?.scimToken ?? null;
  const failure = create.error ?? revoke.error ?? query.error;

  return (
    <section
      aria-labelledby="scim-heading"
      className="flex flex-col gap-3 rounded-lg border border-line bg-white p-4"
    >
      <h2 id="scim-heading" className="text-lg font-semibold">
        {t('scim.admin.heading')}
      </h2>
      <p className="text-muted">{t('scim.admin.text')}</p>
      {query.data && <p className="text-sm">{t('scim.admin.baseUrl', { url: query.data.baseUrl })}</p>}
      <p className="text-sm" role="status">
        {token
          ? t('scim.admin.state', {
              created: formatDate(token.createdAt),
              used: token.lastUsedAt ? formatDate(token.lastUsedAt) : t('scim.admin.neverUsed'),
            })
          : t('scim.admin.none')}
      </p>
      {shown && (
        <div className="flex flex-col gap-2 rounded border border-line p-3">
          <p className="text-sm font-semibold">{t('scim.admin.shownOnce')}</p>
          <code className="break-all text-sm" aria-label={t('scim.admin.tokenLabel')}>
            {shown}
          </code>
          <Button variant="secondary" size="sm" onClick={() => setShown(null)}>
            {t('scim.admin.stored')}
          </Button>
        </div>
      )}
      <FormAlert message={failure ? t(describeApiError(failure)) : null} />
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" isBusy={create.isPending} onClick={() => create.mutate()}>
          {token ? t('scim.admin.rotate') : t('scim.admin.create')}
        </Button>
        {token && (
          <Button variant="secondary" isBusy={revoke.isPending} onClick={() => revoke.mutate()}>
            {t('scim.admin.revoke')}
          </Button>
        )}
      </div>
    </section>
  );
}
