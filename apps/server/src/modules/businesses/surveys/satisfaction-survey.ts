// The transactional satisfaction survey of a business (ADR 059): an admin or member reads whether
// theirs is due (after their first request sent as a person of the business) and answers or
// dismisses it, once; the admins read the summary of their people's answers, without names.
import type {
  SatisfactionSurvey,
  SatisfactionSurveyAnswer,
  SatisfactionSurveySummary,
  SurveyOccasion,
} from '@countersign/contract';
import { summarizeRatings, surveyStatusOf } from '@countersign/domain';
import { AppError } from '../../../lib/app-error.js';
import type { PersonPrincipal } from '../../../lib/principal.js';
import type { BusinessDeps } from '../deps.js';
import { loadBusiness } from '../manage-business.js';

const OCCASION: SurveyOccasion = 'first_send';
const SUMMARY_COMMENTS = 20;

async function statusFor(deps: BusinessDeps, userId: string, businessId: string) {
  const settled = await deps.surveys.findOutcome(userId, businessId, OCCASION);
  if (settled) return surveyStatusOf(settled, true);
  return surveyStatusOf(undefined, await deps.surveys.hasSentSinceJoining(userId, businessId));
}

export async function getSatisfactionSurvey(
  deps: BusinessDeps,
  principal: PersonPrincipal,
  businessId: string,
): Promise<SatisfactionSurvey> {
  await loadBusiness(deps, principal, businessId, 'answer_survey');
  return { occasion: OCCASION, status: await statusFor(deps, principal.userId, businessId) };
}

export async function answerSatisfactionSurvey(
  deps: BusinessDeps,
  principal: PersonPrincipal,
  businessId: string,
  answer: SatisfactionSurveyAnswer,
): Promise<SatisfactionSurvey> {
  await loadBusiness(deps, principal, businessId, 'answer_survey');
  const status = await statusFor(deps, principal.userId, businessId);
  if (status === 'not_due') {
    throw new AppError('business.survey_not_due', 'The survey is asked after your first request sent');
  }
  const settled = () =>
    new AppError('business.survey_settled', 'The survey has been answered or dismissed already');
  if (status !== 'due') throw settled();
  const isAnswer = answer.outcome === 'answered';
  const comment = isAnswer && answer.comment ? answer.comment : null;
  const kept = await deps.surveys.insertAnswer({
    userId: principal.userId,
    businessId,
    occasion: answer.occasion,
    outcome: answer.outcome,
    rating: isAnswer ? answer.rating : null,
    comment,
    createdAt: deps.clock.now().toISOString(),
  });
  // two answers at once: the other one was kept
  if (!kept) throw settled();
  return { occasion: answer.occasion, status: answer.outcome };
}

export async function summarizeSatisfactionSurvey(
  deps: BusinessDeps,
  principal: PersonPrincipal,
  businessId: string,
): Promise<SatisfactionSurveySummary> {
  await loadBusiness(deps, principal, businessId, 'view_survey_summary');
  const [tally, comments] = await Promise.all([
    deps.surveys.tally(businessId, OCCASION),
    deps.surveys.latestComments(businessId, OCCASION, SUMMARY_COMMENTS),
  ]);
  return { occasion: OCCASION, ...summarizeRatings(tally), comments };
}
