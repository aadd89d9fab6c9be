// The draft on the upload screen: documents, title, message and deadline, signature level, signers and
// observers, field placement, then save as draft or send (POST .../initiate). The working copy
// lives here and is written back only on save or send, so editing stays instant.
import { signatureRequestEndpoints } from '@countersign/contract';
import type { SignatureRequest } from '@countersign/contract';
import type { Placement } from '@countersign/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { ActionFailure } from '../../features/errors/action-failure.js';
import { useSnackbars } from '../../features/snackbars/snackbar-store.js';
import { requestListKey } from '../dashboard/request-list-key.js';
import { addFilesToDraft, draftQueryKey, saveDraft } from './draft-actions.js';
import { deadlineBounds, draftModelOf, sendBlockerOf } from './draft-model.js';
import type { DraftModel } from './draft-model.js';
import { DocumentsPanel } from './documents-panel.js';
import { LevelPicker } from './level-picker.js';
import { PlacementEditor } from './placement-editor.js';
import { RecipientsPanel } from './recipients-panel.js';
import { describeUploadError } from './upload-errors.js';
import { useSizeCheckedUpload } from './upload-limit.js';

function Card({ children }: { children: ReactNode }) {
  return <div className="flex flex-col gap-4 rounded-lg border border-line bg-white/60 p-4">{children}</div>;
}

export function DraftEditor({
  request,
  intro,
  isInvite = false,
  extraActions,
}: {
  request: SignatureRequest;
  intro?: ReactNode;
  /** /invite/{id}: the documents and details are settled; only recipients and fields remain */
  isInvite?: boolean;
  extraActions?: ReactNode;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const snackbars = useSnackbars();
  const [model, setModel] = useState<DraftModel>(() => draftModelOf(request));
  const [problem, setProblem] = useState<string | null>(null);
  // Once Send was pressed, what still blocks sending follows the draft: it goes away as soon as
  // the title or the first signer is there, instead of staying until the next press.
  const [hasTriedSend, setTriedSend] = useState(false);
  const blocker = hasTriedSend ? sendBlockerOf(model) : null;
  const [deadlineLimits] = useState(() => deadlineBounds(new Date()));
  const fieldId = useId();
  const change = (patch: Partial<DraftModel>) => setModel((current) => ({ ...current, ...patch }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: draftQueryKey(request.id) });
  const fail = (error: unknown) => {
    setProblem(t(describeUploadError(error)));
    // spec 8: a signer who could not be added is also announced with its own message
    if (error instanceof ActionFailure) snackbars.show({ message: t(error.messageKey), color: 'error' });
  };

  const addFiles = useMutation({
    mutationFn: (files: File[]) => addFilesToDraft(api, request.id, files),
    onMutate: () => setProblem(null),
    onSuccess: refresh,
    onError: fail,
  });
  const uploadFiles = useSizeCheckedUpload(setProblem, (files) => addFiles.mutate(files));
  const save = useMutation({
    mutationFn: async (isSend: boolean) => {
      const saved = await saveDraft(api, request, model);
      return isSend
        ? api.call(signatureRequestEndpoints.initiateSignatureRequest, { params: { id: request.id } })
        : saved;
    },
    onMutate: () => setProblem(null),
    onSuccess: async (saved, isSend) => {
      queryClient.setQueryData(draftQueryKey(request.id), saved);
      await queryClient.invalidateQueries({ queryKey: requestListKey });
      snackbars.show({ message: t(isSend ? 'send.sent' : 'send.saved'), color: 'success' });
      if (isSend) void navigate('/dashboard?tab=inbox&q=');
    },
    onError: fail,
  });
  const send = () => {
    setTriedSend(true);
    if (sendBlockerOf(model)) setProblem(null);
    else save.mutate(true);
  };
  const place = (email: string, documentId: string, placement: Placement | null) =>
    change({
      signers: model.signers.map((signer) =>
        signer.email === email
          ? { ...signer, placements: { ...signer.placements, [documentId]: placement } }
          : signer,
      ),
    });
  const isBusy = save.isPending || addFiles.isPending;

  return (
    <div className="flex flex-col gap-6">
      {intro}
      {!isInvite && (
        <Card>
          <DocumentsPanel
            request={request}
            isBusy={isBusy}
            onAddFiles={uploadFiles}
            onChanged={() => void refresh()}
            onError={fail}
          />
        </Card>
      )}
      <Card>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t('send.details.title')}
          <input
            className="rounded-md border border-line bg-white px-3 py-2 text-base font-normal"
            value={model.title}
            maxLength={200}
            onChange={(event) => change({ title: event.target.value })}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t('send.details.message')}
          <textarea
            className="min-h-24 rounded-md border border-line bg-white px-3 py-2 text-base font-normal"
            value={model.message}
            maxLength={5000}
            onChange={(event) => change({ message: event.target.value })}
          />
        </label>
        <div className="flex flex-col gap-1 text-sm">
          <label htmlFor={`${fieldId}-deadline`} className="font-semibold">
            {t('send.details.deadline')}
          </label>
          <input
            id={`${fieldId}-deadline`}
            type="date"
            className="rounded-md border border-line bg-white px-3 py-2 text-base"
            value={model.expiresOn}
            min={deadlineLimits.min}
            max={deadlineLimits.max}
            aria-describedby={`${fieldId}-deadline-hint`}
            onChange={(event) => change({ expiresOn: event.target.value })}
          />
          <span id={`${fieldId}-deadline-hint`} className="text-muted">
            {t('send.details.deadlineHint')}
          </span>
        </div>
        <LevelPicker
          value={{ quality: model.quality, legislation: model.legislation }}
          onChange={(choice) => change(choice)}
        />
      </Card>
      <Card>
        <RecipientsPanel
          signers={model.signers}
          observers={model.observers}
          onSignersChange={(signers) => change({ signers })}
          onObserversChange={(observers) => change({ observers })}
        />
      </Card>
      <Card>
        <PlacementEditor documents={request.documents} signers={model.signers} onPlace={place} />
      </Card>
      <FormAlert message={blocker ? t(`send.errors.${blocker}`) : problem} />
      <div className="flex flex-wrap gap-3">
        <Button onClick={send} isBusy={save.isPending && save.variables} disabled={isBusy}>
          {t('send.actions.send')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => save.mutate(false)}
          isBusy={save.isPending && !save.variables}
          disabled={isBusy}
        >
          {t('send.actions.saveDraft')}
        </Button>
        {extraActions}
      </div>
    </div>
  );
}
