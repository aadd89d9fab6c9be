// Signing up with eID+ (ADR 083): /signup/flows/eidplus/new explains and opens the "supply eID
// data" dialog, which says what the eID hands over and that the name and birth date stay as the
// eID states them; confirming leaves for the provider. It answers to /signup/flows/eidplus/confirm,
// which has the server check the answer and make (or sign in) the account.
import { eidEndpoints } from '@countersign/contract';
import { languageForLocale, parseLocale } from '@countersign/domain';
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useServices } from '../../app/services.js';
import { Button, buttonClasses } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { PageHeading } from '../../components/page-heading.js';
import { Spinner } from '../../components/spinner.js';
import { useDialogs } from '../../features/dialogs/dialog-store.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';
import { useSession } from '../../features/session/session-provider.js';
import { leaveToExternal } from '../../features/signing/leave.js';
import { useSendAnswerOnce } from './eid-answer.js';

export const EIDPLUS_NEW_PATH = '/signup/flows/eidplus/new';

export function EidPlusNewPage() {
  const { t } = useTranslation();
  const { api } = useServices();
  const dialogs = useDialogs();
  const supply = () =>
    dialogs.open({
      namespace: 'document',
      name: 'supply-eid-data',
      onAction: async () => {
        const started = await api.call(eidEndpoints.startEidPlusSignUp, { body: {} });
        if (!leaveToExternal(started.url)) throw new Error('no provider address');
      },
    });
  return (
    <div className="flex flex-col gap-4">
      <PageHeading lead={t('eid.plus.lead')}>{t('eid.plus.heading')}</PageHeading>
      <Button fullWidth onClick={supply}>
        {t('eid.plus.start')}
      </Button>
      <Link className="text-primary-dark underline" to="/signup">
        {t('eid.plus.withPassword')}
      </Link>
    </div>
  );
}

export function EidPlusConfirmPage() {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const complete = useMutation({
    mutationFn: (query: string) =>
      api.call(eidEndpoints.completeEidPlusSignUp, {
        body: { query, lang: languageForLocale(parseLocale(i18n.language) ?? 'en-gb') },
      }),
    onSuccess: (answer) => {
      signIn(answer);
      void navigate('/profile/settings', { replace: true });
    },
  });
  const { mutate } = complete;
  const isAnswer = useSendAnswerOnce(useCallback((query: string) => mutate(query), [mutate]));
  if (isAnswer && !complete.isError) return <Spinner label={t('eid.checking')} />;
  return (
    <div className="flex flex-col gap-4">
      <PageHeading>{t('eid.plus.failedHeading')}</PageHeading>
      <FormAlert
        message={t(complete.error ? describeApiError(complete.error) : 'apiErrors.ssoFlowInvalid')}
      />
      <Link className={buttonClasses('primary')} to={EIDPLUS_NEW_PATH}>
        {t('eid.again')}
      </Link>
    </div>
  );
}
