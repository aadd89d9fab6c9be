// /sendto/{id}: someone handed a prepared draft to this user (GET /v3/sendto/{id}/get-internal).
// Taking it over (POST /v3/sendto/{id}/claim) makes the user its owner, and the work goes on at
// the upload screen.
import { sendtoEndpoints } from '@countersign/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { PageHeading } from '../../components/page-heading.js';
import { Spinner } from '../../components/spinner.js';
import { TextLink } from '../../components/text-link.js';
import { failAs } from '../../features/errors/action-failure.js';
import type { ActionFailure } from '../../features/errors/action-failure.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';
import { useSnackbars } from '../../features/snackbars/snackbar-store.js';
import { draftQueryKey } from './draft-actions.js';

export function SendtoPage() {
  const { t } = useTranslation();
  const { api } = useServices();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const snackbars = useSnackbars();
  const handoff = useQuery({
    queryKey: ['sendto', id],
    queryFn: ({ signal }) => api.call(sendtoEndpoints.getSendtoInternal, { params: { id }, signal }),
  });
  const claim = useMutation({
    mutationFn: () => failAs('claimRequest', () => api.call(sendtoEndpoints.claimSendto, { params: { id } })),
    // spec 8: 'Failed to claim signature request', in the visitor's language
    onError: (error: ActionFailure) => snackbars.show({ message: t(error.messageKey), color: 'error' }),
    onSuccess: (request) => {
      queryClient.setQueryData(draftQueryKey(request.id), request);
      void navigate(`/upload?draft=${encodeURIComponent(request.id)}`);
    },
  });

  const heading = <PageHeading>{t('send.sendto.heading')}</PageHeading>;
  if (handoff.isPending) return <Spinner label={t('app.loading')} />;
  if (handoff.isError) {
    return (
      <>
        {heading}
        <FormAlert message={t(describeApiError(handoff.error))} />
      </>
    );
  }
  const { from, title, documentCount, message, claimedAt, signatureRequestId } = handoff.data;
  return (
    <>
      {heading}
      <div className="flex flex-col gap-4 rounded-lg border border-line bg-white p-4">
        <p>
          {t('send.sendto.from', {
            name: `${from.firstName} ${from.lastName}`.trim() || from.email,
            email: from.email,
          })}
        </p>
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">{t('send.details.title')}</dt>
          <dd className="break-words">{title}</dd>
          <dt className="font-semibold">{t('send.sendto.documents')}</dt>
          <dd>{documentCount}</dd>
          {message && (
            <>
              <dt className="font-semibold">{t('send.details.message')}</dt>
              <dd className="break-words whitespace-pre-wrap">{message}</dd>
            </>
          )}
        </dl>
        {claimedAt ? (
          <p>
            {t('send.sendto.claimed')}{' '}
            <TextLink to={`/upload?draft=${encodeURIComponent(signatureRequestId)}`}>
              {t('send.sendto.open')}
            </TextLink>
          </p>
        ) : (
          <Button className="self-start" onClick={() => claim.mutate()} isBusy={claim.isPending}>
            {t('send.sendto.claim')}
          </Button>
        )}
      </div>
    </>
  );
}
