// The protocol as a file: rendered in its language, then sealed by the platform.
import type { SignatureProtocol } from '@countersign/contract';
import { textsOf } from '../../../lib/i18n.js';
import type { MailAttachment } from '../../../providers/mail/mailer.js';
import type { RequestsDeps } from '../deps.js';
import type { Language } from '@countersign/domain';
import type { RequestRecord } from '../model.js';
import { collectProtocol } from './build-protocol.js';
import { renderProtocolPdf } from './render-protocol.js';
import { sealProtocol } from '../../../lib/pdf-report/seal-protocol.js';

export async function sealedProtocolPdf(
  deps: Pick<RequestsDeps, 'clock' | 'trust'>,
  protocol: SignatureProtocol,
): Promise<Uint8Array> {
  const unsealed = await renderProtocolPdf(protocol);
  return sealProtocol(
    unsealed,
    await deps.trust(),
    deps.clock.now(),
    textsOf(protocol.language, 'protocol')('title'),
  );
}

export function protocolFileName(protocol: SignatureProtocol): string {
  return `signature-protocol-${protocol.request.id}.pdf`;
}

/**
 * The protocol of one request as a mail attachment, per language: the evidence is collected (and
 * every signature validated) once; each language is rendered and sealed once.
 */
export function protocolAttachments(
  deps: Pick<RequestsDeps, 'blobs' | 'clock' | 'db' | 'pdf' | 'trust'>,
  request: RequestRecord,
): (language: Language) => Promise<MailAttachment> {
  let collected: Promise<SignatureProtocol> | undefined;
  const files = new Map<Language, Promise<MailAttachment>>();
  return (language) => {
    let file = files.get(language);
    if (!file) {
      collected ??= collectProtocol(deps, request, language);
      file = collected.then(async (protocol) => {
        const content = await sealedProtocolPdf(deps, { ...protocol, language });
        // stored once here, so that each recipient's mail refers to the same blob
        const blob = await deps.blobs.put(content);
        return { filename: protocolFileName(protocol), content, contentType: 'application/pdf', blob };
      });
      files.set(language, file);
    }
    return file;
  };
}
