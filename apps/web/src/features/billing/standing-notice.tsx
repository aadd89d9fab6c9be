// On the console's screens, a business whose trial or paid period ran out, or which is locked,
// says so and leads its admin to the upgrade (the route rules keep the admin on the members page
// until then, spec 2).
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '../../components/button.js';
import { useLocaleArea } from '../i18n/i18n.js';
import { useBusinessStanding } from './business-access.js';

function Notice({ access }: { access: 'locked' | 'expired' }) {
  useLocaleArea('billing');
  const { t } = useTranslation();
  return (
    <section
      aria-label={t('billing.plan.current')}
      className="mb-6 flex flex-col items-start gap-3 rounded-lg border border-warning bg-warning/10 p-4"
    >
      <p data-testid="standing-notice">
        {access === 'locked' ? t('billing.plan.locked') : t('billing.plan.trialEnded')}
      </p>
      <Link to="/business/upgrade" className={buttonClasses('primary', 'md')}>
        {t('billing.plan.choosePlan')}
      </Link>
    </section>
  );
}

// the billing pages say it in their own words
const billingPaths = ['/business/billing/plan', '/business/upgrade'];

export function StandingNotice() {
  const { access } = useBusinessStanding();
  const { pathname } = useLocation();
  if (access !== 'locked' && access !== 'expired') return null;
  if (billingPaths.includes(pathname)) return null;
  return (
    <Suspense fallback={null}>
      <Notice access={access} />
    </Suspense>
  );
}
