// The fields of one page, drawn over its image where the sender placed them (PDF points from the
// bottom left, so the box is placed in percentages of the page and follows any width). Each box
// names its signer; the caller's own boxes say "Sign here" and are buttons that mark the field
// done, the others only show whose they are. A box scrolled to by "next field" keeps clear of the
// sticky sign bar (its scroll margin is the bar's measured height).
import type { PageBox } from '@countersign/domain';
import { useTranslation } from 'react-i18next';
import type { PageField, SigningGuide } from '../../features/signing/signing-guide.js';
import { fieldElementId } from '../../features/signing/signing-guide.js';

const percent = (part: number, whole: number) => `${(100 * part) / whole}%`;

function boxStyle(field: PageField, page: PageBox) {
  const { x, y, width, height } = field.placement;
  return {
    left: percent(x, page.width),
    top: percent(page.height - y - height, page.height),
    width: percent(width, page.width),
    height: percent(height, page.height),
    scrollMarginTop: '5rem',
    scrollMarginBottom: 'calc(var(--sign-bar-height, 8rem) + 1rem)',
  };
}

export function FieldBoxes({
  fields,
  page,
  guide,
}: {
  fields: PageField[];
  page: PageBox;
  guide: SigningGuide;
}) {
  const { t } = useTranslation();
  if (fields.length === 0) return null;
  return (
    <div className="pointer-events-none absolute inset-0">
      {fields.map((field) => {
        const style = boxStyle(field, page);
        if (!field.isMine)
          return (
            <div
              key={field.id}
              id={fieldElementId(field.id)}
              style={style}
              data-testid="field-box"
              className="absolute flex flex-col items-start justify-start overflow-hidden rounded-sm border border-dashed border-muted bg-white/70 px-1 text-[10px] leading-tight text-ink sm:text-xs"
            >
              <span className="max-w-full truncate font-semibold">{field.signerLabel}</span>
              <span className="max-w-full truncate">
                {field.isSigned ? t('sign.guide.signed') : t('sign.guide.theirs')}
              </span>
            </div>
          );
        const isDone = guide.done.has(field.id);
        const isCurrent = guide.currentId === field.id;
        return (
          <button
            key={field.id}
            id={fieldElementId(field.id)}
            type="button"
            style={style}
            data-testid="my-field"
            data-done={isDone}
            aria-pressed={isDone}
            aria-label={t(isDone ? 'sign.guide.fieldDone' : 'sign.guide.fieldToDo', {
              name: field.signerLabel,
            })}
            onClick={() => guide.toggle(field.id)}
            className={`pointer-events-auto absolute flex cursor-pointer flex-col items-start justify-start overflow-hidden rounded-sm border-2 px-1 text-left text-[10px] leading-tight sm:text-xs ${
              isDone
                ? 'border-success-dark bg-white/90 text-success-dark'
                : 'border-primary bg-white/90 text-primary-dark'
            } ${isCurrent ? 'ring-4 ring-warning' : ''}`}
          >
            <span className="max-w-full truncate font-semibold">{field.signerLabel}</span>
            <span className="max-w-full truncate">
              {isDone ? `✓ ${t('sign.guide.willSign')}` : t('sign.guide.signHere')}
            </span>
          </button>
        );
      })}
    </div>
  );
}
