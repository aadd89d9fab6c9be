// One request seen by one signer, through either door: an account holder's session
// (`/v3/...`) or a link holder's token (`/v3/direct/...`, spec 7 "Direct"). The screens use this
// and do not care which door they came through; what the person may do always comes from the
// request's `you.allowedActions`, computed by the server's policy.
import {
  directEndpoints,
  identificationEndpoints,
  mabEndpoints,
  signatureRequestEndpoints,
  swisscomEndpoints,
  mobileIdEndpoints,
} from '@countersign/contract';
import type {
  EndpointBody,
  EndpointResponse,
  PwdOtp,
  SignatureRequest,
  SigningConsent,
} from '@countersign/contract';
import type { ApiClient } from '../../api/client.js';
import type { SessionStore } from '../../api/session-store.js';
import { failAs } from '../errors/action-failure.js';
import type { Part11Input } from '../part11/part11-input.js';
import type { PageAsk } from './page-image.js';

export type RequestSource =
  | { kind: 'account'; requestId: string }
  | { kind: 'direct'; requestId: string; signerId: string; token: string };

export type SignResult = EndpointResponse<typeof signatureRequestEndpoints.sign>;
export type RequestEvents = EndpointResponse<typeof signatureRequestEndpoints.getEvents>;
export type LockStatus = EndpointResponse<typeof signatureRequestEndpoints.getLockStatus>;
export type DelegateInput = EndpointBody<typeof signatureRequestEndpoints.delegateSignature>;
export type IdentMethod = EndpointResponse<typeof identificationEndpoints.getIdentMethod>;
export type Language = EndpointBody<typeof signatureRequestEndpoints.sign>['language'];

export interface SignInput {
  language: Language;
  /** the consent to sign electronically the signer gave in the review (required by the server) */
  consent: SigningConsent;
  visualSignatureId?: string | undefined;
  tan?: string | undefined;
  /** a seal of the signer's business to apply instead of a personal signature (account holders) */
  sealAccountName?: string | undefined;
  /** the values of the signer's text fields and check boxes, written into their revision */
  fieldValues?: { fieldId: string; value: string | boolean }[] | undefined;
  /** a Part 11 signature's printed name, meaning and re-authentication (account holders, ADR 077) */
  part11?: Part11Input | undefined;
  /** the Swisscom step-up: signs through proceed instead of the sign call (ADR 087) */
  pwdotp?: PwdOtp | undefined;
}

/** Where to send the signer to authorise a qualified signature at their QTSP (ADR 076, 087). */
export type ProviderAuthorisation = EndpointResponse<typeof mabEndpoints.mabCreatePar>;
export type ProviderParams = EndpointBody<typeof mabEndpoints.mabRedirectSign>['params'];
export type ProviderOutcome = EndpointResponse<typeof mabEndpoints.mabRedirectSign>;

export interface ProviderSignInput {
  language: Language;
  consent: SigningConsent;
  /** given back by the completion, to lead the signer on from /mab/redirect */
  redirectQueryParams: Record<string, string>;
}

/** An advanced signature confirmed on the signer's phone (Mobile ID, ADR 094). */
export type MobileIdSignInput = Omit<EndpointBody<typeof mobileIdEndpoints.mobileIdSign>, 'language'> & {
  language: Language;
};
export type MobileIdTransaction = EndpointResponse<typeof mobileIdEndpoints.mobileIdSign>;

export type DownloadKind = 'original' | 'signed' | 'zip' | 'zip-signed' | 'report';

export interface RequestApi {
  source: RequestSource;
  queryKey: readonly unknown[];
  getRequest(signal?: AbortSignal): Promise<SignatureRequest>;
  getEvents(signal?: AbortSignal): Promise<RequestEvents>;
  getLockStatus(): Promise<LockStatus>;
  sign(input: SignInput): Promise<SignResult>;
  /** Prepares the caller's qualified signature at their QTSP and answers where to send them. */
  signAtProvider(input: ProviderSignInput): Promise<ProviderAuthorisation>;
  /** Completes it with what the QTSP sent the signer back to /mab/redirect with. */
  completeAtProvider(params: ProviderParams): Promise<ProviderOutcome>;
  /** Puts a confirmation of the caller's advanced signature on their phone (Mobile ID). */
  signWithMobileId(input: MobileIdSignInput): Promise<MobileIdTransaction>;
  /** The phone's answer so far; the server signs once it is an approval. */
  mobileIdAnswer(transactionId: string): Promise<MobileIdTransaction>;
  /** What the caller's signature needs at the request's level (ident-method, ADR 025). */
  identMethod(signatureId: string, signal?: AbortSignal): Promise<IdentMethod>;
  decline(message: string): Promise<SignatureRequest>;
  delegate(input: DelegateInput): Promise<SignatureRequest>;
  /** Owner actions exist only for account holders; remind and adding people fail with spec 8's messages. */
  withdraw(message: string): Promise<SignatureRequest>;
  remind(): Promise<number>;
  addObserver(email: string): Promise<SignatureRequest>;
  removeObserver(observerId: string): Promise<SignatureRequest>;
  addSigner(email: string, name: string | undefined): Promise<SignatureRequest>;
  /** Address and headers of a page image or its placeholder (binary routes sit outside the JSON contract). */
  pageRequest(documentId: string, page: number, ask: PageAsk): { url: string; init: RequestInit };
  downloadRequest(kind: DownloadKind, documentId?: string): { url: string; init: RequestInit };
}

