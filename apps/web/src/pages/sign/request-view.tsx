// A request as its signer (or owner, or observer) sees it, for both doors (account and link):
// the documents page by page, the signers, the audit trail, and the actions the server's policy
// allows now (`you.allowedActions`; never re-derived here). On phones the sign and decline
// buttons stay in a bar at the bottom, so a 30-page document can be read and signed without
// scrolling back up.
import type { SignatureRequest } from '@countersign/contract';
import { decideLeave } from '@countersign/domain';
import type { ResolvedRedirects } from '@countersign/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { Spinner } from '../../components/spinner.js';
import { useDialogs } from '../../features/dialogs/dialog-store.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';
import { useSnackbars } from '../../features/snackbars/snackbar-store.js';
import { downloadFile, isNotFound } from '../../features/signing/binary.js';
import { leaveToExternal, readLastHandledRequest } from '../../features/signing/leave.js';
import { directPollInterval } from '../../features/signing/poll.js';
import type { DownloadKind, RequestApi } from '../../features/signing/request-api.js';
import { Countdown, hostOf } from '../../features/signing/signing-overlays.js';
import { useSignFlow } from '../../features/signing/use-sign-flow.js';
import { DocumentPages, EventList, Panel, SignerList, StatusBadge } from './request-parts.js';

export interface RequestViewProps {
  requestApi: RequestApi;
  redirects: ResolvedRedirects;
  /** What the signer chooses before signing (visual signature, their name). */
  signPanel?: ReactNode;
  visualSignatureId?: string | undefined;
  /** Set when signing needs something first (a direct signer's name). */
  signBlockedReason?: string | null;
  onSignedWithoutExit?: () => void;
  onDeclinedWithoutExit?: () => void;
  /** Where to send the visitor when the request is gone or not theirs (account holders). */
  notAvailablePath?: string;
}

function ExitNotice({ requestId, redirects }: { requestId: string; redirects: ResolvedRedirects }) {
  const { t } = useTranslation();
  const [isStaying, setStaying] = useState(false);
  const leave = decideLeave('signed', redirects, {
    viewed: requestId,
    lastHandled: readLastHandledRequest(window.sessionStorage),
  });
  if (leave.kind === 'none' || leave.kind === 'immediate') return null;
  const go = () => leaveToExternal(leave.url);
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-line bg-white p-4">
      {leave.kind === 'countdown' && !isStaying && <Countdown seconds={leave.seconds} onLeave={go} />}
      <div className="flex flex-wrap gap-2">
        <Button onClick={go}>{t('sign.overlays.leaveTo', { host: hostOf(leave.url) })}</Button>
        {leave.kind === 'countdown' && !isStaying && (
          <Button variant="text" onClick={() => setStaying(true)}>
            {t('sign.overlays.stay')}
          </Button>
        )}
      </div>
    </div>
  );
}

function useDownload(requestApi: RequestApi) {
  const { fetch: doFetch } = useServices();
  const snackbars = useSnackbars();
  const { t } = useTranslation();
  return async (kind: DownloadKind, fallbackName: string, documentId?: string) => {
    try {
      await downloadFile(doFetch, requestApi.downloadRequest(kind, documentId), fallbackName);
    } catch (error) {
      const message =
        kind === 'report' && isNotFound(error) ? t('sign.view.reportMissing') : t('sign.view.downloadFailed');
      snackbars.show({ message, color: 'error', duration: 6000 });
    }
  };
}

