// One page of a document: a box of the page's proportions that fetches its image only when it
// comes near the viewport (IntersectionObserver; on a phone two screens ahead while scrolling
// down), with the retries of spec 9. A 117-page document on a phone loads the pages being read,
// not all 117. The page comes in two steps (spec 9's image placeholder): first a 10x10 image shown
// blurred by 3 px, a few hundred bytes that give the page's shape and colours at once, then the
// image at the column's width in device pixels, WebP where the browser shows it (spec 4's test),
// else PNG decoded from the one-at-a-time queue after 1 s.
import { IMAGE_PLACEHOLDER, WEBP_FALLBACK_DELAY_MS } from '@countersign/domain';
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { createDecodeQueue, decodeImage } from './decode-queue.js';
import { loadPageBlob } from './page-blobs.js';
import { pickPageScale } from './page-scale.js';
import { supportsWebp } from './webp-support.js';

/** What to ask the server for: the page at a scale, or its placeholder, in a format. */
export interface PageAsk {
  scale: number;
  format: 'webp' | 'png';
  isPlaceholder?: boolean;
}

export type PageRequest = (ask: PageAsk) => { url: string; init: RequestInit };

export interface PageImageProps {
  page: number;
  pageCount: number;
  documentTitle: string;
  size: { width: number; height: number };
  request: PageRequest;
  /** the largest scale to ask for (a zoomed view that shows only part of the page) */
  maxScale?: number;
  /** drawn over the page (its fields), in a box of the page's size */
  children?: ReactNode;
}

type LoadState = { kind: 'waiting' } | { kind: 'loaded'; src: string } | { kind: 'failed' };

const pngDecodes = createDecodeQueue(WEBP_FALLBACK_DELAY_MS);

/** The page's format here: WebP where the browser shows it. */
export const pageFormat = async (): Promise<'webp' | 'png'> => ((await supportsWebp()) ? 'webp' : 'png');

/**
 * Fetches the page's image ahead (shared with the page when it comes into view), at the scale
 * the page will ask for in a column `columnWidth` CSS pixels wide.
 */
export async function fetchPageAhead(
  doFetch: typeof fetch,
  request: PageRequest,
  columnWidth: number,
  pageWidthPts: number,
  maxScale = Infinity,
): Promise<void> {
  const scale = Math.min(maxScale, pickPageScale(columnWidth, window.devicePixelRatio, pageWidthPts));
  await loadPageBlob(doFetch, request({ scale, format: await pageFormat() })).catch(() => undefined);
}

/** An object URL for `blob` while the component shows it. */
function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return undefined;
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

/** Whether the element has come near the viewport; `isNearAtOnce` for one known to be in view from the start. */
export function useNearViewport(
  ref: React.RefObject<HTMLElement | null>,
  isNearAtOnce = false,
  rootMargin = '600px 0px',
): boolean {
  const [isNear, setNear] = useState(isNearAtOnce);
  useEffect(() => {
    const element = ref.current;
    if (!element || isNear) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, isNear, rootMargin]);
  return isNear;
}

/** Below the screen the next pages are fetched this far ahead (two screens), above it less. */
const AHEAD = '100% 0px 200% 0px';

export function PageImage({
  page,
  pageCount,
  documentTitle,
  size,
  request,
  maxScale = Infinity,
  children,
}: PageImageProps) {
  const { t } = useTranslation();
  const { fetch: doFetch } = useServices();
  const boxRef = useRef<HTMLDivElement>(null);
  const isNear = useNearViewport(boxRef, false, AHEAD);
  const [state, setState] = useState<LoadState>({ kind: 'waiting' });
  const [placeholder, setPlaceholder] = useState<Blob | null>(null);
  const [image, setImage] = useState<Blob | null>(null);
  const [attempt, setAttempt] = useState(0);
  // The parent rebuilds `request` on every render; the page, its size and the attempt decide a load.
  const requestRef = useRef(request);
  requestRef.current = request;

  useEffect(() => {
    if (!isNear) return;
    let isCurrent = true;
    const width = boxRef.current?.clientWidth ?? 0;
    const scale = Math.min(maxScale, pickPageScale(width, window.devicePixelRatio, size.width));
    void pageFormat().then(async (format) => {
      const ask = (isPlaceholder: boolean) => requestRef.current({ scale, format, isPlaceholder });
      // the placeholder is a few hundred bytes: it comes first even on a slow network
      void loadPageBlob(doFetch, ask(true)).then(
        (blob) => isCurrent && setPlaceholder((shown) => shown ?? blob),
        () => undefined,
      );
      try {
        const blob = await loadPageBlob(doFetch, ask(false));
        if (format === 'png') await pngDecodes.add(() => decodeBlob(blob));
        if (isCurrent) setImage(blob);
      } catch {
        if (isCurrent) setState({ kind: 'failed' });
      }
    });
    return () => {
      isCurrent = false;
    };
  }, [isNear, attempt, doFetch, size.width, maxScale]);

  const placeholderUrl = useObjectUrl(state.kind === 'loaded' ? null : placeholder);
  const imageUrl = useObjectUrl(image);
  useEffect(() => {
    if (imageUrl) setState({ kind: 'loaded', src: imageUrl });
  }, [imageUrl]);

  const label = t('sign.view.pageLabel', { page, total: pageCount, title: documentTitle });
  return (
    <div
      ref={boxRef}
      className="relative w-full overflow-hidden rounded-sm bg-white shadow-sm ring-1 ring-line"
      style={{ aspectRatio: `${size.width} / ${size.height}` }}
      data-testid="document-page"
      data-state={state.kind}
    >
      {placeholderUrl && state.kind !== 'loaded' && (
        <img
          src={placeholderUrl}
          alt=""
          data-placeholder=""
          data-label={label}
          className="absolute inset-0 block size-full"
          style={{ filter: `blur(${IMAGE_PLACEHOLDER.blur}px)` }}
        />
      )}
      {state.kind === 'loaded' && <img src={state.src} alt={label} className="block size-full" />}
      {children}
      {state.kind === 'waiting' && !placeholderUrl && (
        <span className="absolute inset-0 flex items-center justify-center text-sm text-muted">{label}</span>
      )}
      {state.kind === 'failed' && (
        <div
          role="alert"
          className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-4 text-center"
        >
          <span className="text-sm">{t('sign.view.pageFailed', { page })}</span>
          <button
            type="button"
            className="rounded-md border border-primary px-3 py-1 text-sm font-semibold text-primary-dark"
            onClick={() => {
              setState({ kind: 'waiting' });
              setImage(null);
              setAttempt((n) => n + 1);
            }}
          >
            {t('sign.view.pageRetry')}
          </button>
        </div>
      )}
    </div>
  );
}

/** Decodes a fetched PNG before it is shown (the queue's turn), from an object URL of its own. */
async function decodeBlob(blob: Blob): Promise<void> {
  const url = URL.createObjectURL(blob);
  try {
    await decodeImage(url);
  } catch {
    // an image the browser cannot decode off screen is still shown (and fails there, visibly)
  } finally {
    URL.revokeObjectURL(url);
  }
}
