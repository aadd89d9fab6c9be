// One webhook attempt: the Standard Webhooks signature and the HTTP POST. The host is resolved
// once, every address it resolves to is judged (addresses.ts), and the connection goes to the
// address that was judged: the socket's own lookup answers with it, so a second DNS answer cannot
// swap in a private address between the check and the connection (DNS rebinding). Redirects are
// not followed (a 3xx is a failed attempt) and the whole attempt has a deadline.
import { createHmac, randomBytes } from 'node:crypto';
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net, { type LookupFunction } from 'node:net';
import { isPublicAddress } from './addresses.js';

const SECRET_PREFIX = 'whsec_';

/** A new signing secret: `whsec_` and the base64 of 32 random bytes. */
export function newSigningSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/**
 * The `webhook-signature` header: `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` for each
 * secret, separated by spaces, so a receiver holding any one of them can check it.
 */
export function signatureHeader(
  secrets: readonly string[],
  id: string,
  timestamp: number,
  body: string,
): string {
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
      return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
    })
    .join(' ');
}

export interface SendOptions {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  /** WEBHOOK_ALLOW_PRIVATE: private, loopback and link-local addresses allowed too */
  allowPrivate: boolean;
}

export type AttemptResult = { status: number; error: null } | { status: null; error: string };

/** The refusal of an address, as the delivery log shows it. */
export class AddressRefused extends Error {}

/** The host's addresses, each of them checked: one private address refuses the host. */
async function resolveChecked(
  host: string,
  allowPrivate: boolean,
): Promise<{ address: string; family: number }> {
  const bare = host.startsWith('[') ? host.slice(1, -1) : host;
  const found = net.isIP(bare)
    ? [{ address: bare, family: net.isIP(bare) }]
    : await dnsLookup(bare, { all: true, verbatim: true });
  if (found.length === 0) throw new AddressRefused(`${host} has no address`);
  if (!allowPrivate) {
    const refused = found.find((a) => !isPublicAddress(a.address));
    if (refused) {
      throw new AddressRefused(
        `${host} resolves to ${refused.address}, which is not a public address (WEBHOOK_ALLOW_PRIVATE=1 allows it)`,
      );
    }
  }
  return found[0]!;
}

/** POSTs the body to the URL, to the address that was checked, and reports the answer's status. */
export async function sendWebhook(options: SendOptions): Promise<AttemptResult> {
  const url = new URL(options.url);
  let target: { address: string; family: number };
  try {
    target = await resolveChecked(url.hostname, options.allowPrivate);
  } catch (err) {
    return {
      status: null,
      error: err instanceof AddressRefused ? err.message : `DNS: ${(err as Error).message}`,
    };
  }
  // the socket asks for the host's address: it gets the one checked, and no DNS query is made
  const pinned: LookupFunction = (_hostname, opts, callback) => {
    if ((opts as { all?: boolean }).all) {
      (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [target]);
    } else callback(null, target.address, target.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<AttemptResult>((resolve) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup: pinned,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(options.body),
          'user-agent': 'Countersign-Webhooks/1',
          ...options.headers,
        },
        signal: AbortSignal.timeout(options.timeoutMs),
      },
      (response) => {
        // the answer's body is not read beyond what arrives; only its status counts
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, error: null }));
        response.on('error', () => resolve({ status: response.statusCode ?? 0, error: null }));
      },
    );
    request.on('error', (err) =>
      resolve({
        status: null,
        error: err.name === 'AbortError' ? `no answer within ${options.timeoutMs} ms` : err.message,
      }),
    );
    request.end(options.body);
  });
}
