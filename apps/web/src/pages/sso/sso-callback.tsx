// The identity provider's answer arriving at /login (ADR 075): the server checks it and signs the
// person in, or asks for the password of the existing account of the address first. A refusal
// goes to /sso/error, or to /sso/error/company when it is about the person's business.
import { ssoEndpoints, type SsoOutcome } from '@countersign/contract';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/api-error.js';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { PageHeading } from '../../components/page-heading.js';
import { Spinner } from '../../components/spinner.js';
import { TextField } from '../../components/text-field.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';
import { requiredRules } from '../../features/forms/rules.js';
import { useSession } from '../../features/session/session-provider.js';

/** The refusals that concern the person's business rather than the sign-in itself. */
const COMPANY_CODES = [
  'sso.member_of_another',
  'sso.domain_not_verified',
  'billing.seats_exhausted',
  'billing.business_locked',
];

/** Whether /login was opened by an identity provider sending its answer back. */
export function isProviderAnswer(params: URLSearchParams): boolean {
  return params.has('state') && (params.has('code') || params.has('error'));
}

export function errorPageOf(error: unknown): string {
  const code = error instanceof ApiError ? error.code : 'internal';
  const page = COMPANY_CODES.includes(code) ? '/sso/error/company' : '/sso/error';
  return `${page}?code=${encodeURIComponent(code)}`;
}

export function SsoCallback({ query }: { query: string }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const sent = useRef(false);
  const form = useForm<{ password: string }>({ defaultValues: { password: '' } });

  const finish = (answer: Extract<SsoOutcome, { status: 'signed_in' }>) => {
    signIn(answer);
    void navigate('/', { replace: true });
  };
  const complete = useMutation({
    mutationFn: () => api.call(ssoEndpoints.completeSso, { body: { query } }),
    onSuccess: (answer) => {
      if (answer.status === 'signed_in') finish(answer);
    },
    onError: (error) => void navigate(errorPageOf(error), { replace: true }),
  });
  const link = useMutation({
    mutationFn: (input: { linkToken: string; password: string }) =>
      api.call(ssoEndpoints.linkSso, { body: input }),
    onSuccess: finish,
  });
  useEffect(() => {
    // the answer's state is good for one try: never send it twice (React may run effects twice)
    if (sent.current) return;
    sent.current = true;
    complete.mutate();
  }, [complete]);

  const outcome = complete.data;
  if (outcome?.status !== 'link_required') return <Spinner label={t('sso.callback.checking')} />;
  return (
    <>
      <PageHeading lead={t('sso.link.intro', { email: outcome.email })}>{t('sso.link.heading')}</PageHeading>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={form.handleSubmit(({ password }) =>
          link.mutate({ linkToken: outcome.linkToken, password }),
        )}
      >
        <TextField
          label={t('login.password')}
          type="password"
          autoComplete="current-password"
          autoFocus
          error={form.formState.errors.password?.message}
          {...form.register('password', requiredRules(t))}
        />
        <FormAlert message={link.error ? t(describeApiError(link.error)) : null} />
        <Button type="submit" fullWidth isBusy={link.isPending}>
          {t('sso.link.submit')}
        </Button>
      </form>
    </>
  );
}
