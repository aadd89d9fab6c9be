// Keeps a lazily loaded frame (dialogs, overlays) off the page until it is first needed, then
// mounted for good, so the library behind it (Radix) still runs its closing steps: focus goes back
// to where it was and page scrolling returns.
import { Suspense, useState } from 'react';
import type { ReactNode } from 'react';

export function MountOnceOpened({ isOpen, children }: { isOpen: boolean; children: ReactNode }) {
  const [hasOpened, setHasOpened] = useState(false);
  if (isOpen && !hasOpened) setHasOpened(true);
  return hasOpened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
