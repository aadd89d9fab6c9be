// /password-reset/confirm: the password is changed; on to the login.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { PageHeading } from '../../components/page-heading.js';

export function ResetConfirmPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading>{t('passwordReset.confirmHeading')}</PageHeading>
      <div className="flex flex-col gap-4">
        <FormAlert tone="success" message={t('passwordReset.confirmText')} />
        <Link to="/login" className={buttonClasses('primary', 'md', true)}>
          {t('signupConfirm.toLogin')}
        </Link>
      </div>
    </>
  );
}
