// The bar at the foot of the screen while the caller may sign or decline: how many of their
// fields are done, "Next field", and the main button, which works one field at a time (so on a
// phone at 320 px everything is under the thumb): "Sign here" (or "Initial here") for the current
// field, then on to the next; for a text field or check box the bar holds its input itself, and
// "Sign" (the review) comes once every required field is done. Pressing "Sign" earlier leads to
// the first field still to do instead. The bar's height is published as --sign-bar-height, so the
// page keeps room for it and a field scrolled to is never beneath it. On a phone, going to a field
// from the bar opens the field-by-field view (field-by-field.tsx), where the bar pages through the
// fields one at a time with "Previous field" and "Next field", all under the thumb.
import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.js';
import type { PageField, SigningGuide } from '../../features/signing/signing-guide.js';
import { fieldElementId, isPressedKind } from '../../features/signing/signing-guide.js';

/** The phone's field-by-field view: whether it is shown, and how to open it. */
export interface FocusMode {
  isOn: boolean;
  enter(): void;
}

function showField(field: PageField | null): void {
  if (!field) return;
  const element = document.getElementById(fieldElementId(field.id));
  element?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  element?.focus({ preventScroll: true });
}

/** Publishes the bar's height while it is shown, for the page's bottom room and scroll margins. */
function usePublishedHeight(ref: React.RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty('--sign-bar-height', `${element.offsetHeight}px`);
    publish();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--sign-bar-height');
    };
  }, [ref]);
}

/** The input of the current text field or check box, in the bar: large enough for a thumb. */
function CurrentFieldInput({ field, guide }: { field: PageField; guide: SigningGuide }) {
  const { t } = useTranslation();
  const id = useId();
  const what = field.label || t(`sign.guide.kinds.${field.kind}`);
  const value = guide.values[field.id];
  if (field.kind === 'checkbox')
    return (
      <div className="flex items-center gap-3 rounded-md border border-line bg-canvas px-3 py-2">
        <input
          id={id}
          type="checkbox"
          className="size-6 shrink-0 accent-primary"
          data-testid="current-field-input"
          checked={value === true}
          onChange={(event) => guide.setValue(field.id, event.target.checked)}
        />
        <label htmlFor={id} className="min-w-0 text-sm break-words">
          {what}
          {field.isRequired && ` (${t('sign.guide.required')})`}
        </label>
      </div>
    );
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold break-words">
        {what}
        {field.isRequired && ` (${t('sign.guide.required')})`}
      </label>
      <input
        id={id}
        type="text"
        maxLength={500}
        autoComplete="off"
        data-testid="current-field-input"
        className="min-h-11 w-full rounded-md border border-line px-3 text-base"
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => guide.setValue(field.id, event.target.value)}
      />
    </div>
  );
}

export function SignBar({
  guide,
  canSign,
  decline,
  identify,
  onReview,
  focus,
}: {
  guide: SigningGuide;
  canSign: boolean;
  /** on phones: the field-by-field view the bar opens when it leads to a field */
  focus?: FocusMode | undefined;
  /** the Decline button, when the caller may decline */
  decline: ReactNode;
  /** the way to identification, shown instead of signing when the level needs it */
  identify: ReactNode;
  onReview: () => void;
}) {
  const { t } = useTranslation();
  const barRef = useRef<HTMLDivElement>(null);
  const [isHinting, setHinting] = useState(false);
  usePublishedHeight(barRef);
  const { progress } = guide;
  const hasFields = canSign && !identify && progress.total > 0;
  const current = guide.mine.find((f) => f.id === guide.currentId) ?? null;
  const isCurrentToDo = current !== null && !guide.done.has(current.id);
  // "Sign here" / "Initial here" in the bar; a text field or check box shows its input instead
  const pressCurrent = current !== null && isPressedKind(current.kind) && isCurrentToDo;
  const inputCurrent = current !== null && !isPressedKind(current.kind) ? current : null;

  const isFocused = focus?.isOn === true && hasFields;
  // in the field-by-field view the field is shown there, centred: nothing to scroll to
  const show = (field: PageField | null) => {
    if (field && focus && !focus.isOn) focus.enter();
    if (!focus) showField(field);
  };
  const goNext = () => {
    show(guide.next());
  };
  const position = guide.mine.findIndex((f) => f.id === guide.currentId);
  const signCurrent = () => {
    if (!current) return;
    guide.toggle(current.id);
  };
  const review = () => {
    if (progress.requiredLeft > 0) {
      setHinting(true);
      show(guide.next());
      return;
    }
    onReview();
  };
  // once a field is done (in the bar or on the page) the guide moves on by itself: only when the
  // set of done fields changes, not on every render
  const nextRef = useRef(guide.next);
  nextRef.current = guide.next;
  // (a text field is done at its first letter: the signer moves on with "Next field" themselves)
  const isCurrentDone = current !== null && isPressedKind(current.kind) && guide.done.has(current.id);
  const showRef = useRef(show);
  showRef.current = show;
  useEffect(() => {
    if (isCurrentDone && progress.requiredLeft > 0) showRef.current(nextRef.current());
  }, [guide.done, isCurrentDone, progress.requiredLeft]);

  return (
    <div
      ref={barRef}
      role="region"
      aria-label={t('sign.view.signBar')}
      className="fixed inset-x-0 bottom-0 z-10 border-t border-line bg-white p-3 shadow-[0_-2px_8px_rgba(0,0,0,0.08)]"
    >
      <div className="mx-auto flex max-w-5xl flex-col gap-2">
        {hasFields && (
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm" role="status" data-testid="field-progress">
              {t('sign.guide.progress', { done: progress.done, total: progress.total })}
              {isHinting && progress.requiredLeft > 0 && (
                <span className="ml-2 font-semibold text-error">
                  {t('sign.guide.requiredFirst', { count: progress.requiredLeft })}
                </span>
              )}
            </p>
            {!isFocused && progress.done < progress.total && (
              <Button variant="secondary" size="sm" onClick={goNext}>
                {t('sign.guide.next')}
              </Button>
            )}
          </div>
        )}
        {hasFields && inputCurrent && <CurrentFieldInput field={inputCurrent} guide={guide} />}
        {isFocused && (
          <div className="flex gap-2">
            <Button
              variant="secondary"
              className="min-h-12 flex-1 whitespace-nowrap"
              disabled={position <= 0}
              onClick={() => guide.step(-1)}
            >
              {t('sign.guide.previous')}
            </Button>
            <Button
              variant="secondary"
              className="min-h-12 flex-1 whitespace-nowrap"
              disabled={position === guide.mine.length - 1}
              onClick={() => guide.step(1)}
            >
              {t('sign.guide.next')}
            </Button>
          </div>
        )}
        <div className="flex gap-2 md:justify-end">
          {!isFocused && decline}
          {identify}
          {canSign && !identify && hasFields && pressCurrent && (
            <Button size="lg" className="flex-[2] md:flex-none md:px-12" onClick={signCurrent}>
              {t(current?.kind === 'initials' ? 'sign.guide.initialHere' : 'sign.guide.signHere')}
            </Button>
          )}
          {canSign && !identify && !(hasFields && pressCurrent) && (
            <Button size="lg" className="flex-[2] md:flex-none md:px-12" onClick={review}>
              {t('sign.actions.sign')}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
