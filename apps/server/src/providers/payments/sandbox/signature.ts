// The signature of a sandbox webhook delivery, made the way Stripe signs its own: an HMAC-SHA256
// over "<unix seconds>.<body>", sent as `Countersign-Signature: t=<seconds>,v1=<hex>`. The time
// stamp is signed too, so an old delivery cannot be replayed as a new one once it is past the
// tolerance; within it, the event id makes a replay harmless.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SANDBOX_SIGNATURE_HEADER = 'countersign-signature';

/** How far a delivery's time stamp may be from our clock (Stripe's default). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

function mac(secret: string, seconds: number, body: Buffer | string): Buffer {
  return createHmac('sha256', secret).update(`${seconds}.`).update(body).digest();
}

export function signPayload(secret: string, body: string, at: Date): string {
  const seconds = Math.floor(at.getTime() / 1000);
  return `t=${seconds},v1=${mac(secret, seconds, body).toString('hex')}`;
}

/** Whether `header` signs `body` with `secret` at a time within the tolerance of `now`. */
export function isSignatureValid(
  secret: string,
  body: Buffer,
  header: string | undefined,
  now: Date,
): boolean {
  if (!header) return false;
  const parts = new Map<string, string[]>();
  for (const item of header.split(',')) {
    const at = item.indexOf('=');
    if (at <= 0) continue;
    const key = item.slice(0, at).trim();
    parts.set(key, [...(parts.get(key) ?? []), item.slice(at + 1).trim()]);
  }
  const seconds = Number(parts.get('t')?.[0]);
  if (!Number.isInteger(seconds)) return false;
  if (Math.abs(now.getTime() / 1000 - seconds) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = mac(secret, seconds, body);
  return (parts.get('v1') ?? []).some((hex) => {
    if (!/^[0-9a-f]{64}$/.test(hex)) return false;
    return timingSafeEqual(Buffer.from(hex, 'hex'), expected);
  });
}
