// What the embedded signing page tells the page that frames it (ADR 088): one message per outcome,
// `{ type, event }` and nothing more, posted only to the origins the business registered. A
// message posted for an origin the parent does not have is dropped by the browser, so a page on
// any other origin hears nothing.
import {
  EMBEDDED_SIGNING_MESSAGE_TYPE,
  type EmbeddedSigningEvent,
  type EmbeddedSigningMessage,
} from '@countersign/contract';

/** Whatever can receive a posted message: the parent window, in the browser. */
export interface MessageTarget {
  postMessage(message: unknown, targetOrigin: string): void;
}

/** Posts `event` to `parent` for each allowed origin; nothing when the page is not framed. */
export function tellParent(
  parent: MessageTarget | null,
  allowedOrigins: readonly string[],
  event: EmbeddedSigningEvent,
): void {
  if (!parent) return;
  const message: EmbeddedSigningMessage = { type: EMBEDDED_SIGNING_MESSAGE_TYPE, event };
  for (const origin of allowedOrigins) {
    // never '*': the outcome is for the integrator's page, not for whoever frames it
    if (origin !== '*' && origin !== '') parent.postMessage(message, origin);
  }
}

/** The framing window, or null when the page is the top window. */
export function parentWindow(): MessageTarget | null {
  return window.parent === window ? null : window.parent;
}
