// The relationship survey (ADR 108): an account holder reads whether theirs is due (a month after
// sign-up, then half a year after each answer or dismissal) and answers or dismisses it, once per
// round; the operator reads the installation's answers summed up, without names.
import type {
  RelationshipSurvey,
  RelationshipSurveyAnswer,
  RelationshipSurveySummary,
} from '@countersign/contract';
import { netPromoterSummary, relationshipSurveyStatus } from '@countersign/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/app-error.js';
import { accountCreatedAt } from '../accounts/index.js';
import type { RelationshipSurveyRepo } from './repo.js';

export interface RelationshipSurveyDeps {
  db: Kysely<Database>;
  surveys: RelationshipSurveyRepo;
  clock: Clock;
}

const SUMMARY_COMMENTS = 20;

async function roundOf(deps: RelationshipSurveyDeps, userId: string) {
  const [createdAt, settledAt] = await Promise.all([
    accountCreatedAt(deps.db, userId),
    deps.surveys.lastSettledAt(userId),
  ]);
  // the session was read with its live account a moment ago: a deleted one cannot answer
  if (!createdAt) throw new AppError('auth.invalid_token', 'The account no longer exists');
  return relationshipSurveyStatus(
    new Date(createdAt),
    settledAt === undefined ? undefined : new Date(settledAt),
    deps.clock.now(),
  );
}

const present = (round: { status: 'due' | 'not_due'; dueAt: Date }): RelationshipSurvey => ({
  status: round.status,
  dueAt: round.dueAt.toISOString(),
});

export async function getRelationshipSurvey(
  deps: RelationshipSurveyDeps,
  userId: string,
): Promise<RelationshipSurvey> {
  return present(await roundOf(deps, userId));
}

export async function answerRelationshipSurvey(
  deps: RelationshipSurveyDeps,
  userId: string,
  answer: RelationshipSurveyAnswer,
): Promise<RelationshipSurvey> {
  const round = await roundOf(deps, userId);
  const notDue = () =>
    new AppError('relationship_survey.not_due', 'The relationship survey is not asked now');
  if (round.status !== 'due') throw notDue();
  const isAnswer = answer.outcome === 'answered';
  const now = deps.clock.now();
  const kept = await deps.surveys.insertAnswer({
    user_id: userId,
    due_at: round.dueAt.toISOString(),
    outcome: answer.outcome,
    score: isAnswer ? answer.score : null,
    comment: isAnswer && answer.comment ? answer.comment : null,
    created_at: now.toISOString(),
  });
  // two answers for one round at once: the other one was kept
  if (!kept) throw notDue();
  return present(await roundOf(deps, userId));
}

export async function summarizeRelationshipSurvey(
  deps: Pick<RelationshipSurveyDeps, 'surveys'>,
): Promise<RelationshipSurveySummary> {
  const [tally, comments] = await Promise.all([
    deps.surveys.tally(),
    deps.surveys.latestComments(SUMMARY_COMMENTS),
  ]);
  return { ...netPromoterSummary(tally.scoreCounts), dismissed: tally.dismissed, comments };
}
