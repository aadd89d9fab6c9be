// A new visual signature made while signing by an account holder, in one of three ways (see
// signature-ways.tsx). Drawn and uploaded ones are the signature's custom image. It is saved among
// the person's visual signatures (named "Typed 2", "Drawn 1"...: names are unique), so it is
// there for the next request too, and chosen for this one.
import { visualSignatureEndpoints } from '@countersign/contract';
import type { VisualSignature } from '@countersign/contract';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { PreviewBox } from './preview-image.js';
import { SignatureWaysForm } from './signature-ways.js';
import type { SignatureChoice } from './signature-ways.js';
import { PREVIEW_DEBOUNCE_MS, usePreviewImage } from './use-preview-image.js';
import { uploadSignatureImage } from './visual-signature-api.js';

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
  const save = async ({ way, name, image, fileName }: SignatureChoice): Promise<VisualSignature> => {
    const created = await api.call(visualSignatureEndpoints.createVisualSignature, {
      body: { alias: freshAlias(t(`sign.visual.ways.${way}`), existingAliases), name, displayQr: false },
    });
    return image ? uploadSignatureImage({ fetch, session }, created.id, image, fileName) : created;
  };
  return (
    <SignatureWaysForm
      defaultName={defaultName}
      typed={{ kind: 'editable', preview: (name) => <TypedPreview name={name} /> }}
      save={save}
      onSaved={onCreated}
      onCancel={onCancel}
    />
  );
}
