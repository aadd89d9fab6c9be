// Places each signer's visible signature field on a page preview. A field is a button over the
// page: drag it with a pointer, or focus it and move it with the arrow keys (Shift for larger
// steps). Positions are kept in PDF points (packages/domain signature-placement), so the
// preview's size on screen does not matter.
import type { SignatureRequest } from '@countersign/contract';
import {
  defaultPlacement,
  dragPlacement,
  keyboardMove,
  movePlacement,
  placementBox,
} from '@countersign/domain';
import type { Placement } from '@countersign/domain';
import { useId, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.js';
import type { SignerDraft } from './draft-model.js';
import { usePageImageUrl } from './page-image.js';

type DocumentInfo = SignatureRequest['documents'][number];

const fieldColours = [
  'border-primary bg-primary/15',
  'border-brand bg-brand/15',
  'border-success bg-success/15',
];

function FieldBox({
  signer,
  index,
  placement,
  page,
  isSelected,
  onSelect,
  onMove,
  frame,
}: {
  signer: SignerDraft;
  index: number;
  placement: Placement;
  page: { width: number; height: number };
  isSelected: boolean;
  onSelect: () => void;
  onMove: (placement: Placement) => void;
  frame: () => DOMRect | undefined;
}) {
  const { t } = useTranslation();
  const drag = useRef<{ x: number; y: number; start: Placement } | null>(null);
  const box = placementBox(placement, page);
  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    onSelect();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY, start: placement };
  };
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const rect = frame();
    if (!drag.current || !rect) return;
    const delta = { x: event.clientX - drag.current.x, y: event.clientY - drag.current.y };
    onMove(dragPlacement(drag.current.start, delta, { width: rect.width, height: rect.height }, page));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const move = keyboardMove(event.key, event.shiftKey);
    if (!move) return;
    event.preventDefault();
    onMove(movePlacement(placement, move.dx, move.dy, page));
  };
  return (
    <button
      type="button"
      aria-label={t('send.place.field', { email: signer.email })}
      aria-pressed={isSelected}
      className={`absolute flex touch-none items-center justify-center overflow-hidden rounded border-2 text-xs font-semibold text-ink ${
        fieldColours[index % fieldColours.length] ?? ''
      } ${isSelected ? 'ring-2 ring-ink' : ''}`}
      style={{
        left: `${box.left * 100}%`,
        top: `${box.top * 100}%`,
        width: `${box.width * 100}%`,
        height: `${box.height * 100}%`,
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={() => (drag.current = null)}
      onPointerCancel={() => (drag.current = null)}
      onFocus={onSelect}
      onKeyDown={onKeyDown}
    >
      <span className="truncate px-1">{signer.name.trim() || signer.email}</span>
    </button>
  );
}

export function PlacementEditor({
  documents,
  signers,
  onPlace,
}: {
  documents: readonly DocumentInfo[];
  signers: readonly SignerDraft[];
  onPlace: (email: string, documentId: string, placement: Placement | null) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const frameRef = useRef<HTMLDivElement>(null);
  const [documentId, setDocumentId] = useState(documents[0]?.id ?? '');
  const [pageNumber, setPageNumber] = useState(1);
  const [selectedEmail, setSelectedEmail] = useState(signers[0]?.email ?? '');
  const document = documents.find((d) => d.id === documentId) ?? documents[0];
  const pageCount = document?.pageCount ?? 1;
  const currentPage = Math.min(pageNumber, pageCount);
  const page = document?.pages[currentPage - 1];
  const image = usePageImageUrl(document?.id ?? '', currentPage);
  const selected = signers.find((s) => s.email === selectedEmail) ?? signers[0];
  if (!document || !page) return null;
  const selectedPlacement = selected?.placements[document.id] ?? null;

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-3">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {t('send.place.heading')}
      </h2>
      <p className="text-sm text-muted">{t('send.place.help')}</p>
      <div className="flex flex-wrap items-end gap-3">
        {documents.length > 1 && (
          <label className="flex min-w-0 flex-col gap-1 text-sm font-semibold">
            {t('send.place.document')}
            <select
              className="max-w-full rounded-md border border-line bg-white px-3 py-2 font-normal"
              value={document.id}
              onChange={(event) => {
                setDocumentId(event.target.value);
                setPageNumber(1);
              }}
            >
              {documents.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.title}
                </option>
              ))}
            </select>
          </label>
        )}
        {signers.length > 0 && (
          <label className="flex min-w-0 flex-col gap-1 text-sm font-semibold">
            {t('send.place.signer')}
            <select
              className="max-w-full rounded-md border border-line bg-white px-3 py-2 font-normal"
              value={selected?.email ?? ''}
              onChange={(event) => setSelectedEmail(event.target.value)}
            >
              {signers.map((s) => (
                <option key={s.email} value={s.email}>
                  {s.name.trim() ? `${s.name.trim()} <${s.email}>` : s.email}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {selected ? (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => onPlace(selected.email, document.id, defaultPlacement(currentPage, page))}
          >
            {selectedPlacement ? t('send.place.moveHere') : t('send.place.placeHere')}
          </Button>
          {selectedPlacement && (
            <Button variant="text" size="sm" onClick={() => onPlace(selected.email, document.id, null)}>
              {t('send.place.remove')}
            </Button>
          )}
        </div>
      ) : (
        <p className="text-sm">{t('send.place.noSigners')}</p>
      )}
      <nav aria-label={t('send.place.pages')} className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          size="sm"
          disabled={currentPage <= 1}
          onClick={() => setPageNumber(currentPage - 1)}
        >
          {t('send.place.previousPage')}
        </Button>
        <span aria-live="polite">{t('send.place.position', { page: currentPage, pages: pageCount })}</span>
        <Button
          variant="secondary"
          size="sm"
          disabled={currentPage >= pageCount}
          onClick={() => setPageNumber(currentPage + 1)}
        >
          {t('send.place.nextPage')}
        </Button>
      </nav>
      <div
        ref={frameRef}
        className="relative w-full max-w-xl border border-line bg-white shadow-sm"
        style={{ aspectRatio: `${page.width} / ${page.height}` }}
      >
        {image.url ? (
          <img
            src={image.url}
            alt={t('send.place.pageImage', { page: currentPage, title: document.title })}
            className="block size-full select-none"
            draggable={false}
          />
        ) : (
          <p className="p-4 text-sm text-muted" role="status">
            {image.isError ? t('send.place.pageError') : t('send.place.pageLoading')}
          </p>
        )}
        {signers.map((signer, index) => {
          const placement = signer.placements[document.id];
          if (!placement || placement.page !== currentPage) return null;
          return (
            <FieldBox
              key={signer.email}
              signer={signer}
              index={index}
              placement={placement}
              page={page}
              isSelected={signer.email === selected?.email}
              onSelect={() => setSelectedEmail(signer.email)}
              onMove={(moved) => onPlace(signer.email, document.id, moved)}
              frame={() => frameRef.current?.getBoundingClientRect()}
            />
          );
        })}
      </div>
    </section>
  );
}
