// ID Austria's answer (ADR 083): /profile/signature-standards/id-austria-success for a signed-in
// person (the account is identified for advanced signatures under eIDAS from then on) and
// /direct-sign/identification/id-austria-success for a link holder (their one signature is). Each
// has the server check the answer once and shows the outcome, or why it failed.
import { eidEndpoints } from '@countersign/contract';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useServices } from '../../app/services.js';
import { buttonClasses } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { PageHeading } from '../../components/page-heading.js';
import { Spinner } from '../../components/spinner.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';
import { useSession } from '../../features/session/session-provider.js';
import { resolveDirectSession, type DirectSession } from '../../features/signing/direct-session.js';
import { LinkMissing } from '../direct-ident/identification-pages.js';
import { useSendAnswerOnce } from './eid-answer.js';

function Outcome(props: {
  isAnswer: boolean;
  state: { isSuccess: boolean; isError: boolean; error: unknown };
  next: string;
  nextLabel: string;
}) {
  const { t } = useTranslation();
  const { isSuccess, isError, error } = props.state;
  if (props.isAnswer && !isSuccess && !isError) return <Spinner label={t('eid.checking')} />;
  const link = (
    <Link className={buttonClasses('primary')} to={props.next}>
      {props.nextLabel}
    </Link>
  );
  if (isSuccess)
    return (
      <div className="flex flex-col gap-4">
        <PageHeading lead={t('eid.austria.successText')}>{t('eid.austria.successHeading')}</PageHeading>
        {link}
      </div>
    );
  return (
    <div className="flex flex-col gap-4">
      <PageHeading>{t('eid.austria.failedHeading')}</PageHeading>
      <FormAlert message={t(error ? describeApiError(error) : 'apiErrors.ssoFlowInvalid')} />
      {link}
    </div>
  );
}

export function IdAustriaSuccessPage() {
  const { t } = useTranslation();
  const { api } = useServices();
  const { updateUser } = useSession();
  const complete = useMutation({
    mutationFn: (query: string) => api.call(eidEndpoints.completeIdAustria, { body: { query } }),
    onSuccess: updateUser,
  });
  const { mutate } = complete;
  const isAnswer = useSendAnswerOnce(useCallback((query: string) => mutate(query), [mutate]));
  return (
    <Outcome
      isAnswer={isAnswer}
      state={complete}
      next="/profile/signature-standards"
      nextLabel={t('eid.austria.toStandards')}
    />
  );
}

function DirectSuccess({ session }: { session: DirectSession }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const complete = useMutation({
    mutationFn: (query: string) =>
      api.call(eidEndpoints.directCompleteIdAustria, { query: { token: session.token }, body: { query } }),
  });
  const { mutate } = complete;
  const isAnswer = useSendAnswerOnce(useCallback((query: string) => mutate(query), [mutate]));
  const view = `/view/${encodeURIComponent(session.requestId)}/${encodeURIComponent(session.signerId)}`;
  return <Outcome isAnswer={isAnswer} state={complete} next={view} nextLabel={t('eid.austria.toRequest')} />;
}

export function DirectIdAustriaSuccessPage() {
  const [session] = useState(() => resolveDirectSession(window.sessionStorage, null, ''));
  return session ? <DirectSuccess session={session} /> : <LinkMissing />;
}
