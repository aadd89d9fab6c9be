// What may be done with a request besides signing: downloads (documents, zip, the signature
// protocol) and the other actions of `you.allowedActions` (delegate; for the owner remind, add an
// observer or a signer, withdraw), each through its dialog.
import type { SignatureRequest } from '@countersign/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { useDialogs } from '../../features/dialogs/dialog-store.js';
import { ActionFailure } from '../../features/errors/action-failure.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';
import { downloadFile, isNotFound } from '../../features/signing/binary.js';
import type { DownloadKind, RequestApi } from '../../features/signing/request-api.js';
import { useSnackbars } from '../../features/snackbars/snackbar-store.js';
import { Panel } from './request-parts.js';

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

/** The signed copy's name, as the server gives it, so it never replaces the unsigned file. */
function signedName(fileName: string): string {
  return `${fileName.replace(/\.pdf$/i, '')}-signed.pdf`;
}

/** A download in the list: a small text button whose label stays left-aligned when it wraps. */
const downloadLink = { variant: 'text', size: 'sm', className: 'text-left' } as const;

export function Downloads({ request, requestApi }: { request: SignatureRequest; requestApi: RequestApi }) {
  const { t } = useTranslation();
  const download = useDownload(requestApi);
  const allowed = request.you.allowedActions;
  // A signed revision exists once someone has signed (the first revisions only add empty fields).
  const hasSigned = request.signatures.some((s) => s.status === 'signed');
  if (!allowed.includes('download') && !allowed.includes('download_report')) return null;
  return (
    <Panel id="downloads-heading" heading={t('sign.view.downloads')}>
      <ul className="flex flex-col gap-2">
        {allowed.includes('download') &&
          request.documents.map((document) => (
            <li key={document.id} className="flex flex-wrap gap-x-4 gap-y-1">
              <Button
                {...downloadLink}
                onClick={() => void download('original', document.fileName, document.id)}
              >
                {t('sign.view.downloadOriginal', { title: document.title })}
              </Button>
              {hasSigned && (
                <Button
                  {...downloadLink}
                  onClick={() => void download('signed', signedName(document.fileName), document.id)}
                >
                  {t('sign.view.downloadSigned', { title: document.title })}
                </Button>
              )}
            </li>
          ))}
        {allowed.includes('download') && (
          <li className="flex flex-wrap gap-x-4 gap-y-1">
            <Button {...downloadLink} onClick={() => void download('zip', `${request.title}.zip`)}>
              {t('sign.view.downloadZip')}
            </Button>
            {hasSigned && (
              <Button {...downloadLink} onClick={() => void download('zip-signed', `${request.title}.zip`)}>
                {t('sign.view.downloadZipSigned')}
              </Button>
            )}
          </li>
        )}
        {allowed.includes('download_report') && (
          <li>
            <Button
              {...downloadLink}
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

export function OtherActions({ request, requestApi }: { request: SignatureRequest; requestApi: RequestApi }) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const snackbars = useSnackbars();
  const queryClient = useQueryClient();
  const allowed = request.you.allowedActions;
  const refreshWith = (next: SignatureRequest): void => {
    queryClient.setQueryData(requestApi.queryKey, next);
  };
  const isAccount = requestApi.source.kind === 'account';
  // Spec 8: a failed remind or addition is announced with its own message; a dialog stays open
  // and shows the precise reason beside it.
  const announceFailure = (error: unknown): void => {
    const key = error instanceof ActionFailure ? error.messageKey : describeApiError(error);
    snackbars.show({ message: t(key), color: 'error' });
  };
  const failLoudly = async (run: () => Promise<void>): Promise<void> => {
    try {
      await run();
    } catch (error) {
      announceFailure(error);
      throw error;
    }
  };
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
          .catch(announceFailure),
    });
  if (isAccount && allowed.includes('add_observer'))
    actions.push({
      key: 'add-observer',
      label: t('sign.actions.addObserver'),
      run: () =>
        dialogs.open({
          namespace: 'document',
          name: 'add-observer',
          onAction: async (values) => {
            const { email } = values as { email: string };
            await failLoudly(async () => refreshWith(await requestApi.addObserver(email)));
            snackbars.show({ message: t('sign.actions.observerAdded', { email }), color: 'success' });
          },
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
          onAction: (values) =>
            failLoudly(async () => {
              const { email, name } = values as { email: string; name: string };
              refreshWith(await requestApi.addSigner(email, name || undefined));
            }),
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
