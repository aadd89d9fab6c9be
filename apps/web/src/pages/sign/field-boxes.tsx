// The fields of one page, drawn over its image where the sender placed them (PDF points from the
// bottom left, so the box is placed in percentages of the page and follows any width). Each box
// names its signer; the caller's own boxes are buttons: "Sign here" and "Initial here" mark the
// field done, a check box ticks, a text field becomes the current one, whose input the sign bar
// holds (field by field, so a phone needs no zooming into a 20-point box). Name and date-signed
// boxes say what the signature will write. Fields already signed show what their signer filled in,
// as the PDF does. A box scrolled to by "next field" keeps clear of the
// sticky sign bar (its scroll margin is the bar's measured height).
import type { PageBox } from '@countersign/domain';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageField, SigningGuide } from '../../features/signing/signing-guide.js';
import { fieldElementId, isPressedKind } from '../../features/signing/signing-guide.js';
import { TooltipBubble, useTooltip } from '../../components/tooltip.js';

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

const boxClasses =
  'absolute flex flex-col items-start justify-start overflow-hidden rounded-sm px-1 text-left text-[10px] leading-tight sm:text-xs';

/**
 * The words on one of my boxes: what shows, and what only a screen reader hears after it (the
 * accessible name is the box's text, so it always contains what is seen, WCAG 2.5.3).
 */
function useMyFieldText(field: PageField, guide: SigningGuide): { shown: string; heard: string } {
  const { t } = useTranslation();
  const isDone = guide.done.has(field.id);
  const name = field.signerLabel;
  if (isPressedKind(field.kind)) {
    const action = t(field.kind === 'initials' ? 'sign.guide.initialHere' : 'sign.guide.signHere');
    return { shown: isDone ? `✓ ${t('sign.guide.willSign')}` : action, heard: '' };
  }
  const what = field.label || t(`sign.guide.kinds.${field.kind}`);
  if (field.kind === 'checkbox')
    return { shown: `${isDone ? '☑' : '☐'} ${what}`, heard: t('sign.guide.checkboxFor', { name }) };
  const value = guide.values[field.id];
  return {
    shown:
      typeof value === 'string' && value.trim()
        ? `${what}: ${value.trim()}`
        : `${what}: ${t('sign.guide.fillIn')}`,
    heard: t('sign.guide.textFor', { name }),
  };
}

function MyField({
  field,
  guide,
  style,
  elementId,
}: {
  field: PageField;
  guide: SigningGuide;
  style: object;
  elementId: string | undefined;
}) {
  const { shown, heard } = useMyFieldText(field, guide);
  const isDone = guide.done.has(field.id);
  const isCurrent = guide.currentId === field.id;
  return (
    <button
      id={elementId}
      type="button"
      style={style}
      data-testid="my-field"
      data-kind={field.kind}
      data-done={isDone}
      aria-pressed={field.kind === 'text' ? undefined : isDone}
      onClick={() => guide.toggle(field.id)}
      className={`${boxClasses} pointer-events-auto cursor-pointer border-2 ${
        isDone
          ? 'border-success-dark bg-white/90 text-success-dark'
          : 'border-primary bg-white/90 text-primary-dark'
      } ${isCurrent ? 'ring-4 ring-warning' : ''}`}
    >
      {isPressedKind(field.kind) && (
        <>
          <span className="max-w-full truncate font-semibold">{field.signerLabel}</span>{' '}
        </>
      )}
      <span className="max-w-full truncate">{shown}</span>
      {heard && (
        <>
          {' '}
          <span className="sr-only">({heard})</span>
        </>
      )}
    </button>
  );
}

/** What a signed field shows, as the PDF does: the text written, or a check box ticked or not. */
function filledText(field: PageField, what: string): string | null {
  if (field.value === null) return null;
  if (field.kind === 'checkbox') return `${field.value === 'true' ? '☑' : '☐'} ${what}`;
  return field.value;
}

export function FieldBoxes({
  fields,
  page,
  guide,
  hasElementIds = true,
}: {
  fields: PageField[];
  page: PageBox;
  guide: SigningGuide;
  /** false for a second drawing of the same boxes (the phone's field-by-field view): ids are unique */
  hasElementIds?: boolean;
}) {
  const { t } = useTranslation();
  if (fields.length === 0) return null;
  return (
    <div className="pointer-events-none absolute inset-0">
      {fields.map((field) => {
        const style = boxStyle(field, page);
        const elementId = hasElementIds ? fieldElementId(field.id) : undefined;
        if (field.isMine && field.kind !== 'name' && field.kind !== 'date_signed')
          return <MyField key={field.id} field={field} guide={guide} style={style} elementId={elementId} />;
        // written by the signature itself: my name and the date (as the server writes it), or
        // another signer's field
        const automatic = field.kind === 'name' ? field.signerLabel : new Date().toISOString().slice(0, 10);
        const what = field.label || t(`sign.guide.kinds.${field.kind}`);
        const theirs =
          field.kind === 'signature'
            ? t(field.isSigned ? 'sign.guide.signed' : 'sign.guide.theirs')
            : (filledText(field, what) ?? what);
        if (field.isMine)
          return <FilledOnSigning key={field.id} elementId={elementId} style={style} text={automatic} />;
        return (
          <div
            key={field.id}
            id={elementId}
            style={style}
            data-testid="field-box"
            className={`${boxClasses} border border-dashed border-muted bg-white/70 text-ink`}
          >
            <span className="max-w-full truncate font-semibold">{field.signerLabel}</span>
            <span className="max-w-full truncate">{theirs}</span>
          </div>
        );
      })}
    </div>
  );
}

/** My name or the date, which the signature writes: a tooltip says so (the box is not pressed). */
function FilledOnSigning({
  elementId,
  style,
  text,
}: {
  elementId: string | undefined;
  style: CSSProperties;
  text: string;
}) {
  const { t } = useTranslation();
  const tooltip = useTooltip();
  return (
    // the bubble sits outside the box, which clips its own text
    <div
      id={elementId}
      style={style}
      data-testid="field-box"
      tabIndex={0}
      className="pointer-events-auto absolute"
      {...tooltip.triggerProps}
    >
      <div className={`${boxClasses} inset-0 border border-dashed border-muted bg-white/70 text-ink`}>
        <span className="max-w-full truncate">{text}</span>
      </div>
      {tooltip.isOpen && <TooltipBubble id={tooltip.id}>{t('sign.guide.filledOnSigning')}</TooltipBubble>}
    </div>
  );
}
