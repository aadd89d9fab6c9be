// /signup: creates the account (POST /v1/register) and sends the visitor to /signup/mail-sent to
// wait for the confirmation link. `?email=` fills in the address: the mails that invite someone
// without an account to create one pass theirs.
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeading } from '../../components/page-heading.js';
import { TextLink } from '../../components/text-link.js';
import { SignupForm } from '../../features/account/signup-form.js';

export function SignupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <>
      <PageHeading lead={t('signup.intro')}>{t('signup.heading')}</PageHeading>
      <SignupForm
        initialEmail={params.get('email')?.trim().slice(0, 254) ?? ''}
        submitLabel={t('signup.submit')}
        onRegistered={(email) => void navigate('/signup/mail-sent', { state: { email } })}
      />
      <p className="mt-6 text-sm">
        {t('signup.haveAccount')} <TextLink to="/login">{t('signup.loginLink')}</TextLink>
      </p>
    </>
  );
}
