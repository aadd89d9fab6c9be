// The sandbox identification provider: no video call, a form. It plays the provider's part for
// every method (srs video/robo, intrum video/autoident): the person's "identity check" is a page
// under /sandbox/identification/{id} where they confirm their name and approve or reject, and the
// result reaches the server as a real provider's would, through the webhook with an HMAC
// signature that the server verifies. Never offered in production.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { IdentificationProvider, IdentificationReport } from './provider.js';

/** A webhook older than this is refused, so a captured delivery cannot be replayed later. */
const CALLBACK_MAX_AGE_MS = 10 * 60_000;

const ZReport = z.object({
  identificationId: z.string().min(1),
  event: z.enum(['opened', 'approved', 'rejected']),
  identity: z
    .object({
      givenName: z.string().trim().min(1).max(100),
      surname: z.string().trim().min(1).max(100),
      country: z.string().regex(/^[A-Z]{2}$/),
      mobile: z.string().trim().min(3).max(32),
    })
    .optional(),
  sentAt: z.number().int(),
});

export const ZSignedCallback = z.object({
  payload: z.string().min(1),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});
export type SignedCallback = z.infer<typeof ZSignedCallback>;

export interface SandboxIdentificationProvider extends IdentificationProvider {
  /** What the sandbox's page posts to the webhook: the report, base64url JSON, and its HMAC. */
  signCallback(report: IdentificationReport): SignedCallback;
}

export function createSandboxIdentificationProvider(options: {
  publicUrl: string;
  /** shared between the sandbox and the webhook check, as a real provider's webhook secret is */
  secret: string;
  now: () => Date;
}): SandboxIdentificationProvider {
  const mac = (payload: string) => createHmac('sha256', options.secret).update(payload).digest('hex');
  const invalid = (why: string) => new AppError('identification.callback_invalid', why);
  return {
    start: async ({ identificationId }) => ({
      url: `${options.publicUrl}/sandbox/identification/${encodeURIComponent(identificationId)}`,
    }),
    cancel: async () => undefined,
    signCallback(report) {
      const payload = Buffer.from(JSON.stringify({ ...report, sentAt: options.now().getTime() })).toString(
        'base64url',
      );
      return { payload, signature: mac(payload) };
    },
    verifyCallback(body) {
      const signed = ZSignedCallback.safeParse(body);
      if (!signed.success) throw invalid('The callback is not a signed sandbox report');
      const expected = Buffer.from(mac(signed.data.payload), 'hex');
      if (!timingSafeEqual(expected, Buffer.from(signed.data.signature, 'hex')))
        throw invalid('The callback signature does not match');
      let decoded: unknown;
      try {
        decoded = JSON.parse(Buffer.from(signed.data.payload, 'base64url').toString('utf8'));
      } catch {
        throw invalid('The callback payload is not JSON');
      }
      const report = ZReport.safeParse(decoded);
      if (!report.success) throw invalid('The callback payload has the wrong shape');
      const age = options.now().getTime() - report.data.sentAt;
      if (age < -60_000 || age > CALLBACK_MAX_AGE_MS) throw invalid('The callback is too old');
      if (report.data.event === 'approved' && !report.data.identity)
        throw invalid('An approval must carry the identity');
      const { sentAt: _sentAt, ...rest } = report.data;
      return rest as IdentificationReport;
    },
  };
}
