// Leaving a draft with a change the server does not have yet asks first (spec 2, the default
// "leave page" dialog): a link inside the app is held until the person chooses to leave or to
// stay; closing or reloading the tab gets the browser's own question. Work kept in this browser
// (use-autosave.ts) survives either way; the question is about leaving before it is saved.
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { useDialogs } from '../../features/dialogs/dialog-store.js';

export function useLeaveGuard(isUnsaved: boolean, isUnsavedNow: () => boolean): void {
  // asked at the moment of leaving: a save that just finished, or a request just sent, lets go
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    // moving between the steps of the same draft is not leaving it
    return currentLocation.pathname !== nextLocation.pathname && isUnsavedNow();
  });
  const dialogs = useDialogs();
  const openedId = useRef<number | null>(null);
  const isShown = useRef(false);

  useEffect(() => {
    if (blocker.state !== 'blocked' || openedId.current !== null) return;
    isShown.current = false;
    openedId.current = dialogs.open({
      namespace: 'default',
      name: 'leave-page',
      onAction: () => {
        openedId.current = null;
        blocker.proceed();
      },
    });
  }, [blocker, dialogs]);

  // shown, then closed without choosing to leave: stay
  useEffect(() => {
    if (openedId.current === null) return;
    if (dialogs.active?.id === openedId.current) {
      isShown.current = true;
    } else if (isShown.current) {
      openedId.current = null;
      if (blocker.state === 'blocked') blocker.reset();
    }
  }, [dialogs.active, blocker]);

  useEffect(() => {
    if (!isUnsaved) return undefined;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [isUnsaved]);
}
