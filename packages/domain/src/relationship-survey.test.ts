import { describe, expect, it } from 'vitest';
import { netPromoterSummary, relationshipSurveyStatus } from './relationship-survey.js';

const at = (iso: string) => new Date(iso);

describe('the relationship survey', () => {
  it('is first due when the account is 30 days old', () => {
    const created = at('2026-01-01T10:00:00Z');
    expect(relationshipSurveyStatus(created, undefined, at('2026-01-31T09:59:59Z'))).toEqual({
      status: 'not_due',
      dueAt: at('2026-01-31T10:00:00Z'),
    });
    expect(relationshipSurveyStatus(created, undefined, at('2026-01-31T10:00:00Z')).status).toBe('due');
  });

  it('is due again 180 days after the last answer or dismissal, however old the account', () => {
    const created = at('2020-01-01T00:00:00Z');
    const settled = at('2026-03-01T00:00:00Z');
    expect(relationshipSurveyStatus(created, settled, at('2026-08-27T23:59:59Z')).status).toBe('not_due');
    expect(relationshipSurveyStatus(created, settled, at('2026-08-28T00:00:00Z'))).toEqual({
      status: 'due',
      dueAt: at('2026-08-28T00:00:00Z'),
    });
  });

  it('sums scores up as a net promoter score', () => {
    expect(netPromoterSummary([])).toEqual({
      answered: 0,
      promoters: 0,
      passives: 0,
      detractors: 0,
      netPromoterScore: null,
    });
    const counted = (scores: number[]) =>
      [...new Set(scores)].map((score) => ({ score, count: scores.filter((s) => s === score).length }));
    // 3 promoters, 2 passives, 3 detractors of 8: (3 - 3) / 8
    expect(netPromoterSummary(counted([10, 9, 9, 8, 7, 6, 0, 3]))).toMatchObject({
      promoters: 3,
      passives: 2,
      detractors: 3,
      netPromoterScore: 0,
    });
    expect(netPromoterSummary(counted([10, 10, 6])).netPromoterScore).toBe(33);
  });
});
