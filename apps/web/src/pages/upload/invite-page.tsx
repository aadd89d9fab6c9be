// /invite/{id} (business members): add signers and observers to a draft whose documents are
// settled, place their fields and send. Spec 2: arriving from /upload marks the upload step
// as skipped, which the step list says.
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { PageHeading } from '../../components/page-heading.js';
import { DraftEditor } from './draft-editor.js';
import { DraftGate } from './draft-gate.js';
import { useDraft } from './use-draft.js';

export function isArrivingFromUpload(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { from?: unknown }).from === '/upload';
}

export function InvitePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const location = useLocation();
  const draft = useDraft(id);
  const isUploadSkipped = isArrivingFromUpload(location.state);
  return (
    <>
      <PageHeading lead={t('send.invite.lead')}>{t('send.invite.heading')}</PageHeading>
      <ol aria-label={t('send.invite.steps')} className="mb-6 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <li data-testid="upload-step">
          {t('send.invite.stepUpload')}: {isUploadSkipped ? t('send.invite.skipped') : t('send.invite.done')}
        </li>
        <li aria-current="step" className="font-semibold">
          {t('send.invite.stepInvite')}
        </li>
      </ol>
      <DraftGate draft={draft}>
        {(request) => <DraftEditor key={request.id} request={request} isInvite />}
      </DraftGate>
    </>
  );
}
