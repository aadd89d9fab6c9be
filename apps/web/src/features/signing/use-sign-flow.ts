// Signing, declining and leaving, as the signer lives them: the lock check, the full-screen
// overlays of spec 2 (in progress, success, failure, locked, TAN), the TAN entry dialog when the
// server asks for one (a provider's TAN, or a link signer's mailed TAN: direct-tan.ts), and the way out to the integrator's exit, decline or error address
// (spec 2, 4, 5): by itself only to an origin the request's business registered, else once the
// signer chose it (ADR 064). Everything the server decides (may sign? is it locked? which origins
// are registered?) is asked, not guessed.
import { decideLeave, languageForLocale, parseLocale } from '@countersign/domain';
import type { LeaveDecision, ResolvedRedirects } from '@countersign/domain';
import { part11Endpoints } from '@countersign/contract';
import type { Part11Status, PwdOtp, SigningConsent } from '@countersign/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { useDialogs } from '../dialogs/dialog-store.js';
import { isPart11Refusal, type Part11Input } from '../part11/part11-input.js';
import { OVERLAY_COMPLETE, useOverlays } from '../overlays/overlay-store.js';
import {
  LEAVE_CHOSEN,
  LEAVE_TIMED,
  leaveToRedirect,
  readLastHandledRequest,
  rememberHandledRequest,
} from './leave.js';
import type { RequestApi } from './request-api.js';
import type { FieldValue } from './signing-guide.js';
import { retryWhileLocked } from './retry-while-locked.js';
import { RETURN_TO } from './provider-signing.js';
import { codeOf, describeSignFailure } from './sign-outcome.js';
import { askDirectTan, DIRECT_TAN_REQUIRED } from './direct-tan.js';
import { askMobileId } from './mobile-id.js';

export interface SignFlowOptions {
  requestApi: RequestApi;
  redirects: ResolvedRedirects;
  /** The origins the request's business registered (`redirectOrigins` of the request's view). */
  allowedOrigins: readonly string[];
  /** The signer's chosen visual signature (account holders). */
  visualSignatureId?: string | undefined;
  /** Where an account holder goes after signing or declining when no address was given. */
  onSignedWithoutExit?: (() => void) | undefined;
  onDeclinedWithoutExit?: (() => void) | undefined;
  /**
   * Told as soon as the server has taken the signature or the decline, before the request is
   * read again: a link holder whose action ended the request can no longer read it.
   */
  onHandled?: ((outcome: HandledOutcome) => void) | undefined;
}

/** What the signer's own action did: signed (and whether that completed the request) or declined. */
export type HandledOutcome = { kind: 'signed'; isComplete: boolean } | { kind: 'declined' };

export interface SignFlow {
  /**
   * signs with the consent the signer gave in the review and the values of their fields, or applies
   * the seal named instead of a personal signature
   */
  startSigning(consent: SigningConsent, fieldValues?: FieldValue[], sealAccountName?: string): Promise<void>;
  decline(message: string): Promise<void>;
  /** The signer chose 'Stay here' after signing: no exit countdown may run for this visit. */
  hasChosenToStay: boolean;
}

const tabStorage = (): Storage => window.sessionStorage;

const QUALITY_NOT_AVAILABLE = 'signing.quality_not_available';

/** Whether the request asks for an advanced signature (Mobile ID confirms those, ADR 094). */
const isAdvanced = async (requestApi: RequestApi) =>
  (await requestApi.getRequest().catch(() => null))?.quality === 'aes';