function Downloads({ request, requestApi }: { request: SignatureRequest; requestApi: RequestApi }) {
  const { t } = useTranslation();
  const download = useDownload(requestApi);
  const allowed = request.you.allowedActions;
  const hasSigned = request.documents.some((d) => d.signedSha256 !== null);
  if (!allowed.includes('download') && !allowed.includes('download_report')) return null;
  return (
    <Panel id="downloads-heading" heading={t('sign.view.downloads')}>
      <ul className="flex flex-col gap-2">
        {allowed.includes('download') &&
          request.documents.map((document) => (
            <li key={document.id} className="flex flex-wrap gap-x-4 gap-y-1">
              <Button
                variant="text"
                size="sm"
                onClick={() => void download('original', document.fileName, document.id)}
              >
                {t('sign.view.downloadOriginal', { title: document.title })}
              </Button>
              {document.signedSha256 && (
                <Button
                  variant="text"
                  size="sm"
                  onClick={() => void download('signed', document.fileName, document.id)}
                >
                  {t('sign.view.downloadSigned', { title: document.title })}
                </Button>
              )}
            </li>
          ))}
        {allowed.includes('download') && (
          <li className="flex flex-wrap gap-x-4 gap-y-1">
            <Button variant="text" size="sm" onClick={() => void download('zip', `${request.title}.zip`)}>
              {t('sign.view.downloadZip')}
            </Button>
            {hasSigned && (
              <Button
                variant="text"
                size="sm"
                onClick={() => void download('zip-signed', `${request.title}.zip`)}
              >
                {t('sign.view.downloadZipSigned')}
              </Button>
            )}
          </li>
        )}
        {allowed.includes('download_report') && requestApi.source.kind === 'account' && (
          <li>
            <Button
              variant="text"
              size="sm"
              onClick={() => void download('report', `${request.title}-protocol.pdf`)}
            >
              {t('sign.view.downloadReport')}
            </Button>
          </li>
        )}
      </ul>
    </Panel>
  );
}

function OtherActions({ request, requestApi }: { request: SignatureRequest; requestApi: RequestApi }) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const snackbars = useSnackbars();
  const queryClient = useQueryClient();
  const allowed = request.you.allowedActions;
  const refreshWith = (next: SignatureRequest): void => {
    queryClient.setQueryData(requestApi.queryKey, next);
  };
  const isAccount = requestApi.source.kind === 'account';
  const actions: { key: string; label: string; run: () => void }[] = [];
  if (allowed.includes('delegate'))
    actions.push({
      key: 'delegate',
      label: t('sign.actions.delegate'),
      run: () =>
        dialogs.open({
          namespace: 'document',
          name: 'delegate',
          onAction: async (values) => {
            const { email, name, message } = values as { email: string; name: string; message: string };
            refreshWith(await requestApi.delegate({ email, message, ...(name ? { name } : {}) }));
            snackbars.show({ message: t('sign.actions.delegated', { email }), color: 'success' });
          },
        }),
    });
  if (isAccount && allowed.includes('remind'))
    actions.push({
      key: 'remind',
      label: t('sign.actions.remind'),
      run: () =>
        void requestApi
          .remind()
          .then((count) =>
            snackbars.show({ message: t('sign.actions.reminded', { number: count }), color: 'success' }),
          )
          .catch((error: unknown) => snackbars.show({ message: t(describeApiError(error)), color: 'error' })),
    });
  if (isAccount && allowed.includes('add_observer'))
    actions.push({
      key: 'add-observer',
      label: t('sign.actions.addObserver'),
      run: () =>
        dialogs.open({
          namespace: 'document',
          name: 'add-observer',
          onAction: async (values) =>
            refreshWith(await requestApi.addObserver((values as { email: string }).email)),
        }),
    });
  if (isAccount && allowed.includes('add_signer'))
    actions.push({
      key: 'add-signer',
      label: t('sign.actions.addSigner'),
      run: () =>
        dialogs.open({
          namespace: 'document',
          name: 'add-signer',
          onAction: async (values) => {
            const { email, name } = values as { email: string; name: string };
            refreshWith(await requestApi.addSigner(email, name || undefined));
          },
        }),
    });
  if (isAccount && allowed.includes('withdraw'))
    actions.push({
      key: 'withdraw',
      label: t('sign.actions.withdraw'),
      run: () =>
        dialogs.open({
          namespace: 'document',
          name: 'withdraw',
          onAction: async (values) =>
            refreshWith(await requestApi.withdraw((values as { message: string }).message)),
        }),
    });
  if (actions.length === 0) return null;
  return (
    <Panel id="actions-heading" heading={t('sign.view.moreActions')}>
      <div className="flex flex-wrap gap-2">
        {actions.map((action) => (
          <Button key={action.key} variant="secondary" size="sm" onClick={action.run}>
            {action.label}
          </Button>
        ))}
      </div>
    </Panel>
  );
}

