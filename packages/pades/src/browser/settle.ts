// Settles the signature checks the validator asked for with the browser's WebCrypto (see
// node-crypto.ts): the key imported as SubjectPublicKeyInfo, an ECDSA signature turned from DER
// (r, s) into the fixed-width r || s WebCrypto takes. A key or signature WebCrypto refuses is a
// check that fails, as Node's verify answers false for it.
import { settle, type SignatureQuestion } from './node-crypto.js';

const HASH_NAMES = { sha1: 'SHA-1', sha256: 'SHA-256', sha384: 'SHA-384', sha512: 'SHA-512' } as const;
const CURVE_BYTES = { 'P-256': 32, 'P-384': 48, 'P-521': 66 } as const;

/** ECDSA-Sig-Value ::= SEQUENCE { r INTEGER, s INTEGER } (RFC 3279) as r || s, each `width` bytes. */
function ecdsaSignatureToP1363(der: Uint8Array, width: number): Uint8Array | undefined {
  let at = 0;
  const readLength = (): number => {
    let length = der[at++]!;
    if (length & 0x80) {
      const count = length & 0x7f;
      length = 0;
      for (let i = 0; i < count; i++) length = (length << 8) | der[at++]!;
    }
    return length;
  };
  if (der[at++] !== 0x30) return undefined;
  readLength();
  const out = new Uint8Array(2 * width);
  for (let part = 0; part < 2; part++) {
    if (der[at++] !== 0x02) return undefined;
    const length = readLength();
    let value = der.subarray(at, at + length);
    at += length;
    while (value.length > width && value[0] === 0) value = value.subarray(1);
    if (value.length > width) return undefined;
    out.set(value, (part + 1) * width - value.length);
  }
  return out;
}

async function check(question: SignatureQuestion): Promise<boolean> {
  const hash = HASH_NAMES[question.hash];
  const { key } = question;
  const subtle = globalThis.crypto.subtle;
  const spki = Uint8Array.from(key.spki);
  if (question.scheme === 'ECDSA') {
    if (!key.namedCurve) return false;
    const signature = ecdsaSignatureToP1363(question.signature, CURVE_BYTES[key.namedCurve]);
    if (!signature) return false;
    const imported = await subtle.importKey(
      'spki',
      spki,
      { name: 'ECDSA', namedCurve: key.namedCurve },
      false,
      ['verify'],
    );
    return subtle.verify({ name: 'ECDSA', hash }, imported, signature, Uint8Array.from(question.data));
  }
  const imported = await subtle.importKey('spki', spki, { name: question.scheme, hash }, false, ['verify']);
  const params =
    question.scheme === 'RSA-PSS'
      ? { name: 'RSA-PSS', saltLength: question.saltLength ?? 32 }
      : { name: question.scheme };
  return subtle.verify(params, imported, Uint8Array.from(question.signature), Uint8Array.from(question.data));
}

export async function settleQuestions(questions: readonly [string, SignatureQuestion][]): Promise<void> {
  await Promise.all(
    questions.map(async ([key, question]) => settle(key, await check(question).catch(() => false))),
  );
}
