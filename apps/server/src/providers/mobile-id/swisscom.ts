// Swisscom Mobile ID (ADR 107) as the Mobile ID provider of ADR 094: an asynchronous ETSI TS 102
// 204 signature request puts the message on the phone, and status queries by the service's
// transaction id read the answer. An approval comes as a CMS signature over the message, made by
// the holder's key; its certificate names the holder. The service's fault codes map onto ours:
// a cancel on the phone is a refusal, an expired transaction a lapse, a fault that ends the
// transaction (unknown number, blocked, no certificate, one already running) a failure, and what
// may pass (the service's internal error, the network) is "unavailable" while the caller polls on.
import { randomBytes } from 'node:crypto';
import type { Language } from '@countersign/domain';
import { readCmsSigner } from '@countersign/trust';
import type { MobileIdConfig } from '../../config-mobile-id.js';
import { AppError } from '../../lib/app-error.js';
import { holderOf } from './holder.js';
import { createMssClient, MssUnreachable, type MssFault, type MssReply } from './mss-client.js';
import type { MobileIdAnswer, MobileIdProvider } from './provider.js';

const MSSP_ID = { MSSP_ID: { URI: 'http://mid.swisscom.ch/' } };
const USERLANG = 'http://mss.ficom.fi/TS102204/v1.0.0#userLang';

/** ETSI TS 102 204 status codes and fault sub-codes the answers turn on */
const STATUS = { requestOk: 100, signature: 500, validSignature: 502, outstanding: 504 } as const;
const FAULT = { expired: 208, userCancel: 401, internalError: 900 } as const;

const REASONS: Record<number, string> = {
  105: 'the number has no Mobile ID',
  208: 'the confirmation expired',
  209: 'the phone could not be reached',
  401: 'the signer cancelled on the phone',
  402: 'the Mobile ID PIN is blocked',
  403: 'the Mobile ID account is suspended',
  404: 'the Mobile ID account is not active',
  406: 'another Mobile ID confirmation is already running on this number',
  422: 'the Mobile ID account has no valid certificate',
};
const reasonOf = (fault: MssFault) => REASONS[fault.code] ?? `the service answered ${fault.reason}`;

/** "+41 79 555 01 02" as the service spells a number: digits after an optional plus */
export const msisdnOf = (mobile: string) => mobile.replace(/[\s().-]/g, '').replace(/^00/, '+');

export function createSwisscomMobileIdProvider(config: MobileIdConfig, now: () => Date): MobileIdProvider {
  const client = createMssClient(config);
  const apInfo = () => ({
    AP_ID: config.apId,
    AP_PWD: config.apPassword,
    AP_TransID: `CS${randomBytes(12).toString('hex')}`,
    Instant: now().toISOString(),
  });
  const call = async (path: '/rest/service/sign' | '/rest/service/status', body: object) => {
    try {
      return await client.post(path, body);
    } catch (error) {
      if (!(error instanceof MssUnreachable)) throw error;
      throw new AppError('mobile_id.unavailable', `The Mobile ID service did not answer: ${error.message}`);
    }
  };
  return {
    async requestConfirmation({ mobile, message, language }) {
      const reply = await call('/rest/service/sign', {
        MSS_SignatureReq: {
          AP_Info: apInfo(),
          MSSP_Info: MSSP_ID,
          MajorVersion: '1',
          MinorVersion: '2',
          MobileUser: { MSISDN: msisdnOf(mobile) },
          MessagingMode: 'asynch',
          SignatureProfile: config.signatureProfile,
          TimeOut: String(config.timeoutSeconds),
          DataToBeSigned: { MimeType: 'text/plain', Encoding: 'UTF-8', Data: config.messagePrefix + message },
          AdditionalServices: [{ Description: USERLANG, UserLang: { Value: userLang(language) } }],
        },
      });
      if (!reply.ok)
        throw new AppError('mobile_id.unavailable', `Mobile ID could not ask: ${reasonOf(reply.fault)}`);
      const response = reply.body['MSS_SignatureResp'] as
        { MSSP_TransID?: unknown; Status?: { StatusCode?: { Value?: unknown } } } | undefined;
      const transactionId = response?.MSSP_TransID;
      if (
        Number(response?.Status?.StatusCode?.Value) !== STATUS.requestOk ||
        typeof transactionId !== 'string'
      )
        throw new AppError('mobile_id.unavailable', 'The Mobile ID service did not accept the request');
      return { transactionId, expiresAt: new Date(now().getTime() + config.timeoutSeconds * 1000) };
    },

    async answerOf(transactionId) {
      const reply = await call('/rest/service/status', {
        MSS_StatusReq: {
          AP_Info: apInfo(),
          MSSP_Info: MSSP_ID,
          MajorVersion: '1',
          MinorVersion: '1',
          MSSP_TransID: transactionId,
        },
      });
      return answerOfReply(reply);
    },
  };
}

async function answerOfReply(reply: MssReply): Promise<MobileIdAnswer> {
  if (!reply.ok) {
    if (reply.fault.code === FAULT.userCancel) return { status: 'refused' };
    if (reply.fault.code === FAULT.expired) return { status: 'expired' };
    if (reply.fault.code === FAULT.internalError)
      throw new AppError('mobile_id.unavailable', 'The Mobile ID service failed for now');
    return { status: 'failed', reason: reasonOf(reply.fault) };
  }
  const response = reply.body['MSS_StatusResp'] as
    | { Status?: { StatusCode?: { Value?: unknown } }; MSS_Signature?: { Base64Signature?: unknown } }
    | undefined;
  const code = Number(response?.Status?.StatusCode?.Value);
  if (code === STATUS.outstanding) return { status: 'pending' };
  if (code !== STATUS.signature && code !== STATUS.validSignature)
    return { status: 'failed', reason: `the service answered status ${code}` };
  const signature = response?.MSS_Signature?.Base64Signature;
  if (typeof signature !== 'string') return { status: 'failed', reason: 'the answer carries no signature' };
  let holder;
  try {
    holder = holderOf((await readCmsSigner(Buffer.from(signature, 'base64'))).certificate);
  } catch (error) {
    return { status: 'failed', reason: `the phone's signature is not valid (${(error as Error).message})` };
  }
  if (!holder) return { status: 'failed', reason: "the holder's certificate names no person" };
  return { status: 'approved', holder };
}

const userLang = (language: Language | undefined) => (language ?? 'en').toUpperCase();
