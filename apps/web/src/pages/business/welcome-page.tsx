// /business/welcome: where a newly registered business lands, with its first steps.
import type { Business } from '@countersign/contract';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/page-heading.js';
import { TextLink } from '../../components/text-link.js';
import { BusinessGate } from '../../features/business/business-gate.js';

const steps = [
  ['/business/members', 'invite', 'inviteText'],
  ['/business/settings', 'settings', 'settingsText'],
  ['/business/members/domains', 'domains', 'domainsText'],
] as const;

export function BusinessWelcomePage() {
  return <BusinessGate>{(business) => <Welcome business={business} />}</BusinessGate>;
}

function Welcome({ business }: { business: Business }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading lead={t('businessPages.welcome.lead')}>
        {t('businessPages.welcome.heading', { name: business.name })}
      </PageHeading>
      <ol className="mb-6 flex flex-col gap-4">
        {steps.map(([to, title, text]) => (
          <li key={to} className="rounded-lg border border-line bg-white p-4">
            <TextLink to={to}>{t(`businessPages.welcome.${title}`)}</TextLink>
            <p className="mt-1 text-muted">{t(`businessPages.welcome.${text}`)}</p>
          </li>
        ))}
      </ol>
      <TextLink to="/business/dashboard">{t('businessPages.welcome.dashboard')}</TextLink>
    </>
  );
}
