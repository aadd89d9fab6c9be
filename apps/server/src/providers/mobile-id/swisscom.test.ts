// The Swisscom Mobile ID adapter (ADR 107) against a stand-in service over mutual TLS: the request
// it sends is the asynchronous ETSI TS 102 204 one with our message, number, profile and language;
// the answer is pending until the phone answers, then the holder named by the certificate that
// signed; a cancel, an expiry and the service's faults map onto our answers; a client certificate
// the service does not know, or a wrong password, gets nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mobileIdOf } from '../../config-mobile-id.js';
import { AppError } from '../../lib/app-error.js';
import { startMobileIdService } from '../../test-support/mobile-id-service.js';
import type { MobileIdProvider } from './provider.js';
import { createSwisscomMobileIdProvider } from './swisscom.js';

describe('Swisscom Mobile ID', () => {
  let service: Awaited<ReturnType<typeof startMobileIdService>>;
  let provider: MobileIdProvider;
  const now = new Date('2026-03-02T09:00:00Z');
  const providerWith = (env: Record<string, string>) =>
    createSwisscomMobileIdProvider(mobileIdOf(env)!, () => now);
  const ask = (p: MobileIdProvider = provider, mobile = '+41 79 555 01 02') =>
    p.requestConfirmation({ mobile, message: 'Countersign: sign "Lease"?', language: 'de' });
  const codeOf = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).code;
  };

  beforeAll(async () => {
    service = await startMobileIdService();
    provider = providerWith({ ...service.env(), MOBILE_ID_MESSAGE_PREFIX: 'Countersign.test: ' });
  });
  afterAll(async () => {
    await service?.close();
  });

  it('asks asynchronously, waits, then names the holder the signing certificate names', async () => {
    const { transactionId, expiresAt } = await ask();
    expect(expiresAt.getTime() - now.getTime()).toBe(80_000);
    const sent = service.requests.at(-1)!;
    expect(sent.path).toBe('/rest/service/sign');
    expect(sent.clientCommonName).toBe('countersign-ap');
    expect(sent.body['MSS_SignatureReq']).toMatchObject({
      MessagingMode: 'asynch',
      MajorVersion: '1',
      MinorVersion: '2',
      MobileUser: { MSISDN: '+41795550102' },
      SignatureProfile: 'http://mid.swisscom.ch/Any-LoA4',
      TimeOut: '80',
      DataToBeSigned: { MimeType: 'text/plain', Encoding: 'UTF-8' },
      AdditionalServices: [{ UserLang: { Value: 'DE' } }],
    });
    expect(service.shown(transactionId)).toBe('Countersign.test: Countersign: sign "Lease"?');

    expect(await provider.answerOf(transactionId)).toEqual({ status: 'pending' });
    expect(service.requests.at(-1)!.body['MSS_StatusReq']).toMatchObject({ MSSP_TransID: transactionId });
    service.answer(transactionId, 'approve');
    expect(await provider.answerOf(transactionId)).toEqual({
      status: 'approved',
      holder: { givenName: 'Mara', surname: 'Muster', country: 'CH' },
    });
  });

  it('maps a cancel on the phone, an expiry and a fault that ends the transaction', async () => {
    const cancelled = await ask();
    service.answer(cancelled.transactionId, 'cancel');
    expect(await provider.answerOf(cancelled.transactionId)).toEqual({ status: 'refused' });

    const lapsed = await ask();
    service.answer(lapsed.transactionId, 'expire');
    expect(await provider.answerOf(lapsed.transactionId)).toEqual({ status: 'expired' });

    const busy = await ask();
    service.answer(busy.transactionId, { fault: 406 });
    expect(await provider.answerOf(busy.transactionId)).toEqual({
      status: 'failed',
      reason: 'another Mobile ID confirmation is already running on this number',
    });

    // the service's internal error may pass: unavailable for now, the caller asks again
    const flaky = await ask();
    service.answer(flaky.transactionId, { fault: 900 });
    expect(await codeOf(provider.answerOf(flaky.transactionId))).toBe('mobile_id.unavailable');
  });

  it('cannot ask for a number without Mobile ID', async () => {
    const error = await ask(provider, '+41000092105').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'mobile_id.unavailable' });
    expect((error as Error).message).toContain('the number has no Mobile ID');
  });

  it('gets nothing with a client certificate the service does not know, or a wrong password', async () => {
    const before = service.requests.length;
    expect(await codeOf(ask(providerWith(service.env({ client: 'stranger' }))))).toBe(
      'mobile_id.unavailable',
    );
    // the TLS handshake failed: the service never saw the request
    expect(service.requests.length).toBe(before);
    const wrongPassword = providerWith({ ...service.env(), MOBILE_ID_AP_PASSWORD: 'guessed' });
    const error = await ask(wrongPassword).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'mobile_id.unavailable' });
    expect((error as Error).message).not.toContain('guessed');
  });
});
