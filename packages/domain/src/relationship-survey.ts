// The relationship survey's rules (ADR 108): how likely a person is to recommend the product, asked
// of an account holder about the relationship as a whole rather than one send. First asked once
// the account is a month old, then again half a year after each answer or dismissal; and the
// operator's summary of the answers as a net promoter score.

/** Days from the account's creation to the first time it is asked. */
export const RELATIONSHIP_SURVEY_FIRST_DAYS = 30;
/** Days from an answer or a dismissal to the next time it is asked. */
export const RELATIONSHIP_SURVEY_AGAIN_DAYS = 180;

const DAY_MS = 86_400_000;

export interface RelationshipSurveyStatus {
  status: 'due' | 'not_due';
  /** when it is (or was) due; an answer given for this round is kept under it */
  dueAt: Date;
}

/** Due once the first month is over, and half a year after the last answer or dismissal. */
export function relationshipSurveyStatus(
  accountCreatedAt: Date,
  lastSettledAt: Date | undefined,
  now: Date,
): RelationshipSurveyStatus {
  const dueAt = lastSettledAt
    ? new Date(lastSettledAt.getTime() + RELATIONSHIP_SURVEY_AGAIN_DAYS * DAY_MS)
    : new Date(accountCreatedAt.getTime() + RELATIONSHIP_SURVEY_FIRST_DAYS * DAY_MS);
  return { status: now.getTime() >= dueAt.getTime() ? 'due' : 'not_due', dueAt };
}

export interface NetPromoterSummary {
  answered: number;
  /** 9 and 10 */
  promoters: number;
  /** 7 and 8 */
  passives: number;
  /** 0 to 6 */
  detractors: number;
  /** per cent promoters minus per cent detractors, -100 to 100, rounded; null before any answer */
  netPromoterScore: number | null;
}

/** Sorts the scores (0 to 10, each with how many gave it) into promoters, passives and detractors. */
export function netPromoterSummary(
  scoreCounts: readonly { score: number; count: number }[],
): NetPromoterSummary {
  const sum = (keep: (score: number) => boolean) =>
    scoreCounts.reduce((total, row) => (keep(row.score) ? total + row.count : total), 0);
  const answered = sum(() => true);
  const promoters = sum((s) => s >= 9);
  const detractors = sum((s) => s <= 6);
  return {
    answered,
    promoters,
    passives: answered - promoters - detractors,
    detractors,
    netPromoterScore: answered === 0 ? null : Math.round(((promoters - detractors) / answered) * 100),
  };
}
