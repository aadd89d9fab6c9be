// /signup/mail-sent: tells the new user to open the confirmation link, and can send it again.
import { accountEndpoints } from '@countersign/contract';
import { isEmail } from '@countersign/domain';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { PageHeading } from '../../components/page-heading.js';
import { TextLink } from '../../components/text-link.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';

/** The address handed over in navigation state by the form that sent the mail, if any. */
export function useEmailFromState(): string | null {
  const state: unknown = useLocation().state;
  const email = state && typeof state === 'object' ? (state as { email?: unknown }).email : undefined;
  return isEmail(email) ? email : null;
}

/** `note` says what follows the confirmation, where a flow has more to say (the business sign-up). */
export function SignupMailSentPage({ note }: { note?: ReactNode }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const email = useEmailFromState();
  const resend = useMutation({
    mutationFn: (address: string) =>
      api.call(accountEndpoints.requestConfirmation, { body: { email: address } }),
  });
  return (
    <>
      <PageHeading>{t('signupMailSent.heading')}</PageHeading>
      <p className="mb-6">{email ? t('signupMailSent.text', { email }) : t('signupMailSent.textNoEmail')}</p>
      {note}
      {email && (
        <div className="mb-6 flex flex-col gap-2">
          <Button variant="secondary" isBusy={resend.isPending} onClick={() => resend.mutate(email)}>
            {t('signupMailSent.resend')}
          </Button>
          <FormAlert tone="success" message={resend.isSuccess ? t('signupMailSent.resent') : null} />
          <FormAlert message={resend.error ? t(describeApiError(resend.error)) : null} />
        </div>
      )}
      <TextLink to="/login">{t('signup.loginLink')}</TextLink>
    </>
  );
}
