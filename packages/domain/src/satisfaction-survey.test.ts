import { describe, expect, it } from 'vitest';
import { summarizeRatings, surveyStatusOf } from './satisfaction-survey.js';

describe('satisfaction survey', () => {
  it('is due once the occasion happened, until answered or dismissed', () => {
    expect(surveyStatusOf(undefined, false)).toBe('not_due');
    expect(surveyStatusOf(undefined, true)).toBe('due');
    expect(surveyStatusOf('answered', true)).toBe('answered');
    expect(surveyStatusOf('dismissed', true)).toBe('dismissed');
    // a settled survey stays settled, whatever happens later
    expect(surveyStatusOf('dismissed', false)).toBe('dismissed');
  });

  it('adds up ratings and dismissals, the mean to one decimal', () => {
    expect(
      summarizeRatings([
        { outcome: 'answered', rating: 5, count: 2 },
        { outcome: 'answered', rating: 2, count: 1 },
        { outcome: 'dismissed', rating: null, count: 4 },
      ]),
    ).toEqual({ answered: 3, dismissed: 4, averageRating: 4, ratingCounts: [0, 1, 0, 0, 2] });
    expect(
      summarizeRatings([
        { outcome: 'answered', rating: 4, count: 1 },
        { outcome: 'answered', rating: 5, count: 2 },
      ]).averageRating,
    ).toBe(4.7);
  });

  it('has no mean before the first answer', () => {
    expect(summarizeRatings([{ outcome: 'dismissed', rating: null, count: 1 }])).toEqual({
      answered: 0,
      dismissed: 1,
      averageRating: null,
      ratingCounts: [0, 0, 0, 0, 0],
    });
  });
});
