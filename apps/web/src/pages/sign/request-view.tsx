// A request as its signer (or owner, or observer) sees it, for both doors (account and link):
// the documents page by page, the signers, the audit trail, and the actions the server's policy
// allows now (`you.allowedActions`; never re-derived here). The sign and decline buttons stay
// in a bar at the bottom of the screen, so a 30-page document can be read and signed without
// scrolling back up.
import { decideLeave } from '@countersign/domain';
import type { ResolvedRedirects } from '@countersign/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { Button, buttonClasses } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { Spinner } from '../../components/spinner.js';
import { useDialogs } from '../../features/dialogs/dialog-store.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';
import { useOverlays } from '../../features/overlays/overlay-store.js';
import { useSession } from '../../features/session/session-provider.js';
import { leaveToRedirect, readLastHandledRequest } from '../../features/signing/leave.js';
import { directPollInterval } from '../../features/signing/poll.js';
import type { RequestApi } from '../../features/signing/request-api.js';
import { Countdown, LeaveQuestion, hostOf } from '../../features/signing/signing-overlays.js';
import type { ReviewAnswer, ReviewProps } from '../../features/signing/review-dialog.js';
import { useSigningGuide } from '../../features/signing/signing-guide.js';
import { useIsPhone } from '../../features/signing/use-is-phone.js';
import { useTermsOfUseGate } from '../../features/signing/terms-of-use.js';
import { useSignFlow } from '../../features/signing/use-sign-flow.js';
import type { HandledOutcome } from '../../features/signing/use-sign-flow.js';
import { IdentificationNotice, identificationPath, useIdentificationNeed } from './identification-notice.js';
import { FieldBoxes } from './field-boxes.js';
import { FieldByField } from './field-by-field.js';
import { ObserverList } from './observer-list.js';
import { SignBar } from './sign-bar.js';
import { Downloads, OtherActions } from './request-actions.js';
import { DocumentPages, EventList, SignerList } from './request-parts.js';
import { CompactHeader, RequestHeader } from './request-essentials.js';

export interface RequestViewProps {
  requestApi: RequestApi;
  redirects: ResolvedRedirects;
  /** What the signer chooses before signing (visual signature, their name). */
  signPanel?: ReactNode;
  /** At the header's top (the link holder's language); on a phone behind its Details. */
  headerExtra?: ReactNode;
  visualSignatureId?: string | undefined;
  onSignedWithoutExit?: () => void;
  onDeclinedWithoutExit?: () => void;
  /** Told when the signer's own signature or decline has been taken (see useSignFlow). */
  onHandled?: (outcome: HandledOutcome) => void;
  /** Where to send the visitor when the request is gone or not theirs (account holders). */
  notAvailablePath?: string;
  /** Shown instead of the not-available notice (a link holder whose own action ended the request). */
  notAvailable?: ReactNode;
}

/**
 * The way out for a request already handled. Its countdown is the only one on screen: it waits
 * while an overlay is open (the success overlay runs its own) and never starts once the signer
 * chose to stay there. An address the request's business has not registered is asked about
 * instead, with nothing counting down (spec 5, ADR 064).
 */
function ExitNotice({
  requestId,
  redirects,
  allowedOrigins,
  isCountdownHeld,
}: {
  requestId: string;
  redirects: ResolvedRedirects;
  allowedOrigins: readonly string[];
  isCountdownHeld: boolean;
}) {
  const { t } = useTranslation();
  const [hasStayed, setStayed] = useState(false);
  const isCountdownOff = hasStayed || isCountdownHeld;
  const leave = decideLeave(
    'signed',
    redirects,
    { viewed: requestId, lastHandled: readLastHandledRequest(window.sessionStorage) },
    allowedOrigins,
  );
  if (leave.kind === 'none' || leave.kind === 'immediate') return null;
  const go = () => leaveToRedirect(leave.url, 'chosen');
  const isWaiting = (leave.kind === 'countdown' || leave.kind === 'ask') && !isCountdownOff;
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-line bg-white p-4">
      {isWaiting && leave.kind === 'ask' ? (
        <LeaveQuestion url={leave.url} onLeave={go} onStay={() => setStayed(true)} />
      ) : (
        <>
          {isWaiting && leave.kind === 'countdown' && (
            <Countdown
              seconds={leave.seconds}
              onLeave={() => leaveToRedirect(leave.url, { allowedOrigins })}
            />
          )}
          <div className="flex flex-wrap gap-2">
            <Button onClick={go}>{t('sign.overlays.leaveTo', { host: hostOf(leave.url) })}</Button>
            {isWaiting && (
              <Button variant="text" onClick={() => setStayed(true)}>
                {t('sign.overlays.stay')}
              </Button>
            )}
          </div>
        </>
      )}
    </div>
  );
}

