// The fields step: every page of every document, large and one under the other, with the fields
// placed on them; beside them (above them on phones) whose fields are being placed and the
// selected field's settings; over the pages, staying in view as they scroll, the palette of field
// kinds. A kind is dragged onto a page, or pressed to land on the page in view; placed fields move and resize by pointer or keyboard. Loaded
// lazily with the fields step, so the rest of the app does not carry it.
import type { SignatureRequest } from '@countersign/contract';
import { FIELD_KINDS } from '@countersign/domain';
import type { FieldKind, Placement } from '@countersign/domain';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { pickPageScale } from '../../../features/signing/page-scale.js';
import type { DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDraft, SignerDraft } from '../draft-model.js';
import { FieldBox } from './field-box.js';
import { FieldSettings } from './field-settings.js';
import { addField, removeField, updateField, type Spot } from './field-model.js';
import type { PageImagePath } from '../page-image.js';
import { FIELD_KIND_MIME, PageCanvas } from './page-canvas.js';
import { recipientColour } from './recipient-colours.js';

/** What the editor reads of a document: a request's, or a template's. */
type DocumentInfo = Pick<SignatureRequest['documents'][number], 'id' | 'title' | 'pages'>;

const newFieldId = () => crypto.randomUUID();

/** Pages of the first document a desktop shows when the editor opens (the second one in part). */
const PAGES_IN_VIEW_AT_OPENING = 2;

/** The page most in view: the first whose lower half is still below the top bar. */
function pageInView(frames: Map<string, HTMLDivElement>): { key: string; at: number } | null {
  for (const [key, element] of frames) {
    const rect = element.getBoundingClientRect();
    if (rect.bottom > 120) {
      const top = Math.max(rect.top, 80);
      const bottom = Math.min(rect.bottom, window.innerHeight);
      const middle = (top + bottom) / 2;
      return {
        key,
        at: rect.height > 0 ? Math.min(0.9, Math.max(0.1, (middle - rect.top) / rect.height)) : 0.5,
      };
    }
  }
  return null;
}