export function useSignFlow({
  requestApi,
  redirects,
  allowedOrigins,
  visualSignatureId,
  onSignedWithoutExit,
  onDeclinedWithoutExit,
  onHandled,
}: SignFlowOptions): SignFlow {
  const overlays = useOverlays();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const { api } = useServices();
  const { i18n } = useTranslation();
  const requestId = requestApi.source.requestId;
  const [hasChosenToStay, setChosenToStay] = useState(false);

  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: requestApi.queryKey }),
    [queryClient, requestApi.queryKey],
  );

  const decisionFor = useCallback(
    (outcome: 'signed' | 'declined' | 'failed'): LeaveDecision =>
      decideLeave(
        outcome,
        redirects,
        { viewed: requestId, lastHandled: readLastHandledRequest(tabStorage()) },
        allowedOrigins,
      ),
    [redirects, requestId, allowedOrigins],
  );

  /** Leaves as the overlay's action says; the page going by itself needs a registered origin. */
  const leaveOn = useCallback(
    (action: string, url: string) => {
      if (action === LEAVE_CHOSEN) leaveToRedirect(url, 'chosen');
      if (action === LEAVE_TIMED) leaveToRedirect(url, { allowedOrigins });
    },
    [allowedOrigins],
  );

  const startSigning = useCallback(
    async (
      consent: SigningConsent,
      fieldValues: FieldValue[],
      sealAccountName?: string,
      tan?: string,
      part11?: { input: Part11Input; status: Part11Status },
      pwdotp?: PwdOtp,
    ): Promise<void> => {
      const leave = decisionFor('failed');
      /** The signature is in: say so, or leave as the request's exit says. */
      const showSigned = async (isComplete: boolean) => {
        rememberHandledRequest(tabStorage(), requestId);
        onHandled?.({ kind: 'signed', isComplete });
        await refresh();
        const next = decisionFor('signed');
        if (next.kind === 'immediate') {
          leaveToRedirect(next.url, { allowedOrigins });
          return;
        }
        overlays.open({
          name: 'signing-success',
          props: { leave: next, isComplete },
          onAction: (action) => {
            if (next.kind !== 'none') leaveOn(action, next.url);
            if (action === OVERLAY_COMPLETE) setChosenToStay(true);
            if (action === OVERLAY_COMPLETE && next.kind === 'none') onSignedWithoutExit?.();
          },
        });
      };
      // Part 11 (ADR 077): an account holder confirms name, meaning, password and code first
      const askPart11 = (status: Part11Status, error: unknown = null) =>
        overlays.open({
          name: 'part11-verification',
          props: { requestId, status, previous: part11?.input, error },
          onAction: async (action, payload) => {
            if (action === 'confirm')
              await startSigning(consent, fieldValues, sealAccountName, tan, {
                input: payload as Part11Input,
                status,
              });
          },
        });
      if (requestApi.source.kind === 'account' && !sealAccountName && !part11) {
        const status = await api
          .call(part11Endpoints.getPartElevenStatus, { params: { id: requestId } })
          .catch(() => null);
        if (status?.required) {
          askPart11(status);
          return;
        }
      }
      const retry = async (action: string) => {
        if (action === 'retry') await startSigning(consent, fieldValues, sealAccountName);
        if (leave.kind !== 'none') leaveOn(action, leave.url);
      };
      // A document lock held by another signer would make this attempt wait and fail; say so first.
      const lock = await requestApi.getLockStatus().catch(() => null);
      if (lock?.locked) {
        overlays.open({
          name: 'signing-locked',
          props: { leave, lockedUntil: lock.lockedUntil },
          onAction: retry,
        });
        return;
      }
      overlays.open({ name: 'signing-in-progress' });
      try {
        const language = languageForLocale(parseLocale(i18n.language) ?? 'en-gb');
        const { results } = await retryWhileLocked(
          () =>
            requestApi.sign({
              language,
              consent,
              visualSignatureId,
              tan,
              fieldValues,
              sealAccountName,
              part11: part11?.input,
              pwdotp,
            }),
          {
            onWait: (seconds) =>
              overlays.open({ name: 'signing-in-progress', props: { waitingSeconds: seconds } }),
          },
        );
        const result = results[0];
        if (result && !result.ok)
          throw Object.assign(new Error(result.code ?? 'sign failed'), { code: result.code });
        await showSigned(result?.requestStatus === 'completed');
      } catch (error) {
        const code = codeOf(error) ?? (error as { code?: string | null }).code ?? null;
        const view = describeSignFailure(code, error);
        void refresh();
        if (part11 && isPart11Refusal(code)) {
          askPart11(part11.status, error);
          return;
        }
        // the request asks its link signers for a TAN mailed to them first (ADR 086)
        if (code === DIRECT_TAN_REQUIRED && requestApi.source.kind === 'direct') {
          await askDirectTan({
            api,
            token: requestApi.source.token,
            dialogs,
            overlays,
            onVerified: () => startSigning(consent, fieldValues, sealAccountName, tan, part11, pwdotp),
          });
          return;
        }
        if (view.kind === 'pwdotp-entry') {
          overlays.close();
          dialogs.open({
            namespace: 'document',
            name: 'pwdotp-entry',
            onAction: async (payload) => {
              const entered = payload as { password?: string; otp?: string } | undefined;
              dialogs.close();
              await startSigning(consent, fieldValues, sealAccountName, undefined, part11, {
                password: entered?.password ?? '',
                otp: entered?.otp ?? '',
              });
            },
          });
          return;
        }
        if (view.kind === 'tan-entry') {
          overlays.close();
          dialogs.open({
            namespace: 'document',
            name: 'tan-entry',
            onAction: async (payload) => {
              const answer = payload as { tan?: string; choice?: string } | undefined;
              // authorised on the QTSP's own page instead: the browser leaves for it (ADR 087)
              if (answer?.choice === 'provider') {
                const language = languageForLocale(parseLocale(i18n.language) ?? 'en-gb');
                const returnTo = `${window.location.pathname}${window.location.search}`;
                const { url } = await requestApi.signAtProvider({
                  language,
                  consent,
                  redirectQueryParams: { [RETURN_TO]: returnTo },
                });
                window.location.assign(url);
                return;
              }
              dialogs.close();
              // the Part 11 re-authentication given before goes with the TAN: one code per signature
              await startSigning(consent, fieldValues, sealAccountName, answer?.tan, part11);
            },
          });
          return;
        }
        // no advanced quality for an aes request: the signer may confirm on their phone (ADR 094)
        if (code === QUALITY_NOT_AVAILABLE && !sealAccountName && (await isAdvanced(requestApi))) {
          askMobileId({
            requestApi,
            overlays,
            input: {
              language: languageForLocale(parseLocale(i18n.language) ?? 'en-gb'),
              consent,
              ...(requestApi.source.kind === 'account' && visualSignatureId ? { visualSignatureId } : {}),
              ...(fieldValues.length ? { fieldValues } : {}),
            },
            onSigned: (requestStatus) => showSigned(requestStatus === 'completed'),
          });
          return;
        }
        overlays.open({ name: view.name, props: { leave, reason: view.reason }, onAction: retry });
      }
    },
    [
      api,
      requestApi,
      overlays,
      dialogs,
      i18n.language,
      visualSignatureId,
      requestId,
      refresh,
      decisionFor,
      leaveOn,
      allowedOrigins,
      onSignedWithoutExit,
      onHandled,
    ],
  );

  const decline = useCallback(
    async (message: string) => {
      await requestApi.decline(message);
      rememberHandledRequest(tabStorage(), requestId);
      onHandled?.({ kind: 'declined' });
      await refresh();
      const next = decisionFor('declined');
      if (next.kind === 'immediate') leaveToRedirect(next.url, { allowedOrigins });
      else if (next.kind === 'ask')
        overlays.open({
          name: 'leave-question',
          props: { url: next.url },
          onAction: (action) => {
            leaveOn(action, next.url);
            if (action === OVERLAY_COMPLETE) onDeclinedWithoutExit?.();
          },
        });
      else onDeclinedWithoutExit?.();
    },
    [
      requestApi,
      requestId,
      refresh,
      decisionFor,
      leaveOn,
      allowedOrigins,
      overlays,
      onDeclinedWithoutExit,
      onHandled,
    ],
  );

  return {
    startSigning: (consent, fieldValues, sealAccountName) =>
      startSigning(consent, fieldValues ?? [], sealAccountName),
    decline,
    hasChosenToStay,
  };
}
