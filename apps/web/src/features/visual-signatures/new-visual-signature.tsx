// A new visual signature made while signing, in one of three ways: the name typed (drawn by the
// server's PDF engine, previewed as it will look), a signature drawn with a finger or mouse, or
// an image uploaded (PNG or JPEG). Drawn and uploaded ones are the signature's custom image. It is
// saved among the person's visual signatures (named "Typed 2", "Drawn 1"...: names are unique),
// so it is there for the next request too, and chosen for this one.
import { visualSignatureEndpoints } from '@countersign/contract';
import type { VisualSignature } from '@countersign/contract';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import type { MessageKey } from '../errors/describe-api-error.js';
import { describeVisualError } from './describe-visual-error.js';
import { DrawingPad } from './drawing-pad.js';
import type { DrawingPadHandle } from './drawing-pad.js';
import { PreviewBox } from './preview-image.js';
import { PREVIEW_DEBOUNCE_MS, usePreviewImage } from './use-preview-image.js';
import { IMAGE_TYPES, refuseImageFile, uploadSignatureImage } from './visual-signature-api.js';

export const SIGNATURE_WAYS = ['typed', 'drawn', 'uploaded'] as const;
export type SignatureWay = (typeof SIGNATURE_WAYS)[number];

/** The first "<way> <n>" none of the existing signatures is called. */
export function freshAlias(base: string, existing: readonly string[]): string {
  const taken = new Set(existing.map((alias) => alias.toLowerCase()));
  let n = 1;
  while (taken.has(`${base} ${n}`.toLowerCase())) n += 1;
  return `${base} ${n}`;
}

function TypedPreview({ name }: { name: string }) {
  const { t } = useTranslation();
  const preview = usePreviewImage(
    { draft: { alias: 'preview', name: name.trim() || '-', displayQr: false } },
    PREVIEW_DEBOUNCE_MS,
  );
  return <PreviewBox preview={preview} alt={t('sign.visual.typedPreview', { name })} />;
}

export function NewVisualSignature({
  defaultName,
  existingAliases,
  onCreated,
  onCancel,
}: {
  defaultName: string;
  existingAliases: readonly string[];
  onCreated(signature: VisualSignature): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const { api, fetch, session } = useServices();
  const id = useId();
  const [way, setWay] = useState<SignatureWay>('typed');
  const [name, setName] = useState(defaultName);
  const [file, setFile] = useState<File | null>(null);
  const [hasDrawing, setHasDrawing] = useState(false);
  const [refusal, setRefusal] = useState<MessageKey | null>(null);
  const pad = useRef<DrawingPadHandle>(null);

  const save = useMutation({
    mutationFn: async (): Promise<VisualSignature> => {
      const image = way === 'drawn' ? await pad.current?.toPng() : way === 'uploaded' ? file : null;
      const created = await api.call(visualSignatureEndpoints.createVisualSignature, {
        body: {
          alias: freshAlias(t(`sign.visual.ways.${way}`), existingAliases),
          name: name.trim() || defaultName,
          displayQr: false,
        },
      });
      if (!image) return created;
      return uploadSignatureImage(
        { fetch, session },
        created.id,
        image,
        way === 'drawn' ? 'drawn.png' : file!.name,
      );
    },
    onSuccess: onCreated,
  });

  const submit = () => {
    if (way === 'typed' && !name.trim()) return setRefusal('sign.visual.nameMissing');
    if (way === 'drawn' && !hasDrawing) return setRefusal('sign.visual.drawingMissing');
    if (way === 'uploaded' && !file) return setRefusal('sign.visual.imageMissing');
    setRefusal(null);
    save.mutate();
  };
  const pick = (picked: File | undefined) => {
    setFile(null);
    if (!picked) return;
    const refused = refuseImageFile(picked);
    setRefusal(refused);
    if (!refused) setFile(picked);
  };
  const error = refusal ?? (save.error ? describeVisualError(save.error) : null);

  return (
    <div className="flex flex-col gap-3 rounded-md border border-line p-3" data-testid="new-visual-signature">
      <fieldset className="flex flex-wrap gap-2">
        <legend className="mb-1 text-sm font-semibold">{t('sign.visual.how')}</legend>
        {SIGNATURE_WAYS.map((option) => (
          <label
            key={option}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-line px-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5"
          >
            <input
              type="radio"
              name={`${id}-way`}
              value={option}
              checked={way === option}
              onChange={() => {
                setWay(option);
                setRefusal(null);
              }}
            />
            {t(`sign.visual.ways.${option}`)}
          </label>
        ))}
      </fieldset>
      {way === 'typed' && (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-name`} className="text-sm font-semibold">
            {t('sign.visual.name')}
          </label>
          <input
            id={`${id}-name`}
            className="min-h-11 rounded-md border border-line px-3"
            value={name}
            maxLength={120}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
      )}
      {way === 'typed' && <TypedPreview name={name} />}
      {way === 'drawn' && (
        <div className="flex flex-col gap-1">
          <DrawingPad ref={pad} label={t('sign.visual.drawHere')} onChange={setHasDrawing} />
          <p className="text-sm text-muted">{t('sign.visual.drawHint')}</p>
          <Button variant="text" size="sm" className="self-start" onClick={() => pad.current?.clear()}>
            {t('sign.visual.clear')}
          </Button>
        </div>
      )}
      {way === 'uploaded' && (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-file`} className="text-sm font-semibold">
            {t('profile.visual.imageUpload')}
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            aria-describedby={`${id}-file-hint`}
            className="max-w-full text-sm file:mr-2 file:rounded-md file:border file:border-primary file:bg-white file:px-3 file:py-1 file:text-primary-dark"
            onChange={(event) => pick(event.target.files?.[0])}
          />
          <p id={`${id}-file-hint`} className="text-sm text-muted">
            {t('profile.visual.imageHint')}
          </p>
        </div>
      )}
      <FormAlert message={error ? t(error) : null} />
      <div className="flex flex-wrap gap-2">
        <Button onClick={submit} isBusy={save.isPending}>
          {t('sign.visual.save')}
        </Button>
        <Button variant="text" onClick={onCancel}>
          {t('sign.dialogs.cancel')}
        </Button>
      </div>
    </div>
  );
}