export function FieldEditor({
  documents,
  signers,
  fields,
  onChange,
  pageImagePath,
}: {
  documents: readonly DocumentInfo[];
  signers: readonly SignerDraft[];
  fields: readonly FieldDraft[];
  onChange: (fields: FieldDraft[]) => void;
  /** where the pages' images are, if not a request's documents (a template's roles and pages) */
  pageImagePath?: PageImagePath;
}) {
  const { t } = useTranslation();
  const id = useId();
  const frames = useRef(new Map<string, HTMLDivElement>());
  const [activeEmail, setActiveEmail] = useState(signers[0]?.email ?? '');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // The pages are laid out once the column's width is known, each at the scale fitted to it: every
  // page mounts once, and the first ones ask for their images in that same commit.
  const columnRef = useRef<HTMLDivElement>(null);
  const [columnWidth, setColumnWidth] = useState<number | null>(null);
  useLayoutEffect(() => setColumnWidth(columnRef.current?.clientWidth ?? 0), []);
  const active = signers.find((s) => s.email === activeEmail) ?? signers[0];
  const nameOf = (email: string) => {
    const signer = signers.find((s) => s.email === email);
    return signer?.name.trim() || email;
  };
  const colourOf = (email: string) =>
    recipientColour(
      Math.max(
        0,
        signers.findIndex((s) => s.email === email),
      ),
    );
  const selected = fields.find((f) => f.id === selectedId) ?? null;

  const place = (kind: string, spot: Spot) => {
    if (!active) return;
    const result = addField(fields, kind, active.email, spot, newFieldId);
    if (!result) return;
    onChange(result.fields);
    setSelectedId(result.id);
    setAnnouncement(
      t('send.fields.added', {
        kind: t(`send.fields.kinds.${kind as FieldKind}`),
        name: nameOf(active.email),
        page: spot.page,
      }),
    );
    // the new field takes the focus, so the keyboard can move it at once
    requestAnimationFrame(() =>
      document.querySelector<HTMLButtonElement>(`[data-field-id="${result.id}"]`)?.focus(),
    );
  };
  const placeInView = (kind: string) => {
    const inView = pageInView(frames.current);
    const [documentId, pageText] = (inView?.key ?? `${documents[0]?.id ?? ''}:1`).split(':');
    const document = documents.find((d) => d.id === documentId);
    const page = Number(pageText);
    const size = document?.pages[page - 1];
    if (!document || !size) return;
    place(kind, {
      documentId: document.id,
      page,
      size,
      at: { x: 0.5, y: inView?.at ?? 0.5 },
    });
  };
  const onPaletteDragStart = (kind: string) => (event: DragEvent<HTMLButtonElement>) => {
    event.dataTransfer.setData(FIELD_KIND_MIME, kind);
    event.dataTransfer.effectAllowed = 'copy';
  };

  if (signers.length === 0) return <p>{t('send.fields.noSigners')}</p>;
  return (
    <div className="flex flex-col gap-4 lg:flex-row lg:items-start">
      <aside
        aria-label={t('send.fields.tools')}
        className="flex flex-col gap-4 rounded-lg border border-line bg-white p-3 lg:sticky lg:top-20 lg:max-h-[calc(100dvh-6rem)] lg:w-72 lg:shrink-0 lg:overflow-y-auto"
      >
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold">{t('send.fields.placingFor')}</legend>
          {signers.map((signer, index) => (
            <label
              key={signer.email}
              className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1 text-sm hover:bg-canvas"
            >
              <input
                type="radio"
                name={`${id}-signer`}
                checked={signer.email === active?.email}
                onChange={() => setActiveEmail(signer.email)}
              />
              <span
                aria-hidden="true"
                className="size-3 shrink-0 rounded-full"
                style={{ backgroundColor: recipientColour(index) }}
              />
              <span className="min-w-0 break-all">{nameOf(signer.email)}</span>
            </label>
          ))}
        </fieldset>
        {selected && (
          <FieldSettings
            field={selected}
            signers={signers}
            nameOf={nameOf}
            fields={fields}
            onChange={onChange}
            onRemoved={() => setSelectedId(null)}
          />
        )}
        <p id={`${id}-help`} className="text-xs text-muted">
          {t('send.fields.help')}
        </p>
      </aside>
      <div ref={columnRef} className="flex min-w-0 flex-1 flex-col gap-6">
        {/* the palette stays in view above the pages, so a kind can be placed on any page scrolled to */}
        <div
          role="group"
          aria-labelledby={`${id}-palette`}
          className="sticky top-0 z-10 flex flex-col gap-1 rounded-b-lg border border-line bg-white p-2 shadow-sm"
        >
          <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
            <span id={`${id}-palette`} className="font-semibold">
              {t('send.fields.palette')}
            </span>
            <span id={`${id}-palette-help`} className="hidden text-xs text-muted sm:inline">
              {t('send.fields.paletteHelp')}
            </span>
          </p>
          <ul className="flex gap-2 overflow-x-auto pb-1">
            {FIELD_KINDS.map((kind) => (
              <li key={kind} className="shrink-0">
                <button
                  type="button"
                  draggable
                  data-kind={kind}
                  aria-describedby={`${id}-palette-help`}
                  onDragStart={onPaletteDragStart(kind)}
                  onClick={() => placeInView(kind)}
                  className="min-h-11 cursor-grab rounded-md border-2 bg-white px-3 py-1 text-sm font-semibold whitespace-nowrap"
                  style={{ borderColor: active ? colourOf(active.email) : undefined }}
                >
                  {t(`send.fields.kinds.${kind}`)}
                </button>
              </li>
            ))}
          </ul>
        </div>
        <p className="sr-only" role="status" aria-live="polite">
          {announcement}
        </p>
        {columnWidth !== null &&
          documents.map((doc, documentIndex) => (
            <section key={doc.id} aria-label={doc.title} className="flex flex-col gap-3">
              <h3 className="text-base font-semibold break-all">{doc.title}</h3>
              {doc.pages.map((size, index) => {
                const pageNumber = index + 1;
                const key = `${doc.id}:${pageNumber}`;
                return (
                  <PageCanvas
                    key={key}
                    documentId={doc.id}
                    documentTitle={doc.title}
                    pageNumber={pageNumber}
                    size={size}
                    scale={pickPageScale(columnWidth, window.devicePixelRatio, size.width)}
                    isInViewAtOpening={documentIndex === 0 && index < PAGES_IN_VIEW_AT_OPENING}
                    pageImagePath={pageImagePath}
                    frameRef={(element) => {
                      if (element) frames.current.set(key, element);
                      else frames.current.delete(key);
                    }}
                    onDropKind={(kind, at) => place(kind, { documentId: doc.id, page: pageNumber, size, at })}
                  >
                    {fields
                      .filter((f) => f.documentId === doc.id && f.page === pageNumber)
                      .map((field) => (
                        <FieldBox
                          key={field.id}
                          field={field}
                          signerName={nameOf(field.signerEmail)}
                          colour={colourOf(field.signerEmail)}
                          page={size}
                          isSelected={field.id === selectedId}
                          onSelect={() => setSelectedId(field.id)}
                          onChange={(placement: Placement) =>
                            onChange(updateField(fields, field.id, placement))
                          }
                          onRemove={() => {
                            onChange(removeField(fields, field.id));
                            setSelectedId(null);
                          }}
                          frame={() => frames.current.get(key)?.getBoundingClientRect()}
                          helpId={`${id}-help`}
                        />
                      ))}
                  </PageCanvas>
                );
              })}
            </section>
          ))}
      </div>
    </div>
  );
}