/** An individual's request: no origin is registered for it. */
const NO_ORIGINS: readonly string[] = [];

export function RequestView({
  requestApi,
  redirects,
  signPanel,
  headerExtra,
  visualSignatureId,
  onSignedWithoutExit,
  onDeclinedWithoutExit,
  onHandled,
  notAvailablePath,
  notAvailable,
}: RequestViewProps) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const isOverlayOpen = useOverlays().active !== null;
  const isDirect = requestApi.source.kind === 'direct';
  // a person listed on a seal of their business holds the seal's quality (spec 3, seal aes/qes)
  const seals = useSession().user?.signatureQualities.seal;
  const canSeal = !isDirect && Boolean(seals?.aes.status || seals?.qes.status);
  const query = useQuery({
    queryKey: requestApi.queryKey,
    queryFn: ({ signal }) => requestApi.getRequest(signal),
    refetchInterval: (q) => (isDirect ? directPollInterval(q.state.data?.status) : false),
  });
  const flow = useSignFlow({
    requestApi,
    redirects,
    allowedOrigins: query.data?.redirectOrigins ?? NO_ORIGINS,
    visualSignatureId,
    onSignedWithoutExit,
    onDeclinedWithoutExit,
    onHandled,
  });
  const need = useIdentificationNeed(requestApi, query.data);
  const guide = useSigningGuide(query.data, query.data?.you.allowedActions.includes('sign') ?? false);
  const isPhone = useIsPhone();
  const askTermsFirst = useTermsOfUseGate();
  const [isFocusOn, setFocusOn] = useState(false);

  if (query.isPending) return <Spinner label={t('app.loading')} />;
  if (query.isError) {
    const status = (query.error as { status?: number }).status;
    if ((status === 404 || status === 403) && notAvailablePath)
      return <Navigate to={notAvailablePath} replace />;
    if ((status === 404 || status === 403) && notAvailable) return notAvailable;
    return (
      <FormAlert
        message={t(
          status === 404 || status === 403 ? 'sign.view.notAvailable' : describeApiError(query.error),
        )}
      />
    );
  }
  const request = query.data;
  const allowed = request.you.allowedActions;
  const canSign = allowed.includes('sign');
  // the signer must identify first: lead there instead of a Sign button the server would refuse
  const mustIdentify = canSign && need !== undefined && !need.isSatisfied;
  const canDecline = allowed.includes('decline');
  // phones go field by field once the bar leads to a field (field-by-field.tsx)
  const canFocus = isPhone && canSign && !mustIdentify && guide.progress.total > 0;
  const isFocusShown = canFocus && isFocusOn;
  const you = request.signatures.find((s) => s.id === request.you.signatureId);
  const openReview = () =>
    dialogs.open({
      namespace: 'document',
      name: 'review-and-sign',
      props: {
        documents: request.documents.map((d) => d.title),
        signerName: you?.name ?? you?.email ?? '',
        fieldsDone: guide.progress.done,
        fieldsTotal: guide.progress.total,
        values: guide.mine.flatMap((f) =>
          f.kind === 'text' || f.kind === 'checkbox'
            ? [
                {
                  label: f.label || t(`sign.guide.kinds.${f.kind}`),
                  kind: f.kind,
                  value: guide.values[f.id] ?? '',
                },
              ]
            : [],
        ),
        canSeal,
      } satisfies ReviewProps,
      onAction: async (payload) => {
        const answer = payload as ReviewAnswer;
        dialogs.close();
        const sign = () => flow.startSigning(answer.consent, guide.fieldValues(), answer.sealAccountName);
        // a seal is not the person's own signature, and a link holder has no account to record it on
        if (isDirect || answer.sealAccountName) await sign();
        else await askTermsFirst(request.quality, sign);
      },
    });
  const openDecline = () =>
    dialogs.open({
      namespace: 'default',
      name: 'decline',
      onAction: (values) => flow.decline((values as { message: string }).message),
    });

  return (
    <div
      className="flex flex-col gap-6"
      // room below the content for the sign bar, as tall as it is (sign-bar.tsx measures it)
      style={
        canSign || canDecline ? { paddingBottom: 'calc(var(--sign-bar-height, 7rem) + 1.5rem)' } : undefined
      }
    >
      {isFocusShown && (
        <FieldByField
          request={request}
          requestApi={requestApi}
          guide={guide}
          onLeave={() => setFocusOn(false)}
        />
      )}
      {isPhone ? (
        <CompactHeader
          request={request}
          extra={headerExtra}
          folded={canSign ? signPanel : undefined}
          isInert={isFocusShown}
        />
      ) : (
        <RequestHeader request={request} extra={headerExtra} isInert={isFocusShown} />
      )}
      {!canSign && (
        <ExitNotice
          requestId={request.id}
          redirects={redirects}
          allowedOrigins={request.redirectOrigins}
          isCountdownHeld={isOverlayOpen || flow.hasChosenToStay}
        />
      )}
      {/* Phones: the document first (what to choose before signing is behind the header's
          Details), then the details. Wider screens: the document on the left, the rest beside it. */}
      <div
        className="flex flex-col gap-6 md:grid md:grid-cols-[minmax(0,1fr)_18rem] md:grid-rows-[auto_1fr] md:items-start"
        inert={isFocusShown}
      >
        {canSign && ((signPanel && !isPhone) || mustIdentify) && (
          <div className="flex flex-col gap-4 md:col-start-2 md:row-start-1">
            {mustIdentify && need && <IdentificationNotice requestApi={requestApi} need={need} />}
            {/* a phone has it behind the header's Details, the document first */}
            {!isPhone && signPanel}
          </div>
        )}
        <div className="min-w-0 md:col-start-1 md:row-span-2 md:row-start-1">
          <DocumentPages
            request={request}
            requestApi={requestApi}
            pageOverlay={(documentId, page, size) => (
              <FieldBoxes
                fields={guide.fields.filter((f) => f.documentId === documentId && f.placement.page === page)}
                page={size}
                guide={guide}
              />
            )}
          />
        </div>
        <aside
          className="flex flex-col gap-4 md:col-start-2 md:row-start-2"
          aria-label={t('sign.view.details')}
        >
          <SignerList request={request} />
          <ObserverList request={request} requestApi={requestApi} />
          <Downloads request={request} requestApi={requestApi} />
          <OtherActions request={request} requestApi={requestApi} />
          {allowed.includes('view_events') && <EventList request={request} requestApi={requestApi} />}
        </aside>
      </div>
      {(canSign || canDecline) && (
        <SignBar
          guide={guide}
          canSign={canSign}
          onReview={openReview}
          focus={canFocus ? { isOn: isFocusOn, enter: () => setFocusOn(true) } : undefined}
          decline={
            canDecline && (
              <Button variant="secondary" size="lg" className="flex-1 md:flex-none" onClick={openDecline}>
                {t('sign.actions.decline')}
              </Button>
            )
          }
          identify={
            mustIdentify &&
            need && (
              <Link
                className={`${buttonClasses('primary', 'lg')} flex-[2] md:flex-none md:px-12`}
                to={identificationPath(requestApi, need)}
              >
                {t('ident.needed.start')}
              </Link>
            )
          }
        />
      )}
    </div>
  );
}
