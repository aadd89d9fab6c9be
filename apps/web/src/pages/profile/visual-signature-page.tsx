// /profile/visual-signature: the user's visual signatures with their previews; create, edit, make
// default, delete (dialog `visual-signature: delete signature`) and custom images (spec 2, 3, 7).
import { visualSignatureEndpoints } from '@countersign/contract';
import type { User, VisualSignature, VisualSignatureInput } from '@countersign/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { PageHeading } from '../../components/page-heading.js';
import { useDialogs } from '../../features/dialogs/dialog-store.js';
import { CallStatus } from '../../features/errors/call-status.js';
import { useSession } from '../../features/session/session-provider.js';
import { useSnackbars } from '../../features/snackbars/snackbar-store.js';
import { describeVisualError } from '../../features/visual-signatures/describe-visual-error.js';
import { PreviewBox } from '../../features/visual-signatures/preview-image.js';
import { SignatureEditor } from '../../features/visual-signatures/signature-editor.js';
import { asDefaultInput } from '../../features/visual-signatures/signature-form-values.js';
import { usePreviewImage } from '../../features/visual-signatures/use-preview-image.js';
import {
  visualSignatureKeys,
  visualSignaturesQuery,
} from '../../features/visual-signatures/visual-signature-queries.js';

type Editing = { mode: 'none' } | { mode: 'create' } | { mode: 'edit'; id: string };

function SignatureCard({
  signature,
  onEdit,
  onMakeDefault,
  onDelete,
  isBusy,
}: {
  signature: VisualSignature;
  onEdit(): void;
  onMakeDefault(): void;
  onDelete(): void;
  isBusy: boolean;
}) {
  const { t } = useTranslation();
  const preview = usePreviewImage({ id: signature.id }, 0, signature.updatedAt ?? '');
  const alias = signature.alias;
  return (
    <li
      className="flex flex-col gap-3 rounded-lg border border-line bg-white p-4"
      data-testid="visual-signature"
      aria-label={alias}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-base font-semibold break-all">{alias}</h2>
        {signature.isDefault && (
          <span className="rounded-full bg-primary/10 px-2 py-0.5 text-xs font-semibold text-primary-dark">
            {t('profile.visual.isDefault')}
          </span>
        )}
        {signature.hasCustomImage && (
          <span className="rounded-full bg-canvas px-2 py-0.5 text-xs text-muted">
            {t('profile.visual.hasImage')}
          </span>
        )}
      </div>
      <PreviewBox preview={preview} alt={t('profile.visual.previewAlt', { alias })} />
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          aria-label={t('profile.visual.editLabel', { alias })}
          onClick={onEdit}
        >
          {t('profile.visual.edit')}
        </Button>
        {!signature.isDefault && (
          <Button
            variant="secondary"
            size="sm"
            isBusy={isBusy}
            aria-label={t('profile.visual.setDefaultLabel', { alias })}
            onClick={onMakeDefault}
          >
            {t('profile.visual.setDefault')}
          </Button>
        )}
        <Button
          variant="text"
          size="sm"
          aria-label={t('profile.visual.removeLabel', { alias })}
          onClick={onDelete}
        >
          {t('profile.visual.remove')}
        </Button>
      </div>
    </li>
  );
}

export function VisualSignaturePage() {
  const { user } = useSession();
  return user ? <VisualSignatures user={user} /> : null;
}

