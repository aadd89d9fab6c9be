// The protocol as a file: rendered in its language, then sealed by the platform.
import type { SignatureProtocol } from '@countersign/contract';
import type { RequestsDeps } from '../deps.js';
import { renderProtocolPdf } from './render-protocol.js';
import { sealProtocol } from './seal-protocol.js';
import { PROTOCOL_TEXTS } from './texts.js';

export async function sealedProtocolPdf(
  deps: RequestsDeps,
  protocol: SignatureProtocol,
): Promise<Uint8Array> {
  const unsealed = await renderProtocolPdf(protocol);
  return sealProtocol(
    unsealed,
    await deps.trust(),
    deps.clock.now(),
    PROTOCOL_TEXTS[protocol.language].title,
  );
}

export function protocolFileName(protocol: SignatureProtocol): string {
  return `signature-protocol-${protocol.request.id}.pdf`;
}
