// The custom image of a saved visual signature: pick a PNG or JPEG (checked here for type and
// size before it is sent), or remove the one there is.
import type { VisualSignature } from '@countersign/contract';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import type { MessageKey } from '../errors/describe-api-error.js';
import { useSnackbars } from '../snackbars/snackbar-store.js';
import { describeVisualError } from './describe-visual-error.js';
import {
  IMAGE_TYPES,
  refuseImageFile,
  removeSignatureImage,
  uploadSignatureImage,
} from './visual-signature-api.js';

export function SignatureImageField({
  signature,
  onChanged,
}: {
  signature: VisualSignature;
  onChanged(signature: VisualSignature): void;
}) {
  const { t } = useTranslation();
  const { fetch, session } = useServices();
  const snackbars = useSnackbars();
  const inputId = useId();
  const [refusal, setRefusal] = useState<MessageKey | null>(null);
  const change = useMutation({
    mutationFn: (file: File | null) =>
      file
        ? uploadSignatureImage({ fetch, session }, signature.id, file, file.name)
        : removeSignatureImage({ fetch, session }, signature.id),
    onSuccess: (saved, file) => {
      onChanged(saved);
      snackbars.show({
        message: t(file ? 'profile.visual.imageUploaded' : 'profile.visual.imageRemoved'),
        color: 'success',
      });
    },
  });

  const pick = (file: File | undefined) => {
    if (!file) return;
    const refused = refuseImageFile(file);
    setRefusal(refused);
    if (!refused) change.mutate(file);
  };
  const error = refusal ?? (change.error ? describeVisualError(change.error) : null);

  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-semibold">{t('profile.visual.imageHeading')}</h3>
      <p id={`${inputId}-hint`} className="text-sm text-muted">
        {t('profile.visual.imageHint')}
      </p>
      <label htmlFor={inputId} className="text-sm font-semibold">
        {t('profile.visual.imageUpload')}
      </label>
      <input
        id={inputId}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        aria-describedby={`${inputId}-hint`}
        disabled={change.isPending}
        className="max-w-full text-sm file:mr-2 file:rounded-md file:border file:border-primary file:bg-white file:px-3 file:py-1 file:text-primary-dark"
        onChange={(event) => {
          pick(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      {signature.hasCustomImage && (
        <Button variant="secondary" size="sm" isBusy={change.isPending} onClick={() => change.mutate(null)}>
          {t('profile.visual.imageRemove')}
        </Button>
      )}
      <FormAlert message={error ? t(error) : null} />
    </div>
  );
}