function VisualSignatures({ user }: { user: User }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const queryClient = useQueryClient();
  const snackbars = useSnackbars();
  const dialogs = useDialogs();
  const [editing, setEditing] = useState<Editing>({ mode: 'none' });
  const newButtonId = useId();
  const list = useQuery(visualSignaturesQuery(api));
  const listKey = visualSignatureKeys.list;
  const items = list.data?.items ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: listKey });
  const replaceItem = (saved: VisualSignature) =>
    queryClient.setQueryData(listKey, (old: { items: VisualSignature[] } | undefined) =>
      old ? { items: old.items.map((item) => (item.id === saved.id ? saved : item)) } : old,
    );

  const save = useMutation({
    mutationFn: (input: VisualSignatureInput) =>
      editing.mode === 'edit'
        ? api.call(visualSignatureEndpoints.updateVisualSignature, {
            params: { id: editing.id },
            body: input,
          })
        : api.call(visualSignatureEndpoints.createVisualSignature, { body: input }),
    onSuccess: async () => {
      snackbars.show({
        message: t(editing.mode === 'edit' ? 'profile.visual.updated' : 'profile.visual.created'),
        color: 'success',
      });
      setEditing({ mode: 'none' });
      await refresh();
    },
  });
  const makeDefault = useMutation({
    mutationFn: (signature: VisualSignature) =>
      api.call(visualSignatureEndpoints.updateVisualSignature, {
        params: { id: signature.id },
        body: asDefaultInput(signature, user.permissions.visualSignatures),
      }),
    onSuccess: async (saved) => {
      snackbars.show({
        message: t('profile.visual.defaultChanged', { alias: saved.alias }),
        color: 'success',
      });
      await refresh();
    },
  });

  const startEditing = (next: Editing) => {
    save.reset();
    setEditing(next);
  };
  const openDelete = (signature: VisualSignature) =>
    dialogs.open({
      namespace: 'visual-signature',
      name: 'delete-signature',
      props: { alias: signature.alias },
      onAction: async () => {
        await api.call(visualSignatureEndpoints.deleteVisualSignature, { params: { id: signature.id } });
        if (editing.mode === 'edit' && editing.id === signature.id) setEditing({ mode: 'none' });
        snackbars.show({ message: t('profile.visual.deleted'), color: 'success' });
        await refresh();
      },
    });
  const edited = editing.mode === 'edit' ? items.find((item) => item.id === editing.id) : undefined;

  // When the editor closes (saved, cancelled), focus goes back to where creating starts rather
  // than being lost with the editor's fields.
  const hadEditor = useRef(false);
  useEffect(() => {
    if (editing.mode !== 'none') hadEditor.current = true;
    else if (hadEditor.current) document.getElementById(newButtonId)?.focus();
  }, [editing.mode, newButtonId]);

  return (
    <>
      <PageHeading lead={t('profile.visual.lead')}>{t('profile.visual.heading')}</PageHeading>
      <CallStatus isLoading={list.isPending} error={list.error} />
      <FormAlert message={makeDefault.error ? t(describeVisualError(makeDefault.error)) : null} />
      {list.isSuccess && items.length === 0 && <p className="mb-4 text-muted">{t('profile.visual.empty')}</p>}
      {items.length > 0 && (
        <ul
          aria-label={t('profile.visual.listLabel')}
          className="mb-6 grid gap-4 sm:grid-cols-[repeat(auto-fill,minmax(300px,1fr))]"
        >
          {items.map((signature) => (
            <SignatureCard
              key={signature.id}
              signature={signature}
              isBusy={makeDefault.isPending && makeDefault.variables.id === signature.id}
              onEdit={() => startEditing({ mode: 'edit', id: signature.id })}
              onMakeDefault={() => makeDefault.mutate(signature)}
              onDelete={() => openDelete(signature)}
            />
          ))}
        </ul>
      )}
      {editing.mode === 'none' && list.isSuccess && (
        <Button id={newButtonId} onClick={() => startEditing({ mode: 'create' })}>
          {t('profile.visual.create')}
        </Button>
      )}
      {(editing.mode === 'create' || edited) && (
        <SignatureEditor
          key={edited?.id ?? 'new'}
          user={user}
          signature={edited}
          isFirst={items.length === 0}
          isSaving={save.isPending}
          saveError={save.error}
          onSave={(input) => save.mutate(input)}
          onCancel={() => setEditing({ mode: 'none' })}
          onImageChanged={replaceItem}
        />
      )}
    </>
  );
}
