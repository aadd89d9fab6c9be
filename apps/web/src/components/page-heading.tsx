// The page's one h1 and optional lead sentence.
import type { ReactNode } from 'react';

export function PageHeading({ children, lead }: { children: ReactNode; lead?: ReactNode }) {
  return (
    <header className="mb-6 flex flex-col gap-2">
      <h1 className="text-2xl font-bold">{children}</h1>
      {lead && <p className="text-muted">{lead}</p>}
    </header>
  );
}
