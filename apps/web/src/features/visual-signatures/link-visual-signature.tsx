// A link holder's visual signature: without an account they have no saved ones, so theirs is made
// from the name they gave, or shows the signature they draw or the image they upload here. The
// image is kept on the server for this one signature (never for the person) and is what the
// signed page shows; the preview is drawn by the same engine that signs.
import { directEndpoints } from '@countersign/contract';
import type { VisualSignature } from '@countersign/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { PreviewBox } from './preview-image.js';
import { SignatureWaysForm } from './signature-ways.js';
import type { SignatureChoice } from './signature-ways.js';
import { usePreviewImage } from './use-preview-image.js';
import { imageForm } from './visual-signature-api.js';

export function LinkVisualSignature({ token, signerId }: { token: string; signerId: string }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const queryClient = useQueryClient();
  const [isChanging, setChanging] = useState(false);
  // a new preview each time the signature changes on the server
  const [version, setVersion] = useState(0);
  const queryKey = ['direct-visual-signature', signerId];
  const visual = useQuery({
    queryKey,
    queryFn: ({ signal }) => api.call(directEndpoints.directGetVisualSignature, { query: { token }, signal }),
  });
  const name = visual.data?.name ?? '';
  const preview = usePreviewImage({ linkToken: token }, 0, `${name}|${version}`);
  const query = { token };
  const save = ({ way, image, fileName }: SignatureChoice): Promise<VisualSignature> =>
    way === 'typed' || !image
      ? api.call(directEndpoints.directRemoveSignatureImage, { query })
      : api.call(directEndpoints.directSetSignatureImage, { query, form: imageForm(image, fileName) });
  const saved = (signature: VisualSignature) => {
    queryClient.setQueryData(queryKey, signature);
    setVersion((v) => v + 1);
    setChanging(false);
  };

  return (
    <section
      className="flex flex-col gap-3 rounded-lg border border-line bg-white p-4"
      aria-labelledby={`link-visual-${signerId}`}
    >
      <h2 id={`link-visual-${signerId}`} className="text-lg font-semibold">
        {t('sign.visual.legend')}
      </h2>
      {visual.data && (
        <p className="text-sm text-muted" data-testid="link-visual-kind">
          {visual.data.hasCustomImage
            ? t('sign.direct.visualImage')
            : t('sign.direct.visualSignature', { name: visual.data.name })}
        </p>
      )}
      {!isChanging && <PreviewBox preview={preview} alt={t('sign.direct.visualPreview', { name })} />}
      {isChanging ? (
        <SignatureWaysForm
          defaultName={name}
          typed={{ kind: 'fixed', hint: t('sign.direct.visualSignature', { name }) }}
          save={save}
          onSaved={saved}
          onCancel={() => setChanging(false)}
        />
      ) : (
        <Button variant="secondary" size="sm" className="self-start" onClick={() => setChanging(true)}>
          {t('sign.direct.visualChange')}
        </Button>
      )}
    </section>
  );
}