export function RequestView({
  requestApi,
  redirects,
  signPanel,
  visualSignatureId,
  signBlockedReason,
  onSignedWithoutExit,
  onDeclinedWithoutExit,
  notAvailablePath,
}: RequestViewProps) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const isDirect = requestApi.source.kind === 'direct';
  const query = useQuery({
    queryKey: requestApi.queryKey,
    queryFn: ({ signal }) => requestApi.getRequest(signal),
    refetchInterval: (q) => (isDirect ? directPollInterval(q.state.data?.status) : false),
  });
  const flow = useSignFlow({
    requestApi,
    redirects,
    visualSignatureId,
    onSignedWithoutExit,
    onDeclinedWithoutExit,
  });

  if (query.isPending) return <Spinner label={t('app.loading')} />;
  if (query.isError) {
    const status = (query.error as { status?: number }).status;
    if ((status === 404 || status === 403) && notAvailablePath)
      return <Navigate to={notAvailablePath} replace />;
    return (
      <FormAlert
        message={t(
          status === 404 || status === 403 ? 'sign.view.notAvailable' : describeApiError(query.error),
        )}
      />
    );
  }
  const request = query.data;
  const allowed = request.you.allowedActions;
  const canSign = allowed.includes('sign');
  const canDecline = allowed.includes('decline');
  const openDecline = () =>
    dialogs.open({
      namespace: 'default',
      name: 'decline',
      onAction: (values) => flow.decline((values as { message: string }).message),
    });

  return (
    <div className={`flex flex-col gap-6 ${canSign || canDecline ? 'pb-28 lg:pb-0' : ''}`}>
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold break-words">{request.title}</h1>
          <StatusBadge status={request.status} kind="request" />
        </div>
        <p className="text-muted">
          {t('sign.view.from', {
            name: `${request.owner.firstName} ${request.owner.lastName}`.trim() || request.owner.email,
          })}
        </p>
        {request.message && (
          <p className="rounded-md bg-white p-3 whitespace-pre-line ring-1 ring-line">{request.message}</p>
        )}
        {request.endMessage && (
          <p
            className="rounded-md bg-white p-3 whitespace-pre-line ring-1 ring-line"
            data-testid="end-message"
          >
            {request.endMessage}
          </p>
        )}
      </header>
      {!canSign && <ExitNotice requestId={request.id} redirects={redirects} />}
      <div className="flex flex-col gap-6 lg:flex-row lg:items-start">
        <div className="min-w-0 flex-1">
          <DocumentPages request={request} requestApi={requestApi} />
        </div>
        <aside className="flex flex-col gap-4 lg:sticky lg:top-4 lg:w-80" aria-label={t('sign.view.details')}>
          {canSign && signPanel}
          <SignerList request={request} />
          <Downloads request={request} requestApi={requestApi} />
          <OtherActions request={request} requestApi={requestApi} />
          {allowed.includes('view_events') && <EventList requestApi={requestApi} />}
        </aside>
      </div>
      {(canSign || canDecline) && (
        <div
          role="region"
          aria-label={t('sign.view.signBar')}
          className="fixed inset-x-0 bottom-0 z-10 flex flex-col gap-2 border-t border-line bg-white p-3 shadow-[0_-2px_8px_rgba(0,0,0,0.08)] lg:static lg:rounded-lg lg:border lg:shadow-none"
        >
          {signBlockedReason && canSign && <p className="text-sm text-muted">{signBlockedReason}</p>}
          <div className="flex gap-2">
            {canDecline && (
              <Button variant="secondary" size="lg" className="flex-1 lg:flex-none" onClick={openDecline}>
                {t('sign.actions.decline')}
              </Button>
            )}
            {canSign && (
              <Button
                size="lg"
                className="flex-[2] lg:flex-none"
                disabled={Boolean(signBlockedReason)}
                onClick={() => void flow.startSigning()}
              >
                {t('sign.actions.sign')}
              </Button>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
