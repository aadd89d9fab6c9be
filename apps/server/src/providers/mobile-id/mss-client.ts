// The JSON calls of an ETSI TS 102 204 Mobile Signature Service over mutual TLS (ADR 107): the
// application provider shows its client certificate, and the service's answer is either the
// response object or a Fault (HTTP 500) naming a sub-code such as _401.
import { Agent, request } from 'node:https';
import type { MobileIdConfig } from '../../config-mobile-id.js';

/** How long one call may take: the asynchronous calls answer at once (the service's own advice). */
const CALL_TIMEOUT_MS = 10_000;

export interface MssFault {
  /** the numeric sub-code, e.g. 401 */
  code: number;
  reason: string;
}

export type MssReply = { ok: true; body: Record<string, unknown> } | { ok: false; fault: MssFault };

/** The service did not answer in a way we can read (network, TLS, an unexpected page). */
export class MssUnreachable extends Error {}

export function createMssClient(
  config: Pick<MobileIdConfig, 'url' | 'clientCert' | 'clientKey' | 'serverCa'>,
) {
  const agent = new Agent({
    cert: config.clientCert,
    key: config.clientKey,
    ...(config.serverCa && { ca: config.serverCa }),
  });
  return {
    post(path: '/rest/service/sign' | '/rest/service/status', body: object): Promise<MssReply> {
      const payload = JSON.stringify(body);
      return new Promise((resolve, reject) => {
        const req = request(
          `${config.url}${path}`,
          {
            method: 'POST',
            agent,
            timeout: CALL_TIMEOUT_MS,
            headers: {
              'content-type': 'application/json;charset=utf-8',
              accept: 'application/json',
              'content-length': Buffer.byteLength(payload),
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('error', (error) => reject(new MssUnreachable(error.message)));
            res.on('end', () => {
              try {
                resolve(replyOf(res.statusCode ?? 0, Buffer.concat(chunks).toString('utf8')));
              } catch (error) {
                reject(error);
              }
            });
          },
        );
        req.on('timeout', () => req.destroy(new Error(`no answer within ${CALL_TIMEOUT_MS} ms`)));
        req.on('error', (error) => reject(new MssUnreachable(error.message)));
        req.end(payload);
      });
    },
  };
}

function replyOf(status: number, text: string): MssReply {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new MssUnreachable(`HTTP ${status} without a JSON body`);
  }
  const fault = (json as { Fault?: { Code?: { SubCode?: { Value?: unknown } }; Reason?: unknown } }).Fault;
  if (fault) {
    const code = Number(String(fault.Code?.SubCode?.Value ?? '').replace(/^.*_/, ''));
    if (!Number.isInteger(code)) throw new MssUnreachable(`HTTP ${status} with an unreadable fault`);
    return {
      ok: false,
      fault: { code, reason: typeof fault.Reason === 'string' ? fault.Reason : `fault ${code}` },
    };
  }
  if (status !== 200 || typeof json !== 'object' || json === null)
    throw new MssUnreachable(`HTTP ${status} without a response`);
  return { ok: true, body: json as Record<string, unknown> };
}
