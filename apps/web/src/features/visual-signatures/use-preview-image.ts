// Keeps an object URL of the preview of `source` up to date: a change waits `delayMs` of quiet
// (typing) before asking the server, an older answer never replaces a newer one, and URLs are
// released when replaced or when the component goes away.
import { useEffect, useRef, useState } from 'react';
import { useServices } from '../../app/services.js';
import { fetchPreview } from './visual-signature-api.js';
import type { PreviewSource } from './visual-signature-api.js';

export interface PreviewImage {
  url: string | null;
  isLoading: boolean;
  hasFailed: boolean;
}

export const PREVIEW_DEBOUNCE_MS = 400;

/** `version` forces a fresh image when the saved signature changed on the server. */
export function usePreviewImage(source: PreviewSource, delayMs: number, version = ''): PreviewImage {
  const { fetch, session } = useServices();
  const key = JSON.stringify(source);
  const [state, setState] = useState<PreviewImage>({ url: null, isLoading: true, hasFailed: false });
  const current = useRef<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => ({ ...previous, isLoading: true }));
    const timer = setTimeout(() => {
      fetchPreview({ fetch, session }, JSON.parse(key) as PreviewSource, controller.signal).then(
        (blob) => {
          if (controller.signal.aborted) return;
          const url = URL.createObjectURL(blob);
          if (current.current) URL.revokeObjectURL(current.current);
          current.current = url;
          setState({ url, isLoading: false, hasFailed: false });
        },
        () => {
          if (!controller.signal.aborted)
            setState((previous) => ({ ...previous, isLoading: false, hasFailed: true }));
        },
      );
    }, delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, version, delayMs, fetch, session]);

  useEffect(
    () => () => {
      if (current.current) URL.revokeObjectURL(current.current);
    },
    [],
  );
  return state;
}
