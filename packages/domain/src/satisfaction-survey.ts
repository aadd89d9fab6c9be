// The transactional satisfaction survey's rules (ADR 059): when a person of a business is asked
// (once the occasion has happened and until they answer or dismiss it), and what the admins' summary
// says of the answers.

export type SurveyStatus = 'due' | 'not_due' | 'answered' | 'dismissed';

/** An answer or dismissal settles the survey for good; otherwise it is due once the occasion came. */
export function surveyStatusOf(
  settled: 'answered' | 'dismissed' | undefined,
  hasOccasionHappened: boolean,
): SurveyStatus {
  if (settled) return settled;
  return hasOccasionHappened ? 'due' : 'not_due';
}

export interface SurveyTallyRow {
  outcome: 'answered' | 'dismissed';
  rating: number | null;
  count: number;
}

export interface SurveyRatingSummary {
  answered: number;
  dismissed: number;
  /** the mean rating to one decimal, null with no answer */
  averageRating: number | null;
  /** answers giving 1, 2, 3, 4 and 5 */
  ratingCounts: [number, number, number, number, number];
}

/** Adds up the answers (each with a rating of 1 to 5) and dismissals. */
export function summarizeRatings(rows: readonly SurveyTallyRow[]): SurveyRatingSummary {
  const ratingCounts: SurveyRatingSummary['ratingCounts'] = [0, 0, 0, 0, 0];
  let dismissed = 0;
  for (const row of rows) {
    if (row.outcome === 'dismissed') dismissed += row.count;
    else if (row.rating !== null && row.rating >= 1 && row.rating <= 5)
      ratingCounts[row.rating - 1] = (ratingCounts[row.rating - 1] ?? 0) + row.count;
  }
  const answered = ratingCounts.reduce((sum, n) => sum + n, 0);
  const total = ratingCounts.reduce((sum, n, i) => sum + n * (i + 1), 0);
  const averageRating = answered === 0 ? null : Math.round((total / answered) * 10) / 10;
  return { answered, dismissed, averageRating, ratingCounts };
}