/** A proceed's answer in the shape of a one-request sign call's. */
const asSignResult =
  (signatureRequestId: string) =>
  ({ requestStatus }: { requestStatus: SignatureRequest['status'] }): SignResult => ({
    results: [{ signatureRequestId, ok: true, code: null, requestStatus }],
  });

const ownerOnly = (): never => {
  throw new Error('Only the owner, signed in, can do this');
};

function withQuery(path: string, query: Record<string, string>): string {
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

export function createRequestApi(api: ApiClient, session: SessionStore, source: RequestSource): RequestApi {
  const id = source.requestId;
  const params = { id };
  const binary = (path: string, query: Record<string, string>): { url: string; init: RequestInit } => {
    if (source.kind === 'direct') {
      return {
        url: withQuery(path.replace(/^\/v3\//, '/v3/direct/'), { ...query, token: source.token }),
        init: {},
      };
    }
    const token = session.readToken();
    return {
      url: withQuery(path, query),
      init: token ? { headers: { authorization: `Bearer ${token}` } } : {},
    };
  };
  const downloadPath = (kind: DownloadKind, documentId?: string): [string, Record<string, string>] => {
    switch (kind) {
      case 'original':
      case 'signed':
        return [
          `/v3/documents/${encodeURIComponent(documentId ?? '')}/download`,
          kind === 'signed' ? { signed: 'true' } : {},
        ];
      case 'zip':
      case 'zip-signed':
        return [
          `/v3/signature-requests/${encodeURIComponent(id)}/zip`,
          { signed: String(kind === 'zip-signed') },
        ];
      case 'report':
        return [`/v3/signature-requests/${encodeURIComponent(id)}/report`, { type: 'pdf' }];
    }
  };
  const shared = {
    source,
    pageRequest: (documentId: string, page: number, ask: PageAsk) =>
      binary(`/v3/documents/${encodeURIComponent(documentId)}/pages/${page}`, {
        scale: String(ask.scale),
        format: ask.format,
        ...(ask.isPlaceholder && { placeholder: 'true' }),
      }),
    downloadRequest: (kind: DownloadKind, documentId?: string) => binary(...downloadPath(kind, documentId)),
  };

  if (source.kind === 'direct') {
    const query = { token: source.token };
    return {
      ...shared,
      queryKey: ['direct-request', id, source.signerId],
      getRequest: (signal) =>
        api.call(directEndpoints.directGetSignatureRequest, { params, query, ...(signal ? { signal } : {}) }),
      getEvents: (signal) =>
        api.call(directEndpoints.directGetEvents, { params, query, ...(signal ? { signal } : {}) }),
      getLockStatus: () => api.call(directEndpoints.directGetLockStatus, { params, query }),
      sign: (input) =>
        input.pwdotp
          ? api
              .call(swisscomEndpoints.directSwisscomProceed, {
                params,
                query,
                body: {
                  pwdotp: input.pwdotp,
                  language: input.language,
                  consent: input.consent,
                  ...(input.fieldValues?.length ? { fieldValues: input.fieldValues } : {}),
                },
              })
              .then(asSignResult(id))
          : api.call(directEndpoints.directSign, {
              query,
              body: {
                signatureRequests: [
                  {
                    signatureRequestId: id,
                    ...(input.fieldValues?.length ? { fieldValues: input.fieldValues } : {}),
                  },
                ],
                language: input.language,
                consent: input.consent,
                ...(input.tan ? { tan: input.tan } : {}),
              },
            }),
      signAtProvider: (body) =>
        api.call(mabEndpoints.mabCreatePar, { params: { id, sigId: source.signerId }, query, body }),
      completeAtProvider: (providerParams) =>
        api.call(mabEndpoints.mabRedirectSign, { params, query, body: { params: providerParams } }),
      signWithMobileId: (body) => api.call(mobileIdEndpoints.mobileIdSign, { params, query, body }),
      mobileIdAnswer: (transactionId) =>
        api.call(mobileIdEndpoints.mobileIdSignStatus, { params: { id, transactionId }, query }),
      identMethod: (sigId, signal) =>
        api.call(identificationEndpoints.getIdentMethod, {
          params: { id, sigId },
          query,
          ...(signal ? { signal } : {}),
        }),
      decline: (message) => api.call(directEndpoints.directDecline, { params, query, body: { message } }),
      delegate: (body) => api.call(directEndpoints.directDelegate, { params, query, body }),
      withdraw: ownerOnly,
      remind: ownerOnly,
      addObserver: ownerOnly,
      removeObserver: ownerOnly,
      addSigner: ownerOnly,
    };
  }
  return {
    ...shared,
    queryKey: ['signature-request', id],
    getRequest: (signal) =>
      api.call(signatureRequestEndpoints.getSignatureRequest, { params, ...(signal ? { signal } : {}) }),
    getEvents: (signal) =>
      api.call(signatureRequestEndpoints.getEvents, { params, ...(signal ? { signal } : {}) }),
    getLockStatus: () => api.call(signatureRequestEndpoints.getLockStatus, { params }),
    sign: (input) =>
      input.pwdotp
        ? api
            .call(swisscomEndpoints.swisscomProceed, {
              params,
              body: {
                pwdotp: input.pwdotp,
                language: input.language,
                consent: input.consent,
                ...(input.visualSignatureId ? { visualSignatureId: input.visualSignatureId } : {}),
                ...(input.fieldValues?.length ? { fieldValues: input.fieldValues } : {}),
                ...(input.part11
                  ? {
                      signingName: input.part11.printedName,
                      signingReason: input.part11.meaning,
                      part11: { password: input.part11.password, code: input.part11.code },
                    }
                  : {}),
              },
            })
            .then(asSignResult(id))
        : api.call(signatureRequestEndpoints.sign, {
            body: {
              signatureRequests: [
                {
                  signatureRequestId: id,
                  ...(input.visualSignatureId ? { visualSignatureId: input.visualSignatureId } : {}),
                  ...(input.fieldValues?.length ? { fieldValues: input.fieldValues } : {}),
                  ...(input.part11
                    ? { signingName: input.part11.printedName, signingReason: input.part11.meaning }
                    : {}),
                },
              ],
              language: input.language,
              consent: input.consent,
              ...(input.tan ? { tan: input.tan } : {}),
              ...(input.sealAccountName ? { sealAccountName: input.sealAccountName } : {}),
              ...(input.part11
                ? { part11: { password: input.part11.password, code: input.part11.code } }
                : {}),
            },
          }),
    signAtProvider: async (body) => {
      // the account holder's signature on this request, as the server's view names it
      const { you } = await api.call(signatureRequestEndpoints.getSignatureRequest, { params });
      if (!you.signatureId) throw new Error('The account holder has no signature on this request');
      return api.call(mabEndpoints.mabCreatePar, {
        params: { id, sigId: you.signatureId },
        query: {},
        body,
      });
    },
    completeAtProvider: (providerParams) =>
      api.call(mabEndpoints.mabRedirectSign, { params, query: {}, body: { params: providerParams } }),
    signWithMobileId: (body) => api.call(mobileIdEndpoints.mobileIdSign, { params, query: {}, body }),
    mobileIdAnswer: (transactionId) =>
      api.call(mobileIdEndpoints.mobileIdSignStatus, { params: { id, transactionId }, query: {} }),
    identMethod: (sigId, signal) =>
      api.call(identificationEndpoints.getIdentMethod, {
        params: { id, sigId },
        query: {},
        ...(signal ? { signal } : {}),
      }),
    decline: (message) =>
      api.call(signatureRequestEndpoints.declineSignatureRequest, { params, body: { message } }),
    delegate: (body) => api.call(signatureRequestEndpoints.delegateSignature, { params, body }),
    withdraw: (message) =>
      api.call(signatureRequestEndpoints.withdrawSignatureRequest, { params, body: { message } }),
    remind: () =>
      failAs(
        'remindSigners',
        async () => (await api.call(signatureRequestEndpoints.remindSigners, { params })).reminded,
      ),
    addObserver: (email) =>
      failAs('addObserver', () =>
        api.call(signatureRequestEndpoints.addObserver, { params, body: { email } }),
      ),
    removeObserver: (observerId) =>
      api.call(signatureRequestEndpoints.removeObserver, { params: { id, observerId } }),
    addSigner: (email, name) =>
      failAs('inviteSigner', () =>
        api.call(signatureRequestEndpoints.addSigner, {
          params,
          body: {
            signerIdentityData: { emailAddress: email, ...(name ? { name } : {}) },
            documentSignatures: [],
          },
        }),
      ),
  };
}
