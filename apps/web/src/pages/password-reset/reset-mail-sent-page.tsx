// /password-reset/mail-sent: the reset link is on its way (if the account exists).
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/page-heading.js';
import { TextLink } from '../../components/text-link.js';
import { useEmailFromState } from '../auth/signup-mail-sent-page.js';

export function ResetMailSentPage() {
  const { t } = useTranslation();
  const email = useEmailFromState();
  return (
    <>
      <PageHeading>{t('passwordReset.mailSentHeading')}</PageHeading>
      <p className="mb-6">
        {email ? t('passwordReset.mailSentText', { email }) : t('passwordReset.mailSentTextNoEmail')}
      </p>
      <TextLink to="/login">{t('passwordReset.backToLogin')}</TextLink>
    </>
  );
}
