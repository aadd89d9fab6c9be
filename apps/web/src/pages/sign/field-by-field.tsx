// The phone's field-by-field view: one of the signer's fields at a time, filling the screen's
// width with a little of the page round it (focus-crop.ts), above the sign bar that pages through
// the fields and acts on the current one with the thumb. Which field it is and where ("Field 2 of
// 5", the page and document) is said at the top, beside the way back to the whole document. The
// document underneath is inert while the view is shown, so a screen reader and the tab key stay
// in the view and the bar. Leaving it shows the whole document at the field the signer was on.
import type { SignatureRequest } from '@countersign/contract';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { useGestures } from '../../features/gestures/gestures.js';
import { focusCrop } from '../../features/signing/focus-crop.js';
import { PageImage, fetchPageAhead } from '../../features/signing/page-image.js';
import type { RequestApi } from '../../features/signing/request-api.js';
import type { SigningGuide } from '../../features/signing/signing-guide.js';
import { fieldElementId } from '../../features/signing/signing-guide.js';
import { FieldBoxes } from './field-boxes.js';

/** The view's size, kept up to date as the bar above it grows or the phone turns. */
function useViewSize(ref: React.RefObject<HTMLElement | null>) {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setSize({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => observer?.disconnect();
  }, [ref]);
  return size;
}

/**
 * The view shows a part of a zoomed page: at most 300 % of 72 dpi is asked for (two device pixels
 * or so for each CSS pixel on a phone), not the 400 % a 3x screen would take for the whole page,
 * which costs twice the bytes for what is mostly off screen, and which the server draws slowly.
 */
const FOCUS_MAX_SCALE = 300;

/**
 * Fetches the page of the field after this one while the signer fills this one in, at the size
 * the view will show it, so "Next field" finds its page already there.
 */
function useNextFieldAhead(
  request: SignatureRequest,
  requestApi: RequestApi,
  next: SigningGuide['mine'][number] | undefined,
  view: { width: number; height: number } | null,
) {
  const { fetch: doFetch } = useServices();
  const document = request.documents.find((d) => d.id === next?.documentId);
  const page = next?.placement.page ?? 1;
  const size = document?.pages[page - 1];
  const width = next && size && view ? Math.round(focusCrop(size, next.placement, view).width) : 0;
  const documentId = document?.id;
  const pageWidth = size?.width ?? 0;
  useEffect(() => {
    if (!documentId || width === 0) return;
    void fetchPageAhead(
      doFetch,
      (ask) => requestApi.pageRequest(documentId, page, ask),
      width,
      pageWidth,
      FOCUS_MAX_SCALE,
    );
  }, [doFetch, requestApi, documentId, page, width, pageWidth]);
}

export function FieldByField({
  request,
  requestApi,
  guide,
  onLeave,
}: {
  request: SignatureRequest;
  requestApi: RequestApi;
  guide: SigningGuide;
  onLeave(): void;
}) {
  const { t } = useTranslation();
  const viewRef = useRef<HTMLDivElement>(null);
  const view = useViewSize(viewRef);
  const index = Math.max(
    0,
    guide.mine.findIndex((f) => f.id === guide.currentId),
  );
  const field = guide.mine[index];
  const document = request.documents.find((d) => d.id === field?.documentId);
  const pageNumber = field?.placement.page ?? 1;
  const size = document?.pages[pageNumber - 1];
  const crop = field && size && view ? focusCrop(size, field.placement, view) : null;
  useNextFieldAhead(request, requestApi, guide.mine[index + 1], view);
  // a sideways swipe moves on or back, as the arrows of a phone's photo viewer do
  const gestures = useGestures((gesture) => {
    if (gesture.kind !== 'swipe') return;
    if (gesture.direction === 'left') guide.step(1);
    if (gesture.direction === 'right') guide.step(-1);
  });
  // back in the whole document, the field the signer was on is in view
  const lastField = useRef(field?.id);
  lastField.current = field?.id;
  useEffect(
    () => () => {
      const id = lastField.current;
      if (!id) return;
      // after the document is no longer inert and has its place again
      requestAnimationFrame(() =>
        window.document.getElementById(fieldElementId(id))?.scrollIntoView?.({ block: 'center' }),
      );
    },
    [],
  );

  return (
    <section
      aria-label={t('sign.focus.label')}
      data-testid="field-by-field"
      className="fixed inset-x-0 top-0 z-[15] flex flex-col bg-canvas"
      style={{ bottom: 'var(--sign-bar-height, 8rem)' }}
    >
      <div className="flex items-center justify-between gap-2 border-b border-line bg-white px-3 py-1">
        <h2 className="text-base font-semibold" data-testid="focus-position">
          {t('sign.focus.position', { n: index + 1, total: guide.mine.length })}
        </h2>
        <Button variant="text" size="md" onClick={onLeave}>
          {t('sign.focus.wholeDocument')}
        </Button>
      </div>
      {document && (
        <p className="truncate bg-white px-3 pb-1 text-sm text-muted">
          {t('sign.focus.where', { page: pageNumber, title: document.title })}
        </p>
      )}
      <div ref={viewRef} className="relative flex-1 touch-pan-y overflow-hidden" {...gestures}>
        {crop && document && size && field && (
          <div
            className="absolute transition-[left,top] duration-200 motion-reduce:transition-none"
            style={{ left: crop.left, top: crop.top, width: crop.width }}
          >
            <PageImage
              key={`${document.id}-${pageNumber}`}
              page={pageNumber}
              pageCount={document.pageCount}
              documentTitle={document.title}
              size={size}
              maxScale={FOCUS_MAX_SCALE}
              request={(ask) => requestApi.pageRequest(document.id, pageNumber, ask)}
            >
              <FieldBoxes
                fields={guide.fields.filter(
                  (f) => f.documentId === document.id && f.placement.page === pageNumber,
                )}
                page={size}
                guide={guide}
                hasElementIds={false}
              />
            </PageImage>
          </div>
        )}
      </div>
    </section>
  );
}
