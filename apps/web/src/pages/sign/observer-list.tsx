// The observers of a request, as the server lists them to the caller (it hides nothing from
// anyone who may view the request). The owner may remove one while `you.allowedActions` has
// `remove_observer` (a draft or an open request): a confirmation dialog runs the DELETE and the
// page takes the request it answers with.
import type { SignatureRequest } from '@countersign/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.js';
import { useDialogs } from '../../features/dialogs/dialog-store.js';
import type { RequestApi } from '../../features/signing/request-api.js';
import { useSnackbars } from '../../features/snackbars/snackbar-store.js';
import { Panel } from './request-parts.js';

type Observer = SignatureRequest['observers'][number];

export function ObserverList({ request, requestApi }: { request: SignatureRequest; requestApi: RequestApi }) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const snackbars = useSnackbars();
  const queryClient = useQueryClient();
  const canRemove =
    requestApi.source.kind === 'account' && request.you.allowedActions.includes('remove_observer');
  if (request.observers.length === 0) return null;

  const confirmRemoval = (observer: Observer) =>
    dialogs.open({
      namespace: 'document',
      name: 'remove-observer',
      props: { email: observer.email },
      onAction: async () => {
        try {
          queryClient.setQueryData(requestApi.queryKey, await requestApi.removeObserver(observer.id));
        } catch (error) {
          // Removed by someone else, or the request ended meanwhile: the list should say so; the
          // dialog stays open with the reason.
          void queryClient.invalidateQueries({ queryKey: requestApi.queryKey, exact: true });
          throw error;
        }
        snackbars.show({
          message: t('sign.actions.observerRemoved', { email: observer.email }),
          color: 'success',
        });
      },
    });

  return (
    <Panel id="observers-heading" heading={t('sign.view.observers')}>
      <ul className="flex flex-col gap-2">
        {request.observers.map((observer) => (
          <li
            key={observer.id}
            className="flex flex-wrap items-center justify-between gap-2"
            data-testid="observer"
          >
            <span className="min-w-0 [overflow-wrap:anywhere]">{observer.email}</span>
            {canRemove && (
              <Button
                variant="text"
                size="sm"
                aria-label={t('sign.actions.removeObserverOf', { email: observer.email })}
                onClick={() => confirmRemoval(observer)}
              >
                {t('sign.actions.removeObserver')}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </Panel>
  );
}
