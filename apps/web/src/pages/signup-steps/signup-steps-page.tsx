// /signup/steps (spec 2; ADR 092): after confirming the address a new account goes through its
// name, the terms (when not accepted at sign-up), its language, its default legislation and
// signature level, and the identity options (ID Austria where the installation offers it, a digital
// identity wallet). Each answer is saved with the step that follows (PUT /v1/user), so a reload, or
// another device, continues where the person was; language, defaults and identity may be skipped.
import { accountEndpoints, identificationEndpoints } from '@countersign/contract';
import type { SignupStep, User } from '@countersign/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { PageHeading } from '../../components/page-heading.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';
import { useSession } from '../../features/session/session-provider.js';
import { WALLET_METHOD } from '../direct-ident/methods.js';
import { WalletStart } from '../direct-ident/wallet-start.js';
import { IdAustriaSection } from '../eid/id-austria-section.js';
import { SKIPPABLE_STEPS, currentStep, stepAfter, stepBefore, stepsFor } from './signup-steps.js';
import { LanguageStep, NameStep, SigningStep, TermsStep } from './step-forms.js';
import type { StepAnswer, StepFormProps } from './step-forms.js';
import { installationProvidersQuery } from '../../features/session/sso-queries.js';

const formId = 'signup-step';

/** The identity options: offers that leave for the provider or wallet; Continue only moves on. */
function IdentityStep({ formId: id, onAnswer }: StepFormProps) {
  const { api } = useServices();
  const providers = useQuery(installationProvidersQuery(api));
  const hasIdAustria = providers.data?.providers.some((p) => p.name === 'idaustria') ?? false;
  return (
    <form
      id={id}
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        onAnswer({});
      }}
    >
      {hasIdAustria && <IdAustriaSection connected={false} />}
      <WalletStart
        start={() =>
          api.call(identificationEndpoints.startIdentification, { params: WALLET_METHOD, body: {} })
        }
      />
    </form>
  );
}

const stepForms: Record<SignupStep, ComponentType<StepFormProps>> = {
  name: NameStep,
  terms: TermsStep,
  language: LanguageStep,
  signing: SigningStep,
  identity: IdentityStep,
};

export function SignupStepsPage() {
  const { user } = useSession();
  if (!user) return null;
  const step = currentStep(user);
  // finished (or never started, as for accounts made by single sign-on): nothing to do here
  if (step === null) return <Navigate to="/dashboard" replace />;
  return <StepView user={user} step={step} key={step} />;
}

function StepView({ user, step }: { user: User; step: SignupStep }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { updateUser } = useSession();
  const navigate = useNavigate();
  const steps = stepsFor(user);
  const previous = stepBefore(user, step);
  const move = useMutation({
    mutationFn: async ({ answer, to }: { answer: StepAnswer; to: SignupStep | 'done' }) => {
      // the terms are accepted through their own call, which records when
      const accepted = answer.acceptGtc
        ? await api.call(accountEndpoints.acceptTerms, { body: { gtc: true } })
        : user;
      return api.call(accountEndpoints.updateUser, {
        body: {
          ...(answer.firstName !== undefined && { firstName: answer.firstName }),
          ...(answer.lastName !== undefined && { lastName: answer.lastName }),
          attributes: { ...answer.attributes, signupStep: to === 'done' ? 'done' : nextFor(accepted, to) },
        },
      });
    },
    onSuccess: (saved, { to }) => {
      updateUser(saved);
      if (to === 'done') void navigate('/dashboard', { replace: true });
    },
  });
  const Form = stepForms[step];
  const next = stepAfter(user, step);
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-muted" aria-live="polite">
        {t('signupSteps.stepOf', { step: steps.indexOf(step) + 1, count: steps.length })}
      </p>
      <PageHeading lead={t(`signupSteps.${step}.lead`)}>{t(`signupSteps.${step}.heading`)}</PageHeading>
      <Form user={user} formId={formId} onAnswer={(answer) => move.mutate({ answer, to: next })} />
      <FormAlert message={move.error ? t(describeApiError(move.error)) : null} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" form={formId} isBusy={move.isPending && move.variables.to === next}>
          {next === 'done' ? t('signupSteps.finish') : t('signupSteps.continue')}
        </Button>
        {SKIPPABLE_STEPS.has(step) && (
          <Button variant="secondary" onClick={() => move.mutate({ answer: {}, to: next })}>
            {t('signupSteps.skip')}
          </Button>
        )}
        {previous && (
          <Button variant="text" onClick={() => move.mutate({ answer: {}, to: previous })}>
            {t('signupSteps.back')}
          </Button>
        )}
      </div>
    </div>
  );
}

/** The step to store: `to`, unless it no longer applies to the account (the terms, accepted now). */
function nextFor(user: User, to: SignupStep): SignupStep | 'done' {
  return stepsFor(user).includes(to) ? to : stepAfter(user, to);
}
