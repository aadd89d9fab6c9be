// Preparing a request in steps: documents (with title, message, deadline and level), recipients,
// fields (the lazily loaded canvas editor), review and send. The working copy saves as it
// changes (use-autosave.ts), leaving with a change not yet saved asks first (use-leave-guard.ts),
// and sending with a signer who has no signature field asks whether an invisible signature is
// meant.
import { signatureRequestEndpoints } from '@countersign/contract';
import type { SignatureRequest } from '@countersign/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { onDemand, useReadyWhenLoaded } from './on-demand.js';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { Spinner } from '../../components/spinner.js';
import { useOfferSatisfactionSurvey } from '../../features/business/satisfaction-survey.js';
import { useDialogs } from '../../features/dialogs/dialog-store.js';
import { ActionFailure } from '../../features/errors/action-failure.js';
import { useSnackbars } from '../../features/snackbars/snackbar-store.js';
import { requestListKey } from '../../features/requests/request-queries.js';
import { addFilesToDraft, draftQueryKey } from './draft-actions.js';
import { draftModelOf, sendBlockerOf } from './draft-model.js';
import type { DraftModel } from './draft-model.js';
import { DetailsPanel } from './details-panel.js';
import { DocumentsPanel } from './documents-panel.js';
import { StepNav, stepOf, stepsFor } from './draft-steps.js';
import type { DraftStep } from './draft-steps.js';
import { RecipientsPanel } from './recipients-panel.js';
import { ReviewStep, signersSigningInvisibly } from './review-step.js';
import { SaveAsTemplateButton } from './save-as-template.js';
import { describeUploadError } from './upload-errors.js';
import { useSizeCheckedUpload } from './upload-limit.js';
import { readBackup } from './draft-backup.js';
import { useAutosave } from './use-autosave.js';
import type { SaveState } from './use-autosave.js';
import { useLeaveGuard } from './use-leave-guard.js';
import type { FieldEditor as FieldEditorScreen } from './field-editor/field-editor.js';

/** The field editor's chunk; asked for early when the address already names the fields step. */
export const fieldEditorCode = onDemand(() => import('./field-editor/field-editor.js'));

/** The field editor once its chunk is in (a spinner until then). */
function FieldEditor(props: ComponentProps<typeof FieldEditorScreen>) {
  const { t } = useTranslation();
  const code = fieldEditorCode.current();
  useReadyWhenLoaded(code !== undefined, fieldEditorCode.load);
  return code ? <code.FieldEditor {...props} /> : <Spinner label={t('send.fields.loading')} />;
}

function Card({ children }: { children: ReactNode }) {
  return <div className="flex flex-col gap-4 rounded-lg border border-line bg-white/60 p-4">{children}</div>;
}

function SaveStatus({ state }: { state: SaveState }) {
  const { t } = useTranslation();
  return (
    <p role="status" className={`text-sm ${state === 'failed' ? 'text-error' : 'text-muted'}`}>
      {t(`send.save.${state}`)}
    </p>
  );
}

/** Fields of documents no longer in the draft go with them. */
function withDocumentsOf(model: DraftModel, request: SignatureRequest): DraftModel {
  const ids = new Set(request.documents.map((d) => d.id));
  const fields = model.fields.filter((f) => ids.has(f.documentId));
  return fields.length === model.fields.length ? model : { ...model, fields };
}

