// Whether the screen is a phone's: narrower than the layout's `md` breakpoint (768 px), where the
// sign view stacks its parts and signing goes field by field. Follows the screen as it turns.
import { useSyncExternalStore } from 'react';

const PHONE_QUERY = '(max-width: 767px)';

const mediaQuery = () => (typeof window.matchMedia === 'function' ? window.matchMedia(PHONE_QUERY) : null);

function subscribe(onChange: () => void): () => void {
  const query = mediaQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

export function useIsPhone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => mediaQuery()?.matches ?? false,
    () => false,
  );
}
