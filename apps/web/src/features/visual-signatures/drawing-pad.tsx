// A box to draw a signature in with a finger, pen or mouse (signature_pad smooths the strokes,
// loaded only when this box is shown). The canvas matches the screen's pixel density, so the PNG
// it gives is sharp; it is cleared when its size changes, since the strokes would be distorted.
import type SignaturePad from 'signature_pad';
import { useEffect, useImperativeHandle, useRef } from 'react';
import type { Ref } from 'react';

export interface DrawingPadHandle {
  /** the drawing as a PNG, or null when nothing is drawn */
  toPng(): Promise<Blob | null>;
  clear(): void;
}

export function DrawingPad({
  label,
  onChange,
  ref,
}: {
  label: string;
  /** told whether anything is drawn, after each stroke and each clearing */
  onChange(hasDrawing: boolean): void;
  ref: Ref<DrawingPadHandle>;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let isGone = false;
    let observer: ResizeObserver | null = null;
    void import('signature_pad').then(({ default: Pad }) => {
      if (isGone) return;
      const pad = new Pad(canvas, { penColor: '#0b1f4d', minWidth: 0.8, maxWidth: 2.6 });
      padRef.current = pad;
      pad.addEventListener('endStroke', () => changed.current(!pad.isEmpty()));
      let fitted = '';
      // only a real change of size clears (the observer also reports the size it starts with)
      const fit = () => {
        const ratio = Math.max(window.devicePixelRatio || 1, 1);
        const size = `${canvas.offsetWidth}x${canvas.offsetHeight}@${ratio}`;
        if (size === fitted) return;
        fitted = size;
        canvas.width = canvas.offsetWidth * ratio;
        canvas.height = canvas.offsetHeight * ratio;
        canvas.getContext('2d')?.scale(ratio, ratio);
        pad.clear();
        changed.current(false);
      };
      fit();
      canvas.dataset['ready'] = 'true';
      observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
      observer?.observe(canvas);
    });
    return () => {
      isGone = true;
      observer?.disconnect();
      padRef.current?.off();
      padRef.current = null;
    };
  }, []);

  useImperativeHandle(ref, () => ({
    toPng: async () => {
      const canvas = canvasRef.current;
      if (!canvas || !padRef.current || padRef.current.isEmpty()) return null;
      return new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
    },
    clear: () => {
      padRef.current?.clear();
      changed.current(false);
    },
  }));

  return (
    <canvas
      ref={canvasRef}
      role="img"
      aria-label={label}
      data-testid="drawing-pad"
      className="h-40 w-full touch-none rounded-md border-2 border-dashed border-line bg-white"
    />
  );
}
