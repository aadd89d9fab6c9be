// One page of a document in the field editor, as large as the column: its image is fetched only
// when it comes near the viewport (a 120-page contract loads the pages in view, not all of them;
// the first pages at once), at the scale the editor fitted to the column. Fields dropped from the
// palette land where they are dropped.
import type { PageBox } from '@countersign/domain';
import { useRef } from 'react';
import type { DragEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNearViewport } from '../../../features/signing/page-image.js';
import { usePageImageUrl, type PageImagePath } from '../page-image.js';

/** The dataTransfer type palette items carry: the field kind. */
export const FIELD_KIND_MIME = 'application/x-countersign-field-kind';

function PageImageOf({
  documentId,
  page,
  scale,
  label,
  pathOf,
}: {
  documentId: string;
  page: number;
  scale: number;
  label: string;
  pathOf: PageImagePath | undefined;
}) {
  const { t } = useTranslation();
  const image = usePageImageUrl(documentId, page, scale, pathOf);
  if (image.url)
    return <img src={image.url} alt={label} className="block size-full select-none" draggable={false} />;
  return (
    <span
      role={image.isError ? 'alert' : undefined}
      className="absolute inset-0 flex items-center justify-center text-sm text-muted"
    >
      {image.isError ? t('send.place.pageError') : label}
    </span>
  );
}

export function PageCanvas({
  documentId,
  documentTitle,
  pageNumber,
  size,
  scale,
  onDropKind,
  children,
  frameRef,
  isInViewAtOpening = false,
  pageImagePath,
}: {
  documentId: string;
  documentTitle: string;
  pageNumber: number;
  size: PageBox;
  /** the rendering scale fitted to the column (features/signing/page-scale.ts) */
  scale: number;
  /** a palette item dropped at this point of the page, in fractions of its width and height from the top left */
  onDropKind: (kind: string, at: { x: number; y: number }) => void;
  children: ReactNode;
  frameRef: (element: HTMLDivElement | null) => void;
  /** one of the first pages, in view when the editor opens: its image is asked for at once */
  isInViewAtOpening?: boolean;
  /** where the page's image is, if not a request's document (a template's) */
  pageImagePath?: PageImagePath | undefined;
}) {
  const { t } = useTranslation();
  const boxRef = useRef<HTMLDivElement | null>(null);
  const isNear = useNearViewport(boxRef, isInViewAtOpening);
  const label = t('send.place.pageImage', { page: pageNumber, title: documentTitle });
  const setBox = (element: HTMLDivElement | null) => {
    boxRef.current = element;
    frameRef(element);
  };
  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (event.dataTransfer.types.includes(FIELD_KIND_MIME)) event.preventDefault();
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    const kind = event.dataTransfer.getData(FIELD_KIND_MIME);
    const rect = boxRef.current?.getBoundingClientRect();
    if (!kind || !rect || rect.width === 0) return;
    event.preventDefault();
    onDropKind(kind, {
      x: (event.clientX - rect.left) / rect.width,
      y: (event.clientY - rect.top) / rect.height,
    });
  };
  return (
    <div
      ref={setBox}
      data-page-key={`${documentId}:${pageNumber}`}
      data-testid="editor-page"
      className="relative w-full bg-white shadow-sm ring-1 ring-line"
      style={{ aspectRatio: `${size.width} / ${size.height}` }}
      onDragOver={onDragOver}
      onDrop={onDrop}
    >
      {isNear ? (
        <PageImageOf
          documentId={documentId}
          page={pageNumber}
          scale={scale}
          label={label}
          pathOf={pageImagePath}
        />
      ) : (
        <span className="absolute inset-0 flex items-center justify-center text-sm text-muted">{label}</span>
      )}
      {children}
    </div>
  );
}