export function DraftEditor({
  request,
  isInvite = false,
  extraActions,
}: {
  request: SignatureRequest;
  /** /invite/{id}: the documents and details are settled; only recipients and fields remain */
  isInvite?: boolean;
  extraActions?: ReactNode;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const snackbars = useSnackbars();
  const dialogs = useDialogs();
  const offerSurvey = useOfferSatisfactionSurvey();
  const [params, setParams] = useSearchParams();
  const steps = stepsFor(isInvite);
  const step = stepOf(params.get('step'), steps);
  const [savedModel] = useState(() => draftModelOf(request));
  const [model, setModel] = useState<DraftModel>(() => readBackup(request.id) ?? savedModel);
  const [problem, setProblem] = useState<string | null>(null);
  const [hasTriedSend, setTriedSend] = useState(false);
  const blocker = hasTriedSend ? sendBlockerOf(model, request.documents.length) : null;
  const autosave = useAutosave(request, model, savedModel);
  const isSent = useRef(false);
  useLeaveGuard(autosave.isDirty, () => !isSent.current && autosave.isDirtyNow());
  const change = (patch: Partial<DraftModel>) => setModel((current) => ({ ...current, ...patch }));
  useEffect(() => setModel((current) => withDocumentsOf(current, request)), [request]);
  // spec 8: a signer who could not be added is announced with its own message
  useEffect(() => {
    if (autosave.error instanceof ActionFailure)
      snackbars.show({ message: t(autosave.error.messageKey), color: 'error' });
  }, [autosave.error, snackbars, t]);

  const goTo = (next: DraftStep) => {
    const copy = new URLSearchParams(params);
    copy.set('step', next);
    setParams(copy);
    window.scrollTo?.({ top: 0 });
  };
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
  const send = useMutation({
    mutationFn: async () => {
      await autosave.saveNow();
      return api.call(signatureRequestEndpoints.initiateSignatureRequest, { params: { id: request.id } });
    },
    onMutate: () => setProblem(null),
    onSuccess: async (sent) => {
      isSent.current = true;
      queryClient.setQueryData(draftQueryKey(request.id), sent);
      await queryClient.invalidateQueries({ queryKey: requestListKey });
      snackbars.show({ message: t('send.sent'), color: 'success' });
      void navigate('/dashboard?tab=inbox&q=');
      // a person of a business is asked once, after their first send, how it went (ADR 059)
      void offerSurvey();
    },
    onError: fail,
  });
  const trySend = () => {
    setTriedSend(true);
    if (sendBlockerOf(model, request.documents.length)) return setProblem(null);
    const invisible = signersSigningInvisibly(model, request);
    if (invisible.length === 0) return send.mutate();
    dialogs.open({
      namespace: 'document',
      name: 'invisible-signature',
      props: { names: invisible.join(', ') },
      onAction: () => send.mutate(),
    });
  };
  const index = steps.indexOf(step);
  const previous = steps[index - 1];
  const next = steps[index + 1];
  const isBusy = send.isPending || addFiles.isPending;

  return (
    <div className="flex flex-col gap-6">
      <StepNav steps={steps} current={step} onGo={goTo} status={<SaveStatus state={autosave.state} />} />
      <h2 className="text-xl font-semibold">{t(`send.flow.${step}`)}</h2>
      {step === 'documents' && (
        <>
          <Card>
            <DocumentsPanel
              request={request}
              isBusy={isBusy}
              onAddFiles={uploadFiles}
              onChanged={() => void refresh()}
            />
          </Card>
          <Card>
            <DetailsPanel model={model} onChange={change} />
          </Card>
        </>
      )}
      {step === 'recipients' && (
        <Card>
          <RecipientsPanel
            signers={model.signers}
            observers={model.observers}
            onSignersChange={(signers) =>
              change({
                signers,
                // a removed signer's fields go with them
                fields: model.fields.filter((f) => signers.some((s) => s.email === f.signerEmail)),
              })
            }
            onObserversChange={(observers) => change({ observers })}
          />
        </Card>
      )}
      {step === 'fields' && (
        <FieldEditor
          documents={request.documents}
          signers={model.signers}
          fields={model.fields}
          onChange={(fields) => change({ fields })}
        />
      )}
      {step === 'review' && <ReviewStep model={model} request={request} />}
      <FormAlert
        message={
          blocker
            ? t(`send.errors.${blocker}`)
            : (problem ?? (autosave.state === 'failed' ? t(describeUploadError(autosave.error)) : null))
        }
      />
      <div className="flex flex-wrap gap-3">
        {previous && (
          <Button variant="secondary" onClick={() => goTo(previous)}>
            {t('send.flow.back')}
          </Button>
        )}
        {next ? (
          <Button onClick={() => goTo(next)}>{t('send.flow.next', { step: t(`send.flow.${next}`) })}</Button>
        ) : (
          <>
            <Button onClick={trySend} isBusy={send.isPending} disabled={isBusy}>
              {t('send.actions.send')}
            </Button>
            <SaveAsTemplateButton
              requestId={request.id}
              name={model.title}
              saveFirst={autosave.saveNow}
              onError={fail}
              disabled={isBusy}
            />
          </>
        )}
        {extraActions}
      </div>
    </div>
  );
}
