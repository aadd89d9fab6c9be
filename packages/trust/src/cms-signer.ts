// Reads who signed a CMS SignedData that came from elsewhere (a Mobile ID provider's answer, ADR
// 107): checks that the signature holds over the signed content with the certificate the
// SignerInfo points at, and hands back that certificate and the content. Whether the certificate
// is one to trust is the caller's business; this only refuses what is malformed or does not verify.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

export interface CmsSigner {
  /** the signer's certificate, DER */
  certificate: Uint8Array;
  /** the signed content, when the SignedData carries it */
  content: Uint8Array | undefined;
}

class CmsSignerError extends Error {}

export async function readCmsSigner(der: Uint8Array): Promise<CmsSigner> {
  let signed: pkijs.SignedData;
  try {
    const info = pkijs.ContentInfo.fromBER(der);
    if (info.contentType !== pkijs.ContentInfo.SIGNED_DATA) throw new Error('not a SignedData');
    signed = new pkijs.SignedData({ schema: info.content });
  } catch (error) {
    throw new CmsSignerError(`unreadable CMS signature: ${(error as Error).message}`);
  }
  if (signed.signerInfos.length !== 1) throw new CmsSignerError('expected exactly one signer');
  let verified: pkijs.SignedDataVerifyResult;
  try {
    verified = await signed.verify({ signer: 0, checkChain: false, extendedMode: true });
  } catch (error) {
    const result = error as Partial<pkijs.SignedDataVerifyResult>;
    throw new CmsSignerError(`the CMS signature does not verify: ${result.message ?? String(error)}`);
  }
  if (!verified.signatureVerified || !verified.signerCertificate)
    throw new CmsSignerError('the CMS signature does not verify');
  const eContent = signed.encapContentInfo.eContent;
  const content = eContent instanceof asn1js.OctetString ? new Uint8Array(eContent.getValue()) : undefined;
  return {
    certificate: new Uint8Array(verified.signerCertificate.toSchema().toBER(false)),
    content,
  };
}
