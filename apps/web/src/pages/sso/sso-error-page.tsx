// /sso/error and /sso/error/company (spec 2): a single sign-on that could not finish, with the
// reason the server gave (its code's message) and the way back to the login.
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../components/page-heading.js';
import { TextLink } from '../../components/text-link.js';
import { catalogueMessageKey } from '../../features/errors/describe-api-error.js';

function SsoError({ company }: { company: boolean }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const reason = catalogueMessageKey(params.get('code') ?? '') ?? 'apiErrors.generic';
  return (
    <>
      <PageHeading lead={t(company ? 'sso.error.companyIntro' : 'sso.error.intro')}>
        {t(company ? 'sso.error.companyHeading' : 'sso.error.heading')}
      </PageHeading>
      <p role="alert" className="mb-6">
        {t(reason)}
      </p>
      <TextLink to="/login">{t('sso.error.backToLogin')}</TextLink>
    </>
  );
}

export function SsoErrorPage() {
  return <SsoError company={false} />;
}

export function SsoCompanyErrorPage() {
  return <SsoError company />;
}
