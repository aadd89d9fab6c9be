// One page of a document: a box of the page's proportions that fetches its image only when it
// comes near the viewport (IntersectionObserver), at a scale fitted to the column, with the
// retries of spec 9. A 30-page document on a phone loads the pages being read, not all 30.
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { fetchWithRetry } from './fetch-with-retry.js';
import { pickPageScale } from './page-scale.js';

export interface PageImageProps {
  page: number;
  pageCount: number;
  documentTitle: string;
  size: { width: number; height: number };
  request: (scale: number) => { url: string; init: RequestInit };
  /** drawn over the page (its fields), in a box of the page's size */
  children?: ReactNode;
}

type LoadState = { kind: 'waiting' } | { kind: 'loaded'; src: string } | { kind: 'failed' };

/** Whether the element has come near the viewport; `isNearAtOnce` for one known to be in view from the start. */
export function useNearViewport(ref: React.RefObject<HTMLElement | null>, isNearAtOnce = false): boolean {
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
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, isNear]);
  return isNear;
}

export function PageImage({ page, pageCount, documentTitle, size, request, children }: PageImageProps) {
  const { t } = useTranslation();
  const { fetch: doFetch } = useServices();
  const boxRef = useRef<HTMLDivElement>(null);
  const isNear = useNearViewport(boxRef);
  const [state, setState] = useState<LoadState>({ kind: 'waiting' });
  const [attempt, setAttempt] = useState(0);
  // The parent rebuilds `request` on every render; the page, its size and the attempt decide a load.
  const requestRef = useRef(request);
  requestRef.current = request;

  useEffect(() => {
    if (!isNear) return;
    const controller = new AbortController();
    const width = boxRef.current?.clientWidth ?? 0;
    const scale = pickPageScale(width, window.devicePixelRatio, size.width);
    const { url, init } = requestRef.current(scale);
    let objectUrl: string | null = null;
    fetchWithRetry(doFetch, url, init, { signal: controller.signal })
      .then((response) => response.blob())
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setState({ kind: 'loaded', src: objectUrl });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ kind: 'failed' });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [isNear, attempt, doFetch, size.width]);

  const label = t('sign.view.pageLabel', { page, total: pageCount, title: documentTitle });
  return (
    <div
      ref={boxRef}
      className="relative w-full overflow-hidden rounded-sm bg-white shadow-sm ring-1 ring-line"
      style={{ aspectRatio: `${size.width} / ${size.height}` }}
      data-testid="document-page"
      data-state={state.kind}
    >
      {state.kind === 'loaded' && <img src={state.src} alt={label} className="block size-full" />}
      {children}
      {state.kind === 'waiting' && (
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
