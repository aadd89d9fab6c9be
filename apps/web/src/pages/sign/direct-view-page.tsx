// /view/{id}/{userid} (spec 2, role nas): a person with only the invitation link views and signs
// through the /v3/direct endpoints. They may give their name (it goes into the certificate and
// the stamp), draw their signature or upload an image of it for this request, and choose their language, Italian included (spec 1: Italian only in direct-sign).
// The request is polled every 5 s while open (spec 4). The token leaves the address bar once
// read, and the exit, error and decline parameters stay.
import { directEndpoints } from '@countersign/contract';
import type { DirectUser } from '@countersign/contract';
import { LANGUAGES, localeForLanguage } from '@countersign/domain';
import type { Language } from '@countersign/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { PageHeading } from '../../components/page-heading.js';
import { TextField } from '../../components/text-field.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';
import { useLinkHolderLanguage } from '../../features/signing/direct-language.js';
import { useDirectSignOverlay } from '../../features/signing/direct-sign-trigger.js';
import { resolveDirectSession } from '../../features/signing/direct-session.js';
import { useSession } from '../../features/session/session-provider.js';
import type { DirectSession } from '../../features/signing/direct-session.js';
import { createRequestApi } from '../../features/signing/request-api.js';
import type { HandledOutcome } from '../../features/signing/use-sign-flow.js';
import { LinkVisualSignature } from '../../features/visual-signatures/link-visual-signature.js';
import { LinkEndedNotice, LinkOver } from './link-outcome.js';
import { RequestView } from './request-view.js';
import { useRedirectParams } from './view-page.js';

const languageNames: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  it: 'Italiano',
};

