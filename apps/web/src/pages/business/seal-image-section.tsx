// The visual of a seal: what a sealed document shows where the seal is applied. Uploaded as
// multipart (`image`, PNG, JPEG or WebP); the server checks the image by its bytes and re-encodes
// it. The image is read with the session (an <img> cannot send it) and shown from an object URL.
import { sealEndpoints } from '@countersign/contract';
import type { Business, SealDetail } from '@countersign/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { businessQueryKey } from '../../features/business/business-api.js';
import { ImageFileField } from '../../features/business/image-file-field.js';
import { CallStatus } from '../../features/errors/call-status.js';
import { useSnackbars } from '../../features/snackbars/snackbar-store.js';

/** A seal's visual is an image of at most 1 MB, as the company logo (checked before sending). */
const IMAGE_MAX_BYTES = 1024 * 1024;

function useObjectUrl(blob: Blob | undefined): string | null {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

export function SealImageSection({
  business,
  seal,
  store,
}: {
  business: Business;
  seal: SealDetail;
  store: (seal: SealDetail) => void;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const queryClient = useQueryClient();
  const snackbars = useSnackbars();
  const [tooLarge, setTooLarge] = useState(false);
  const params = { id: business.id, seal: seal.name };
  const imageKey = [...businessQueryKey, business.id, 'seals', seal.name, 'image'];
  const image = useQuery({
    queryKey: imageKey,
    queryFn: async ({ signal }) => (await api.download(sealEndpoints.getSealImage, { params, signal })).blob,
    enabled: seal.hasImage,
  });
  const url = useObjectUrl(seal.hasImage ? image.data : undefined);
  const changed = async (next: SealDetail, message: string) => {
    store(next);
    await queryClient.invalidateQueries({ queryKey: imageKey });
    snackbars.show({ message, color: 'success' });
  };
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('image', file);
      return api.call(sealEndpoints.uploadSealImage, { params, form });
    },
    onSuccess: (next) => changed(next, t('consolePages.seals.imageSaved')),
  });
  const remove = useMutation({
    mutationFn: () => api.call(sealEndpoints.deleteSealImage, { params }),
    onSuccess: (next) => changed(next, t('consolePages.seals.imageRemoved')),
  });

  return (
    <section
      aria-labelledby="seal-image-heading"
      className="flex flex-col gap-3 rounded-lg border border-line bg-white p-4"
    >
      <h2 id="seal-image-heading" className="text-lg font-semibold">
        {t('consolePages.seals.imageHeading')}
      </h2>
      <p className="text-muted">{t('consolePages.seals.imageText')}</p>
      {url ? (
        <img
          src={url}
          alt={t('consolePages.seals.imageAlt', { label: seal.label })}
          className="h-auto max-h-32 w-auto max-w-full self-start rounded border border-line p-2"
        />
      ) : (
        !seal.hasImage && <p className="text-sm text-muted">{t('consolePages.seals.noImage')}</p>
      )}
      <ImageFileField
        label={t('consolePages.seals.imageFile')}
        hint={t('consolePages.seals.imageHint')}
        maxBytes={IMAGE_MAX_BYTES}
        disabled={upload.isPending}
        onFile={(file) => upload.mutateAsync(file).catch(() => undefined)}
        onTooLarge={setTooLarge}
      />
      <CallStatus
        isLoading={image.isLoading}
        error={upload.error ?? remove.error ?? image.error}
        message={tooLarge ? t('consolePages.seals.imageTooLarge') : null}
      />
      {seal.hasImage && (
        <Button
          variant="text"
          className="self-start"
          isBusy={remove.isPending}
          onClick={() => remove.mutate()}
        >
          {t('consolePages.seals.removeImage')}
        </Button>
      )}
    </section>
  );
}
