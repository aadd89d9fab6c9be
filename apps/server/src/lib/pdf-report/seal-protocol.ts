// A report PDF (the signature protocol, an invoice) is sealed by the platform: a PAdES signature,
// made by our own engine, with a seal certificate from the Seal CA naming Countersign. As with
// signers (ADR 006) the key is made for this one seal and never stored; B-LTA keeps the seal
// checkable after the certificate's day.
import { signPdf } from '@countersign/pades';
import type { CountersignTrustServices } from '@countersign/trust';

export const PLATFORM_SEAL_NAME = 'Countersign';
export const SEAL_FIELD_NAME = 'Countersign-Seal';

export async function sealProtocol(
  bytes: Uint8Array,
  trust: CountersignTrustServices,
  sealedAt: Date,
  reason: string,
): Promise<Uint8Array> {
  const seal = await trust.issueSealCertificate({ organisation: PLATFORM_SEAL_NAME, quality: 'aes' });
  return signPdf(bytes, {
    fieldName: SEAL_FIELD_NAME,
    createField: { name: SEAL_FIELD_NAME },
    signer: seal,
    level: 'B-LTA',
    services: trust,
    signingTime: sealedAt,
    name: PLATFORM_SEAL_NAME,
    reason,
  });
}