function SignerDetails({ session, user }: { session: DirectSession; user: DirectUser }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const queryClient = useQueryClient();
  const [firstName, setFirstName] = useState(user.firstName ?? '');
  const [lastName, setLastName] = useState(user.lastName ?? '');
  const query = { token: session.token };
  const save = useMutation({
    mutationFn: (body: { firstName?: string; lastName?: string; lang?: Language }) =>
      api.call(directEndpoints.directUpdateUser, { query, body }),
    onSuccess: (next) => {
      queryClient.setQueryData(['direct-user', session.signerId], next);
      // the typed signature shows the name
      void queryClient.invalidateQueries({ queryKey: ['direct-visual-signature', session.signerId] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: { firstName?: string; lastName?: string } = {};
    if (firstName.trim()) body.firstName = firstName.trim();
    if (lastName.trim()) body.lastName = lastName.trim();
    save.mutate(body);
  };
  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-lg border border-line bg-white p-4"
      noValidate
    >
      <h2 className="text-lg font-semibold">{t('sign.direct.legend')}</h2>
      <p className="text-sm [overflow-wrap:anywhere] text-muted">{user.email}</p>
      <TextField
        label={t('sign.direct.firstName')}
        autoComplete="given-name"
        value={firstName}
        maxLength={100}
        onChange={(e) => setFirstName(e.target.value)}
      />
      <TextField
        label={t('sign.direct.lastName')}
        autoComplete="family-name"
        value={lastName}
        maxLength={100}
        onChange={(e) => setLastName(e.target.value)}
      />
      <Button type="submit" variant="secondary" isBusy={save.isPending}>
        {t('sign.direct.save')}
      </Button>
      <FormAlert message={save.isError ? t(describeApiError(save.error)) : null} />
      <FormAlert tone="success" message={save.isSuccess ? t('sign.direct.saved') : null} />
    </form>
  );
}

function LanguageChoice({ session, user }: { session: DirectSession; user: DirectUser }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const queryClient = useQueryClient();
  return (
    <label className="flex items-center gap-2 self-end text-sm text-muted">
      {t('sign.direct.language')}
      <select
        className="rounded-md border border-line bg-white px-2 py-1 text-ink"
        value={user.lang}
        onChange={(event) => {
          const lang = event.target.value as Language;
          queryClient.setQueryData(['direct-user', session.signerId], { ...user, lang });
          void api
            .call(directEndpoints.directUpdateUser, { query: { token: session.token }, body: { lang } })
            .catch(() => undefined);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={localeForLanguage(language)}>
            {languageNames[language]}
          </option>
        ))}
      </select>
    </label>
  );
}

export function InvalidLink() {
  const { t } = useTranslation();
  return (
    <PageHeading lead={t('sign.direct.linkInvalidText')}>{t('sign.direct.linkInvalidHeading')}</PageHeading>
  );
}

/**
 * What a link holder sees once their own signature or decline has ended the request: the link
 * stops working then (its token is revoked), so the request cannot be shown again, but they
 * should see that what they did went through rather than an error.
 */
function HandledNotice({ outcome }: { outcome: HandledOutcome }) {
  const { t } = useTranslation();
  if (outcome.kind === 'declined')
    return <PageHeading lead={t('sign.pages.declinedText')}>{t('sign.pages.declinedHeading')}</PageHeading>;
  return (
    <PageHeading lead={t(outcome.isComplete ? 'sign.pages.completedText' : 'sign.pages.signedText')}>
      {t('sign.pages.signedHeading')}
    </PageHeading>
  );
}

/** What an embedding page hears (ADR 088): the signer's own outcome, or that the link does not work. */
export interface DirectViewListener {
  onHandled(outcome: HandledOutcome): void;
  onInvalid(): void;
}

export function DirectView({
  session,
  listener,
  redirects,
}: {
  session: DirectSession;
  listener?: DirectViewListener | undefined;
  redirects: ReturnType<typeof useRedirectParams>;
}) {
  const { api, session: sessionStore } = useServices();
  const queryClient = useQueryClient();
  const user = useLinkHolderLanguage(session);
  const [handled, setHandled] = useState<HandledOutcome | null>(null);
  const account = useSession().user;
  // an embedding page shows the link's signer only; there is no account to offer there
  useDirectSignOverlay(session, listener ? undefined : account?.email, user.data?.email);
  // what the link leads to now: the open request, an ended one (read-only, for a while), or nothing more
  const link = useQuery({
    queryKey: ['direct-link', session.signerId],
    queryFn: ({ signal }) =>
      api.call(directEndpoints.directGetLink, { query: { token: session.token }, signal }),
  });
  const requestApi = useMemo(
    () => createRequestApi(api, sessionStore, { kind: 'direct', ...session }),
    [api, sessionStore, session],
  );
  const onHandled = (outcome: HandledOutcome) => {
    setHandled(outcome);
    listener?.onHandled(outcome);
    // the signer's own action may have ended the request: the link turns read-only
    void queryClient.invalidateQueries({ queryKey: ['direct-link', session.signerId] });
  };
  const handledNotice = handled ? <HandledNotice outcome={handled} /> : undefined;
  const isInvalid = (user.isError || link.isError) && !handled;
  useEffect(() => {
    if (isInvalid) listener?.onInvalid();
  }, [isInvalid, listener]);
  if (link.data?.state === 'over') return <LinkOver link={link.data} />;
  if (user.isError || link.isError) return handledNotice ?? <InvalidLink />;
  return (
    <div className="flex flex-col gap-4">
      {link.data?.state === 'ended' && <LinkEndedNotice link={link.data} />}
      <RequestView
        requestApi={requestApi}
        redirects={redirects}
        headerExtra={
          user.data && link.data?.state === 'active' && <LanguageChoice session={session} user={user.data} />
        }
        signPanel={
          user.data ? (
            <>
              <SignerDetails session={session} user={user.data} />
              <LinkVisualSignature token={session.token} signerId={session.signerId} />
            </>
          ) : null
        }
        onHandled={onHandled}
        notAvailable={handledNotice}
      />
    </div>
  );
}

/** The direct session of the page's address, the token then dropped from the address bar. */
export function useDirectSessionOfAddress(): DirectSession | null {
  const { id = '', userid = '' } = useParams();
  const { search } = useLocation();
  const [, setSearchParams] = useSearchParams();
  const session = useMemo(
    () => resolveDirectSession(window.sessionStorage, { requestId: id, signerId: userid }, search),
    // the token is read once per request and signer; dropping it from the address must not lose it
    [id, userid],
  );
  const hasTokenInAddress = new URLSearchParams(search).has('token');
  useEffect(() => {
    if (!hasTokenInAddress || !session) return;
    setSearchParams(
      (params) => {
        params.delete('token');
        return params;
      },
      { replace: true },
    );
  }, [hasTokenInAddress, session, setSearchParams]);
  return session;
}

export function DirectViewPage() {
  const session = useDirectSessionOfAddress();
  const redirects = useRedirectParams();
  if (!session) return <InvalidLink />;
  return <DirectView session={session} redirects={redirects} />;
}
