// One placed field over its page: a button carrying the kind and the signer's name, in the
// signer's colour. Drag it to move it, drag its corner to resize it; with the keyboard, arrow
// keys move it (Shift: larger steps), Alt+arrow keys resize it, Delete removes it. Positions
// stay in PDF points (packages/domain), so the page's size on screen does not matter.
import {
  clampPlacement,
  keyboardMove,
  keyboardResize,
  MIN_FIELD_SIZE,
  movePlacement,
  placementBox,
  pointsFromPixels,
  resizePlacement,
} from '@countersign/domain';
import type { PageBox, Placement } from '@countersign/domain';
import { useRef } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDraft } from '../draft-model.js';

interface Drag {
  mode: 'move' | 'resize';
  x: number;
  y: number;
  start: Placement;
}

export function FieldBox({
  field,
  signerName,
  colour,
  page,
  isSelected,
  onSelect,
  onChange,
  onRemove,
  frame,
  helpId,
}: {
  field: FieldDraft;
  signerName: string;
  colour: string;
  page: PageBox;
  isSelected: boolean;
  onSelect: () => void;
  onChange: (placement: Placement) => void;
  onRemove: () => void;
  frame: () => DOMRect | undefined;
  helpId: string;
}) {
  const { t } = useTranslation();
  const drag = useRef<Drag | null>(null);
  const box = placementBox(field, page);
  const kindName = t(`send.fields.kinds.${field.kind}`);
  const start = (mode: Drag['mode']) => (event: PointerEvent<HTMLElement>) => {
    event.stopPropagation();
    onSelect();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { mode, x: event.clientX, y: event.clientY, start: field };
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const rect = frame();
    if (!drag.current || !rect) return;
    const d = pointsFromPixels(
      { x: event.clientX - drag.current.x, y: event.clientY - drag.current.y },
      { width: rect.width, height: rect.height },
      page,
    );
    onChange(
      drag.current.mode === 'move'
        ? movePlacement(drag.current.start, d.x, -d.y, page)
        : resizePlacement(drag.current.start, d.x, d.y, page, MIN_FIELD_SIZE),
    );
  };
  const stop = () => (drag.current = null);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      onRemove();
      return;
    }
    if (event.altKey) {
      const resize = keyboardResize(event.key, event.shiftKey);
      if (!resize) return;
      event.preventDefault();
      onChange(resizePlacement(field, resize.dw, resize.dh, page, MIN_FIELD_SIZE));
      return;
    }
    const move = keyboardMove(event.key, event.shiftKey);
    if (!move) return;
    event.preventDefault();
    onChange(clampPlacement(movePlacement(field, move.dx, move.dy, page), page));
  };
  return (
    <div
      className="absolute"
      style={{
        left: `${box.left * 100}%`,
        top: `${box.top * 100}%`,
        width: `${box.width * 100}%`,
        height: `${box.height * 100}%`,
      }}
    >
      <button
        type="button"
        data-field-id={field.id}
        // the visible words are the accessible name (WCAG 2.5.3)
        aria-describedby={helpId}
        aria-pressed={isSelected}
        className={`flex size-full touch-none items-center overflow-hidden rounded-sm border-2 bg-white/80 px-1 text-left text-[11px] leading-tight font-semibold ${
          isSelected ? 'outline-2 outline-offset-1 outline-ink' : ''
        }`}
        style={{ borderColor: colour, color: colour, backgroundColor: `${colour}1f` }}
        onPointerDown={start('move')}
        onPointerMove={onPointerMove}
        onPointerUp={stop}
        onPointerCancel={stop}
        onFocus={onSelect}
        onKeyDown={onKeyDown}
      >
        <span className="truncate">
          {t('send.fields.fieldOf', { kind: kindName, name: signerName })}
          {field.required ? '' : ` (${t('send.fields.optionalShort')})`}
        </span>
      </button>
      {isSelected && (
        <span
          aria-hidden="true"
          data-resize-handle=""
          className="absolute -right-2 -bottom-2 size-4 cursor-se-resize touch-none rounded-full border-2 border-white"
          style={{ backgroundColor: colour }}
          onPointerDown={start('resize')}
          onPointerMove={onPointerMove}
          onPointerUp={stop}
          onPointerCancel={stop}
        />
      )}
    </div>
  );
}
