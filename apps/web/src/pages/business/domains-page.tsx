// /business/members/domains: the domains the business claims. A claim is verified once the DNS
// TXT record it names is published (POST .../domains checks it again); people with an address on
// a verified domain are offered to join. Releasing a domain removes nobody.
import { businessEndpoints } from '@countersign/contract';
import type { Business } from '@countersign/contract';
import { isDomainName } from '@countersign/domain';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { PageHeading } from '../../components/page-heading.js';
import { TextField } from '../../components/text-field.js';
import { TextLink } from '../../components/text-link.js';
import { useRefreshBusiness } from '../../features/business/business-api.js';
import { BusinessGate } from '../../features/business/business-gate.js';
import { useDialogs } from '../../features/dialogs/dialog-store.js';
import { useSnackbars } from '../../features/snackbars/snackbar-store.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';

type Domain = Business['domains'][number];

export function DomainsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading lead={t('businessPages.domains.lead')}>{t('businessPages.domains.heading')}</PageHeading>
      <BusinessGate>{(business) => <Domains business={business} />}</BusinessGate>
      <p className="mt-8">
        <TextLink to="/business/members">{t('businessPages.domains.backToMembers')}</TextLink>
      </p>
    </>
  );
}

/** Claims a domain, or checks a claim again; says whether it is verified now. */
function useClaim(business: Business) {
  const { t } = useTranslation();
  const { api } = useServices();
  const snackbars = useSnackbars();
  const refresh = useRefreshBusiness();
  return useMutation({
    mutationFn: (domain: string) =>
      api.call(businessEndpoints.addBusinessDomain, { params: { id: business.id }, body: { domain } }),
    onSuccess: async (claim, domain) => {
      const wasClaimed = business.domains.some((known) => known.domain === claim.domain);
      await refresh();
      const message = claim.verified
        ? t('businessPages.domains.nowVerified', { domain: claim.domain })
        : wasClaimed
          ? t('businessPages.domains.stillPending', { domain })
          : t('businessPages.domains.claimed', { domain: claim.domain });
      snackbars.show({ message, color: claim.verified ? 'success' : 'info' });
    },
  });
}

function Domains({ business }: { business: Business }) {
  const { t } = useTranslation();
  const claim = useClaim(business);
  const form = useForm<{ domain: string }>({ defaultValues: { domain: '' } });
  const { errors } = form.formState;
  const mayAdd = business.allowedActions.includes('add_domain');
  return (
    <div className="flex flex-col gap-8">
      {mayAdd && (
        <form
          noValidate
          className="flex max-w-md flex-col gap-4"
          onSubmit={form.handleSubmit(({ domain }) =>
            claim.mutate(domain.trim().toLowerCase(), { onSuccess: () => form.reset() }),
          )}
        >
          <TextField
            label={t('businessPages.domains.domain')}
            hint={t('businessPages.domains.domainHint')}
            autoCapitalize="none"
            spellCheck={false}
            error={errors.domain?.message}
            {...form.register('domain', {
              validate: (value) =>
                isDomainName(value.trim().toLowerCase()) || t('businessPages.domains.invalid'),
            })}
          />
          <FormAlert message={claim.error ? t(describeApiError(claim.error)) : null} />
          <Button type="submit" isBusy={claim.isPending} className="self-start">
            {t('businessPages.domains.add')}
          </Button>
        </form>
      )}
      <section aria-labelledby="domain-list-heading" className="flex flex-col gap-3">
        <h2 id="domain-list-heading" className="text-lg font-semibold">
          {t('businessPages.domains.list')}
        </h2>
        {business.domains.length === 0 && <p className="text-muted">{t('businessPages.domains.empty')}</p>}
        <ul className="flex flex-col gap-3">
          {business.domains.map((domain) => (
            <DomainItem key={domain.domain} business={business} domain={domain} claim={claim} />
          ))}
        </ul>
      </section>
    </div>
  );
}

function DomainItem({
  business,
  domain,
  claim,
}: {
  business: Business;
  domain: Domain;
  claim: ReturnType<typeof useClaim>;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const dialogs = useDialogs();
  const snackbars = useSnackbars();
  const refresh = useRefreshBusiness();
  const openRelease = () =>
    dialogs.open({
      namespace: 'business',
      name: 'release-domain',
      props: { domain: domain.domain },
      onAction: async () => {
        await api.call(businessEndpoints.deleteBusinessDomain, {
          params: { id: business.id, domain: domain.domain },
        });
        await refresh();
        snackbars.show({
          message: t('businessPages.domains.released', { domain: domain.domain }),
          color: 'success',
        });
      },
    });
  const isChecking = claim.isPending && claim.variables === domain.domain;
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-line bg-white p-4" data-testid="domain-item">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span className="font-semibold break-all">{domain.domain}</span>
        <span className={domain.verified ? 'text-success-dark' : 'text-muted'} data-testid="domain-status">
          {domain.verified ? t('businessPages.domains.verified') : t('businessPages.domains.pending')}
        </span>
      </div>
      {!domain.verified && (
        <div className="flex flex-col gap-2 text-sm">
          <p>{t('businessPages.domains.proof')}</p>
          <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
            <dt className="font-semibold">{t('businessPages.domains.recordName')}</dt>
            <dd className="font-mono break-all">{domain.proof.name}</dd>
            <dt className="font-semibold">{t('businessPages.domains.recordValue')}</dt>
            <dd className="font-mono break-all">{domain.proof.value}</dd>
          </dl>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {!domain.verified && business.allowedActions.includes('add_domain') && (
          <Button
            variant="secondary"
            size="sm"
            isBusy={isChecking}
            aria-label={`${t('businessPages.domains.check')}: ${domain.domain}`}
            onClick={() => claim.mutate(domain.domain)}
          >
            {t('businessPages.domains.check')}
          </Button>
        )}
        {business.allowedActions.includes('delete_domain') && (
          <Button
            variant="text"
            size="sm"
            aria-label={`${t('businessPages.domains.release')}: ${domain.domain}`}
            onClick={openRelease}
          >
            {t('businessPages.domains.release')}
          </Button>
        )}
      </div>
    </li>
  );
}
