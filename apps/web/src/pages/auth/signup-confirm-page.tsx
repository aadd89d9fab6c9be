// /signup/confirm?token=: confirms the address with POST /v1/valid-confirmation, which also
// starts a session: the person is signed in and continues where they were going before they had
// to sign up (the stored target), else on the dashboard. The call goes through the query cache so
// it runs once per token even when React renders twice, because the token is single-use.
import { accountEndpoints } from '@countersign/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useServices } from '../../app/services.js';
import { targetAfterSignIn } from '../../features/business/business-signup-store.js';
import { buttonClasses } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { PageHeading } from '../../components/page-heading.js';
import { Spinner } from '../../components/spinner.js';
import { TextLink } from '../../components/text-link.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';
import { useSession } from '../../features/session/session-provider.js';
import { Link } from 'react-router';

export function SignupConfirmPage() {
  const { t } = useTranslation();
  const { api, redirectTarget, storage } = useServices();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const confirmation = useQuery({
    queryKey: ['valid-confirmation', token],
    queryFn: () => api.call(accountEndpoints.validConfirmation, { body: { token } }),
    enabled: token !== '',
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const answer = confirmation.data;
  useEffect(() => {
    if (!answer) return;
    const target = targetAfterSignIn(storage, answer.user.email, redirectTarget.take());
    signIn(answer);
    void navigate(target, { replace: true });
  }, [answer, redirectTarget, signIn, navigate]);

  let body;
  if (token === '') body = <FormAlert message={t('signupConfirm.missingToken')} />;
  else if (confirmation.isPending) body = <Spinner label={t('signupConfirm.confirming')} />;
  else if (confirmation.isError) body = <FormAlert message={t(describeApiError(confirmation.error))} />;
  else {
    const email = confirmation.data.email;
    body = (
      <div className="flex flex-col gap-4">
        <FormAlert tone="success" message={t('signupConfirm.success', { email })} />
        <Link
          to={`/login?email=${encodeURIComponent(email)}`}
          className={buttonClasses('primary', 'md', true)}
        >
          {t('signupConfirm.toLogin')}
        </Link>
      </div>
    );
  }
  return (
    <>
      <PageHeading>{t('signupConfirm.heading')}</PageHeading>
      {body}
      {confirmation.isError && (
        <p className="mt-6 text-sm">
          <TextLink to="/login">{t('signupConfirm.toLogin')}</TextLink>
        </p>
      )}
    </>
  );
}
