// The three ways to make a visual signature while signing: the name typed (drawn by the server's
// PDF engine), a signature drawn with a finger or mouse, or an image uploaded (PNG or JPEG, checked
// here for type and size before it is sent). What happens to the choice is the caller's: an
// account holder keeps it among their visual signatures, a link holder signs this one request
// with it.
import type { VisualSignature } from '@countersign/contract';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import type { MessageKey } from '../errors/describe-api-error.js';
import { describeVisualError } from './describe-visual-error.js';
import { DrawingPad } from './drawing-pad.js';
import type { DrawingPadHandle } from './drawing-pad.js';
import { IMAGE_TYPES, refuseImageFile } from './visual-signature-api.js';

export const SIGNATURE_WAYS = ['typed', 'drawn', 'uploaded'] as const;
export type SignatureWay = (typeof SIGNATURE_WAYS)[number];

/** What the signer chose: the way, the typed name, and the image drawn or picked (else null). */
export interface SignatureChoice {
  way: SignatureWay;
  name: string;
  image: Blob | null;
  fileName: string;
}

export function SignatureWaysForm({
  defaultName,
  typed,
  save,
  onSaved,
  onCancel,
}: {
  defaultName: string;
  /**
   * the typed way: an editable name with its preview, or (`fixed`) the name the signer gave
   * elsewhere, described by `hint`
   */
  typed: { kind: 'editable'; preview(name: string): ReactNode } | { kind: 'fixed'; hint: string };
  save(choice: SignatureChoice): Promise<VisualSignature>;
  onSaved(signature: VisualSignature): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [way, setWay] = useState<SignatureWay>('typed');
  const [name, setName] = useState(defaultName);
  const [file, setFile] = useState<File | null>(null);
  const [hasDrawing, setHasDrawing] = useState(false);
  const [refusal, setRefusal] = useState<MessageKey | null>(null);
  const pad = useRef<DrawingPadHandle>(null);

  const mutation = useMutation({
    mutationFn: async (): Promise<VisualSignature> => {
      const image =
        way === 'drawn' ? ((await pad.current?.toPng()) ?? null) : way === 'uploaded' ? file : null;
      return save({
        way,
        name: name.trim() || defaultName,
        image,
        fileName: way === 'uploaded' && file ? file.name : 'drawn.png',
      });
    },
    onSuccess: onSaved,
  });

  const submit = () => {
    if (way === 'typed' && typed.kind === 'editable' && !name.trim())
      return setRefusal('sign.visual.nameMissing');
    if (way === 'drawn' && !hasDrawing) return setRefusal('sign.visual.drawingMissing');
    if (way === 'uploaded' && !file) return setRefusal('sign.visual.imageMissing');
    setRefusal(null);
    mutation.mutate();
  };
  const pick = (picked: File | undefined) => {
    setFile(null);
    if (!picked) return;
    const refused = refuseImageFile(picked);
    setRefusal(refused);
    if (!refused) setFile(picked);
  };
  const error = refusal ?? (mutation.error ? describeVisualError(mutation.error) : null);

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
      {way === 'typed' && typed.kind === 'fixed' && <p className="text-sm text-muted">{typed.hint}</p>}
      {way === 'typed' && typed.kind === 'editable' && (
        <>
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
          {typed.preview(name)}
        </>
      )}
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
        <Button onClick={submit} isBusy={mutation.isPending}>
          {t('sign.visual.save')}
        </Button>
        <Button variant="text" onClick={onCancel}>
          {t('sign.dialogs.cancel')}
        </Button>
      </div>
    </div>
  );
}
