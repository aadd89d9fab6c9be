// Which steps of /signup/steps a person goes through and where they stand (ADR 092). The server
// keeps the step reached (`attributes.signupStep`), so a reload or another device continues there.
import { SIGNUP_STEPS } from '@countersign/contract';
import type { SignupStep, User } from '@countersign/contract';

/**
 * The steps that may be skipped: the language, the defaults and the identity options each have a
 * value already or are offers. A name is needed on every request and signature, and the terms must
 * be accepted before the service is used (spec 2), so those two are not skipped.
 */
export const SKIPPABLE_STEPS: ReadonlySet<SignupStep> = new Set(['language', 'signing', 'identity']);

const order = (step: SignupStep) => SIGNUP_STEPS.indexOf(step);

/** The steps this person goes through: the terms only when they were not accepted at sign-up. */
export function stepsFor(user: Pick<User, 'attributes'>): SignupStep[] {
  return SIGNUP_STEPS.filter((step) => step !== 'terms' || !user.attributes.acceptedGtc);
}

/** The step to show, or null once the steps are done. */
export function currentStep(user: Pick<User, 'attributes'>): SignupStep | null {
  const reached = user.attributes.signupStep;
  if (reached === null) return null;
  const steps = stepsFor(user);
  // a step that no longer applies (the terms, accepted meanwhile) gives way to the next one
  return steps.find((step) => order(step) >= order(reached)) ?? null;
}

/** The step after `step`, or `done` after the last. */
export function stepAfter(user: Pick<User, 'attributes'>, step: SignupStep): SignupStep | 'done' {
  return stepsFor(user).find((next) => order(next) > order(step)) ?? 'done';
}

/** The step before `step`, or null on the first. */
export function stepBefore(user: Pick<User, 'attributes'>, step: SignupStep): SignupStep | null {
  return stepsFor(user).findLast((previous) => order(previous) < order(step)) ?? null;
}
