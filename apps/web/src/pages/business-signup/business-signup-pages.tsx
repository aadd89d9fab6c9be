// The public business sign-up (spec 2): /business/signup describes the business (and keeps the
// referral code `ucc` of the address in this browser), /business/signup/steps creates the account
// of its first admin, /business/signup/mail-sent asks them to confirm their address. Their first
// sign-in then registers the business (POST /v2/businesses, on /business/register), which starts
// on the trial plan, and the admin area's welcome page follows.
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { PageHeading } from '../../components/page-heading.js';
import { TextLink } from '../../components/text-link.js';
import { SignupForm } from '../../features/account/signup-form.js';
import {
  BusinessDetailsFields,
  emptyBusinessDetails,
  useCountryOptions,
} from '../../features/business/business-details-fields.js';
import type { BusinessDetailsForm } from '../../features/business/business-details-fields.js';
import {
  markDraftAccount,
  pendingBusinessPath,
  readBusinessDraft,
  saveBusinessDraft,
  saveReferralCode,
} from '../../features/business/business-signup-store.js';
import { SignupMailSentPage } from '../auth/signup-mail-sent-page.js';

export const businessSignupPaths = {
  business: '/business/signup',
  account: '/business/signup/steps',
  mailSent: '/business/signup/mail-sent',
} as const;

function SignupSteps({ current }: { current: 1 | 2 }) {
  const { t } = useTranslation();
  const steps = [t('businessSignup.stepBusiness'), t('businessSignup.stepAccount')];
  return (
    <ol aria-label={t('businessSignup.steps')} className="mb-4 flex gap-4 text-sm">
      {steps.map((label, index) => {
        const isCurrent = index + 1 === current;
        return (
          <li
            key={label}
            aria-current={isCurrent ? 'step' : undefined}
            className={isCurrent ? 'font-semibold text-primary-dark' : 'text-muted'}
          >
            <span className="sr-only">{t('businessSignup.stepOf', { step: index + 1, count: 2 })}: </span>
            {label}
          </li>
        );
      })}
    </ol>
  );
}

/** Already has an account: log in, and the registration of a business follows. */
function LoginInstead() {
  const { t } = useTranslation();
  const { redirectTarget } = useServices();
  return (
    <p className="mt-6 text-sm">
      {t('businessSignup.haveAccount')}{' '}
      <TextLink to="/login" onClick={() => redirectTarget.save(pendingBusinessPath)}>
        {t('businessSignup.loginToRegister')}
      </TextLink>
    </p>
  );
}

export function BusinessSignupPage() {
  const { t } = useTranslation();
  const { storage } = useServices();
  const navigate = useNavigate();
  const ucc = useSearchParams()[0].get('ucc');
  useEffect(() => saveReferralCode(storage, ucc), [storage, ucc]);
  const countries = useCountryOptions();
  // coming back from the account step keeps what was entered (the terms were accepted then)
  const [draft] = useState(() => readBusinessDraft(storage));
  const form = useForm<BusinessDetailsForm>({
    defaultValues: draft
      ? { ...draft, acceptGtc: true, acceptDpa: true }
      : emptyBusinessDetails(countries[0]?.value),
  });
  const onSubmit = form.handleSubmit((values) => {
    saveBusinessDraft(storage, {
      name: values.name.trim(),
      country: values.country,
      email: values.email.trim(),
      phone: values.phone.trim(),
    });
    void navigate(businessSignupPaths.account);
  });
  return (
    <>
      <SignupSteps current={1} />
      <PageHeading lead={t('businessSignup.lead')}>{t('businessSignup.heading')}</PageHeading>
      <form noValidate className="flex flex-col gap-4" onSubmit={(event) => void onSubmit(event)}>
        <BusinessDetailsFields form={form} />
        <Button type="submit" fullWidth>
          {t('businessSignup.continue')}
        </Button>
      </form>
      <LoginInstead />
    </>
  );
}

export function BusinessSignupStepsPage() {
  const { t } = useTranslation();
  const { storage } = useServices();
  const navigate = useNavigate();
  const [draft] = useState(() => readBusinessDraft(storage));
  if (!draft) {
    return (
      <>
        <PageHeading>{t('businessSignup.accountHeading')}</PageHeading>
        <p>{t('businessSignup.noDraft')}</p>
        <p className="mt-6 text-sm">
          <TextLink to={businessSignupPaths.business}>{t('businessSignup.toFirstStep')}</TextLink>
        </p>
      </>
    );
  }
  return (
    <>
      <SignupSteps current={2} />
      <PageHeading lead={t('businessSignup.accountLead', { name: draft.name })}>
        {t('businessSignup.accountHeading')}
      </PageHeading>
      <p className="mb-4 text-sm">
        <TextLink to={businessSignupPaths.business}>{t('businessSignup.change')}</TextLink>
      </p>
      <SignupForm
        submitLabel={t('businessSignup.submit')}
        onRegistered={(email) => {
          markDraftAccount(storage, email);
          void navigate(businessSignupPaths.mailSent, { state: { email } });
        }}
      />
      <LoginInstead />
    </>
  );
}

export function BusinessSignupMailSentPage() {
  const { t } = useTranslation();
  const { storage } = useServices();
  const [draft] = useState(() => readBusinessDraft(storage));
  return (
    <SignupMailSentPage
      note={draft ? <p className="mb-6">{t('businessSignup.mailSentNote', { name: draft.name })}</p> : null}
    />
  );
}
