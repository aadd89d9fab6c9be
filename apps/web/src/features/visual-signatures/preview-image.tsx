// The preview box at the spec's 300x140 (spec 3), shrinking on narrow screens, with a spoken
// alternative and its loading and failure states.
import { VISUAL_SIGNATURE_DEFAULT_SIZE } from '@countersign/domain';
import { useTranslation } from 'react-i18next';
import type { PreviewImage } from './use-preview-image.js';

const { width, height } = VISUAL_SIGNATURE_DEFAULT_SIZE;

export function PreviewBox({ preview, alt }: { preview: PreviewImage; alt: string }) {
  const { t } = useTranslation();
  return (
    <div
      className="relative w-full max-w-[300px] overflow-hidden rounded border border-line bg-white"
      style={{ aspectRatio: `${width} / ${height}` }}
      aria-busy={preview.isLoading || undefined}
    >
      {preview.url && (
        <img
          src={preview.url}
          alt={alt}
          width={width}
          height={height}
          className="h-auto w-full"
          data-testid="visual-preview"
        />
      )}
      {!preview.url && preview.isLoading && (
        <span className="absolute inset-0 flex items-center justify-center text-sm text-muted">
          {t('profile.visual.previewLoading')}
        </span>
      )}
      {preview.hasFailed && (
        <span role="alert" className="absolute inset-x-0 bottom-0 bg-white/90 p-1 text-xs text-error">
          {t('profile.visual.previewFailed')}
        </span>
      )}
    </div>
  );
}
