// One-message public pages: /bye after account deletion, /expired links, /cookiesblocked.
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/page-heading.js';
import { TextLink } from '../../components/text-link.js';

export function ByePage() {
  const { t } = useTranslation();
  return <PageHeading lead={t('simplePages.byeText')}>{t('simplePages.byeHeading')}</PageHeading>;
}

export function ExpiredPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading lead={t('simplePages.expiredText')}>{t('simplePages.expiredHeading')}</PageHeading>
      <TextLink to="/login">{t('signupConfirm.toLogin')}</TextLink>
    </>
  );
}

export function CookiesBlockedPage() {
  const { t } = useTranslation();
  return <PageHeading lead={t('simplePages.cookiesText')}>{t('simplePages.cookiesHeading')}</PageHeading>;
}
