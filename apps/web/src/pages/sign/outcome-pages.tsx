// Where an account holder lands after handling a request (spec 2 user routes): /signed and
// /declined (with a way back to the request named by `srid`), /not-available when a request is
// gone or not theirs, and /welcome for a new account.
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../components/page-heading.js';
import { TextLink } from '../../components/text-link.js';

function BackLinks({ withRequest }: { withRequest: boolean }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const srid = withRequest ? params.get('srid') : null;
  return (
    <nav className="flex flex-col gap-3 sm:flex-row sm:gap-6">
      {srid && <TextLink to={`/view/${encodeURIComponent(srid)}`}>{t('sign.pages.backToRequest')}</TextLink>}
      <TextLink to="/dashboard">{t('sign.pages.toDashboard')}</TextLink>
    </nav>
  );
}

export function SignedPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading lead={t('sign.pages.signedText')}>{t('sign.pages.signedHeading')}</PageHeading>
      <BackLinks withRequest />
    </>
  );
}

export function DeclinedPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading lead={t('sign.pages.declinedText')}>{t('sign.pages.declinedHeading')}</PageHeading>
      <BackLinks withRequest />
    </>
  );
}

export function NotAvailablePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading lead={t('sign.pages.notAvailableText')}>{t('sign.pages.notAvailableHeading')}</PageHeading>
      <BackLinks withRequest={false} />
    </>
  );
}

export function WelcomePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading lead={t('sign.pages.welcomeText')}>{t('sign.pages.welcomeHeading')}</PageHeading>
      <nav className="flex flex-col gap-3 sm:flex-row sm:gap-6">
        <TextLink to="/upload">{t('sign.pages.toUpload')}</TextLink>
        <TextLink to="/dashboard">{t('sign.pages.toDashboard')}</TextLink>
      </nav>
    </>
  );
}
