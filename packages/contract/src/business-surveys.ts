// The transactional satisfaction survey of a business (spec 2, dialog `business: transactional
// satisfaction survey`): asked once of each admin and member after their first request sent as a
// person of the business, answered (a rating and an optional comment) or dismissed, never asked
// again either way. The business's admins read what their people answered, as an aggregate and
// unsigned comments (ADR 059).
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';

const tags = ['Business'];
const ZBusinessParams = z.object({ id: z.string().min(1).max(64) });

/** The occasions a survey is asked on; today only the first request a person sends for a business. */
export const ZSurveyOccasion = z.enum(['first_send']);
export type SurveyOccasion = z.infer<typeof ZSurveyOccasion>;

/** Longest comment kept, in characters. */
export const SURVEY_COMMENT_MAX = 1000;

export const ZSatisfactionSurvey = z.object({
  occasion: ZSurveyOccasion,
  /**
   * `due`: the occasion happened and the person has not answered; `not_due`: it has not happened
   * yet; `answered` and `dismissed`: settled for good.
   */
  status: z.enum(['due', 'not_due', 'answered', 'dismissed']),
});
export type SatisfactionSurvey = z.infer<typeof ZSatisfactionSurvey>;

export const ZSatisfactionSurveyAnswer = z.discriminatedUnion('outcome', [
  z.strictObject({
    occasion: ZSurveyOccasion,
    outcome: z.literal('answered'),
    /** 1 very dissatisfied ... 5 very satisfied */
    rating: z.number().int().min(1).max(5),
    comment: z.string().trim().max(SURVEY_COMMENT_MAX).optional(),
  }),
  z.strictObject({ occasion: ZSurveyOccasion, outcome: z.literal('dismissed') }),
]);
export type SatisfactionSurveyAnswer = z.infer<typeof ZSatisfactionSurveyAnswer>;

export const ZSatisfactionSurveySummary = z.object({
  occasion: ZSurveyOccasion,
  answered: z.number().int(),
  dismissed: z.number().int(),
  /** the mean rating of the answers, one decimal; null before the first answer */
  averageRating: z.number().nullable(),
  /** how many answers gave 1, 2, 3, 4 and 5, in that order */
  ratingCounts: z.array(z.number().int()).length(5),
  /** the latest comments (at most 20), newest first, without who wrote them */
  comments: z.array(z.object({ rating: z.number().int(), comment: z.string(), createdAt: z.string() })),
});
export type SatisfactionSurveySummary = z.infer<typeof ZSatisfactionSurveySummary>;

export const getSatisfactionSurvey = defineEndpoint({
  method: 'GET',
  path: '/v2/businesses/{id}/satisfaction-survey',
  summary: "Whether the caller's satisfaction survey is due, for an admin or member of the business",
  tags,
  auth: 'session',
  params: ZBusinessParams,
  response: ZSatisfactionSurvey,
});

export const answerSatisfactionSurvey = defineEndpoint({
  method: 'PUT',
  path: '/v2/businesses/{id}/satisfaction-survey',
  summary: 'Answer or dismiss the satisfaction survey, once',
  description:
    'Only while the survey is due (409 `business.survey_not_due` before the first send) and only once: a second answer or dismissal is 409 `business.survey_settled` and changes nothing.',
  tags,
  auth: 'session',
  params: ZBusinessParams,
  body: ZSatisfactionSurveyAnswer,
  response: ZSatisfactionSurvey,
  problems: ['business.survey_not_due', 'business.survey_settled'],
});

export const getSatisfactionSurveySummary = defineEndpoint({
  method: 'GET',
  path: '/v2/businesses/{id}/satisfaction-survey/summary',
  summary: "What the business's people answered, for its admins: counts, mean rating and comments",
  tags,
  auth: 'session',
  params: ZBusinessParams,
  response: ZSatisfactionSurveySummary,
});

export const businessSurveyEndpoints = {
  getSatisfactionSurvey,
  answerSatisfactionSurvey,
  getSatisfactionSurveySummary,
};
