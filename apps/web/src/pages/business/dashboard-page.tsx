// /business/dashboard: the business at a glance (admins, members, open invitations, verified
// domains), each with the console page that manages it, its statistics as charts and tables, and
// what its people answered in the satisfaction survey.
import type { Business } from '@countersign/contract';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/page-heading.js';
import { TextLink } from '../../components/text-link.js';
import { BusinessGate } from '../../features/business/business-gate.js';
import { StatisticsSection } from './statistics-section.js';
import { SurveySummarySection } from './survey-summary-section.js';

export function BusinessDashboardPage() {
  return <BusinessGate>{(business) => <Overview business={business} />}</BusinessGate>;
}

function Overview({ business }: { business: Business }) {
  const { t } = useTranslation();
  const figures = [
    ['admins', business.counts.admins, '/business/members'],
    ['members', business.counts.members, '/business/members'],
    ['invitations', business.counts.invitedMembers, '/business/members'],
    ['domains', business.domains.filter((d) => d.verified).length, '/business/members/domains'],
  ] as const;
  return (
    <>
      <PageHeading lead={business.name}>{t('businessPages.dashboard.heading')}</PageHeading>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {figures.map(([key, count, to]) => (
          <li key={key} className="flex flex-col gap-2 rounded-lg border border-line bg-white p-4">
            <span className="text-sm text-muted" id={`figure-${key}`}>
              {t(`businessPages.dashboard.${key}`)}
            </span>
            <span
              className="text-3xl font-bold"
              aria-labelledby={`figure-${key}`}
              data-testid={`count-${key}`}
            >
              {count}
            </span>
            <TextLink
              to={to}
              aria-label={`${t('businessPages.dashboard.manage')}: ${t(`businessPages.dashboard.${key}`)}`}
            >
              {t('businessPages.dashboard.manage')}
            </TextLink>
          </li>
        ))}
      </ul>
      <StatisticsSection businessId={business.id} />
      {business.allowedActions.includes('view_survey_summary') && (
        <SurveySummarySection businessId={business.id} />
      )}
    </>
  );
}
