// /embed/sign/{id}/{userid} (ADR 088): the link holder's view inside an integrator's frame, opened
// with a short-lived token the request's sender asked for. The server lets only the business's
// registered origins frame it; the page tells the frame's parent `signed`, `declined` or `error`
// (posted to those origins only) and never navigates anywhere itself.
import { embeddedSigningEndpoints } from '@countersign/contract';
import { resolveRedirects } from '@countersign/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useServices } from '../../app/services.js';
import { parentWindow, tellParent } from '../../features/signing/parent-messenger.js';
import type { EmbeddedSigningEvent } from '@countersign/contract';
import { DirectView, InvalidLink, useDirectSessionOfAddress } from './direct-view-page.js';
import type { DirectViewListener } from './direct-view-page.js';

/** no exit, decline or error address: the integrator's page decides what comes next */
const NO_REDIRECTS = resolveRedirects({});

export function EmbeddedSigningPage() {
  const { api } = useServices();
  const session = useDirectSessionOfAddress();
  const token = session?.token;
  const origins = useQuery({
    queryKey: ['embedded-signing', token],
    queryFn: ({ signal }) =>
      api.call(embeddedSigningEndpoints.directGetEmbeddedSigning, { query: { token: token ?? '' }, signal }),
    enabled: token !== undefined,
    staleTime: Infinity,
    retry: false,
  });
  // an outcome may come before the origins are known: it waits for them, and is told once
  const told = useRef(new Set<EmbeddedSigningEvent>());
  const pending = useRef<EmbeddedSigningEvent[]>([]);
  const allowedOrigins = origins.data?.allowedOrigins;
  const tell = useMemo(
    () => (event: EmbeddedSigningEvent) => {
      if (told.current.has(event)) return;
      if (!allowedOrigins) {
        pending.current.push(event);
        return;
      }
      told.current.add(event);
      tellParent(parentWindow(), allowedOrigins, event);
    },
    [allowedOrigins],
  );
  useEffect(() => {
    const waiting = pending.current;
    pending.current = [];
    waiting.forEach(tell);
  }, [tell]);
  const listener = useMemo<DirectViewListener>(
    () => ({
      onHandled: (outcome) => tell(outcome.kind === 'declined' ? 'declined' : 'signed'),
      onInvalid: () => tell('error'),
    }),
    [tell],
  );
  if (!session) return <InvalidLink />;
  return <DirectView session={session} listener={listener} redirects={NO_REDIRECTS} />;
}
