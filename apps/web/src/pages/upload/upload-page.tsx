// /upload: drop or pick PDFs, which become a draft at once (so the server checks them and
// renders their pages); then the draft editor, reachable again at /upload?draft={id} from the
// dashboard's drafts. Spec 2 keeps users of the new free plan away (route guard, to /).
import { NEW_FREE_ACCOUNT_TYPES } from '@countersign/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useServices } from '../../app/services.js';
import { buttonClasses } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { PageHeading } from '../../components/page-heading.js';
import { useSession } from '../../features/session/session-provider.js';
import { createDraftFromFiles, draftQueryKey } from './draft-actions.js';
import { useSizeCheckedUpload } from './upload-limit.js';
import { DraftEditor, fieldEditorCode } from './draft-editor.js';
import { DraftGate } from './draft-gate.js';
import { DropZone } from './drop-zone.js';
import { describeUploadError } from './upload-errors.js';
import { useDraft } from './use-draft.js';

function NewUpload() {
  const { t } = useTranslation();
  const { api } = useServices();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { user } = useSession();
  const [problem, setProblem] = useState<string | null>(null);
  const defaults = user
    ? { quality: user.attributes.defaultQuality, legislation: user.attributes.defaultLegislation }
    : undefined;
  const create = useMutation({
    mutationFn: (files: File[]) => createDraftFromFiles(api, files, defaults),
    onMutate: () => setProblem(null),
    onSuccess: (request) => {
      queryClient.setQueryData(draftQueryKey(request.id), request);
      void navigate(`/upload?draft=${encodeURIComponent(request.id)}`, { replace: true });
    },
    onError: (error) => setProblem(t(describeUploadError(error))),
  });
  const upload = useSizeCheckedUpload(setProblem, (files) => create.mutate(files));
  return (
    <div className="flex flex-col gap-4">
      <DropZone label={t('send.drop.choose')} onFiles={upload} isBusy={create.isPending} />
      <FormAlert message={problem} />
    </div>
  );
}

export function UploadPage() {
  const { t } = useTranslation();
  const { role, user } = useSession();
  const [params] = useSearchParams();
  const draftId = params.get('draft');
  const isNewFreePlan = NEW_FREE_ACCOUNT_TYPES.includes(user?.attributes.freeAccountType ?? '');
  const draft = useDraft(isNewFreePlan ? null : draftId);
  const isFieldsStep = params.get('step') === 'fields';
  // opened on the fields step (a reload, a link): the editor's chunk loads beside the draft
  useEffect(() => {
    if (isFieldsStep) fieldEditorCode.load().catch(() => undefined);
  }, [isFieldsStep]);
  if (isNewFreePlan) return <Navigate to="/" replace />;
  return (
    <>
      <PageHeading lead={t('send.lead')}>{t('send.heading')}</PageHeading>
      {draftId ? (
        <DraftGate draft={draft}>
          {(request) => (
            <DraftEditor
              key={request.id}
              request={request}
              extraActions={
                role === 'member' || role === 'admin' ? (
                  <Link
                    to={`/invite/${encodeURIComponent(request.id)}`}
                    state={{ from: '/upload' }}
                    className={buttonClasses('text')}
                  >
                    {t('send.invite.continue')}
                  </Link>
                ) : undefined
              }
            />
          )}
        </DraftGate>
      ) : (
        <NewUpload />
      )}
    </>
  );
}
