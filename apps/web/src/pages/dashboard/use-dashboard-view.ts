// The dashboard's view settings as React state, written to the saved-view cookie on every
// change so the next visit opens the list the way it was left.
import type { DashboardView } from '@countersign/domain';
import { useCallback, useState } from 'react';
import { readSavedView, savedViewCookie } from './saved-view-cookie.js';

export function useDashboardView(): [DashboardView, (change: Partial<DashboardView>) => void] {
  const [view, setView] = useState<DashboardView>(() => readSavedView(document.cookie));
  const update = useCallback((change: Partial<DashboardView>) => {
    setView((current) => {
      const next = { ...current, ...change };
      document.cookie = savedViewCookie(next, { isSecure: window.location.protocol === 'https:' });
      return next;
    });
  }, []);
  return [view, update];
}
