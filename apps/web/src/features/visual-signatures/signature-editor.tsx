// Creates or edits one visual signature: the fields of spec 3, the claim/date/standards lines only
// when permitted (spec 5), a live preview redrawn a moment after typing stops, and for a saved
// signature its custom image (PNG or JPEG up to 2 MB).
import { ZVisualSignatureInput } from '@countersign/contract';
import type { User, VisualSignature, VisualSignatureInput } from '@countersign/contract';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.js';
import { CheckboxField } from '../../components/checkbox-field.js';
import { FormAlert } from '../../components/form-alert.js';
import { TextField } from '../../components/text-field.js';
import { describeVisualError } from './describe-visual-error.js';
import { PreviewBox } from './preview-image.js';
import { guardedFlags, initialValues, toSignatureInput } from './signature-form-values.js';
import type { SignatureFormValues } from './signature-form-values.js';
import { SignatureImageField } from './signature-image-field.js';
import { PREVIEW_DEBOUNCE_MS, usePreviewImage } from './use-preview-image.js';

export interface SignatureEditorProps {
  user: User;
  signature?: VisualSignature | undefined;
  isFirst: boolean;
  isSaving: boolean;
  saveError: unknown;
  onSave(input: VisualSignatureInput): void;
  onCancel(): void;
  onImageChanged(signature: VisualSignature): void;
}

const flagLabels = {
  displayDate: 'profile.visual.displayDate',
  displayClaim: 'profile.visual.displayClaim',
  displayStandards: 'profile.visual.displayStandards',
} as const;

/** The draft to preview: the form as it stands, or the last valid state while a field is blank. */
function useDraft(input: VisualSignatureInput): VisualSignatureInput {
  const lastValid = useRef(input);
  const parsed = ZVisualSignatureInput.safeParse({ ...input, alias: input.alias || '-' });
  if (parsed.success) lastValid.current = parsed.data;
  return lastValid.current;
}

export function SignatureEditor(props: SignatureEditorProps) {
  const { t } = useTranslation();
  const { user, signature } = props;
  const permissions = user.permissions.visualSignatures;
  const form = useForm<SignatureFormValues>({ defaultValues: initialValues(signature, user, props.isFirst) });
  const { errors } = form.formState;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  const draft = useDraft(toSignatureInput(form.watch(), permissions));
  const preview = usePreviewImage(
    signature ? { id: signature.id, draft } : { draft },
    PREVIEW_DEBOUNCE_MS,
    signature?.updatedAt ?? '',
  );
  const required = {
    validate: (value: unknown) => String(value).trim() !== '' || t('form.required'),
  };

  return (
    <section
      aria-labelledby="signature-editor-heading"
      className="rounded-lg border border-line bg-white p-4"
    >
      <h2 id="signature-editor-heading" ref={headingRef} tabIndex={-1} className="mb-4 text-lg font-semibold">
        {signature
          ? t('profile.visual.editHeading', { alias: signature.alias })
          : t('profile.visual.createHeading')}
      </h2>
      <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_300px]">
        <form
          noValidate
          className="flex min-w-0 flex-col gap-3"
          onSubmit={form.handleSubmit((values) => props.onSave(toSignatureInput(values, permissions)))}
        >
          <TextField
            label={t('profile.visual.alias')}
            maxLength={60}
            error={errors.alias?.message}
            {...form.register('alias', required)}
          />
          <TextField
            label={t('profile.visual.name')}
            maxLength={120}
            error={errors.name?.message}
            {...form.register('name', required)}
          />
          <TextField
            label={t('profile.visual.optionalLine')}
            maxLength={120}
            {...form.register('optionalLine')}
          />
          <TextField label={t('profile.visual.location')} maxLength={120} {...form.register('location')} />
          <fieldset className="flex flex-col gap-2">
            {guardedFlags.map(([field, key]) => (
              <CheckboxField
                key={field}
                label={t(flagLabels[field])}
                disabled={!permissions[key].canUpdate}
                note={permissions[key].canUpdate ? undefined : t('profile.visual.setByOrganisation')}
                {...form.register(field)}
              />
            ))}
            <CheckboxField label={t('profile.visual.displayQr')} {...form.register('displayQr')} />
            <CheckboxField
              label={t('profile.visual.makeDefault')}
              disabled={signature?.isDefault === true || props.isFirst}
              {...form.register('isDefault')}
            />
          </fieldset>
          <FormAlert message={props.saveError ? t(describeVisualError(props.saveError)) : null} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" isBusy={props.isSaving}>
              {t('profile.visual.save')}
            </Button>
            <Button variant="text" onClick={props.onCancel}>
              {t('profile.visual.cancel')}
            </Button>
          </div>
        </form>
        <div className="flex min-w-0 flex-col gap-4">
          <div className="flex flex-col gap-2">
            <h3 className="font-semibold">{t('profile.visual.previewHeading')}</h3>
            <PreviewBox preview={preview} alt={t('profile.visual.previewDraftAlt')} />
          </div>
          {signature && <SignatureImageField signature={signature} onChanged={props.onImageChanged} />}
        </div>
      </div>
    </section>
  );
}
