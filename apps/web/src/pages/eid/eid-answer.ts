// The answer an eID provider sends the browser back with (ADR 083): sent to the server exactly
// once, since its state is good for one try and React may run an effect twice.
import { useEffect, useRef } from 'react';

/** Whether the page was opened by a provider sending its answer back. */
export function isProviderAnswer(params: URLSearchParams): boolean {
  return params.has('state') && (params.has('code') || params.has('error'));
}

/** Runs `send` once with the page's query, when it is a provider's answer. */
export function useSendAnswerOnce(send: (query: string) => void): boolean {
  const sent = useRef(false);
  const query = window.location.search;
  const isAnswer = isProviderAnswer(new URLSearchParams(query));
  useEffect(() => {
    if (sent.current || !isAnswer) return;
    sent.current = true;
    send(query.replace(/^\?/, ''));
  }, [isAnswer, query, send]);
  return isAnswer;
}
