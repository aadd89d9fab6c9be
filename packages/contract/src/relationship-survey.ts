// The relationship satisfaction survey (spec 2, dialog `default: relationship satisfaction survey`):
// how likely an account holder is to recommend Countersign (0 to 10), asked once the account is a
// month old and again half a year after each answer or dismissal. The answers are the
// installation's: its operator reads them summed up as a net promoter score (ADR 108).
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';

/** Longest comment kept, in characters. */
export const RELATIONSHIP_SURVEY_COMMENT_MAX = 1000;

export const ZRelationshipSurvey = z.object({
  /** `due`: asked now; `not_due`: not until `dueAt` */
  status: z.enum(['due', 'not_due']),
  dueAt: z.string(),
});
export type RelationshipSurvey = z.infer<typeof ZRelationshipSurvey>;

export const ZRelationshipSurveyAnswer = z.discriminatedUnion('outcome', [
  z.strictObject({
    outcome: z.literal('answered'),
    /** 0 not at all likely ... 10 extremely likely */
    score: z.number().int().min(0).max(10),
    comment: z.string().trim().max(RELATIONSHIP_SURVEY_COMMENT_MAX).optional(),
  }),
  z.strictObject({ outcome: z.literal('dismissed') }),
]);
export type RelationshipSurveyAnswer = z.infer<typeof ZRelationshipSurveyAnswer>;

export const ZRelationshipSurveySummary = z.object({
  answered: z.number().int(),
  dismissed: z.number().int(),
  promoters: z.number().int(),
  passives: z.number().int(),
  detractors: z.number().int(),
  /** per cent promoters (9-10) minus per cent detractors (0-6); null before the first answer */
  netPromoterScore: z.number().int().nullable(),
  /** the latest comments (at most 20), newest first, without who wrote them */
  comments: z.array(z.object({ score: z.number().int(), comment: z.string(), createdAt: z.string() })),
});
export type RelationshipSurveySummary = z.infer<typeof ZRelationshipSurveySummary>;

export const getRelationshipSurvey = defineEndpoint({
  method: 'GET',
  path: '/v1/user/relationship-survey',
  summary: "Whether the caller's relationship survey is due, and when it is next",
  tags: ['User'],
  auth: 'session',
  response: ZRelationshipSurvey,
});

export const answerRelationshipSurvey = defineEndpoint({
  method: 'PUT',
  path: '/v1/user/relationship-survey',
  summary: 'Answer or dismiss the relationship survey while it is due',
  description:
    'Once per round: before it is due, or after this round was answered or dismissed (also by a call racing this one), 409 `relationship_survey.not_due`, changing nothing.',
  tags: ['User'],
  auth: 'session',
  body: ZRelationshipSurveyAnswer,
  response: ZRelationshipSurvey,
  problems: ['relationship_survey.not_due'],
});

export const getRelationshipSurveySummary = defineEndpoint({
  method: 'GET',
  path: '/v1/operator/relationship-survey',
  summary: 'What account holders answered: counts, net promoter score and the latest comments',
  description:
    'The operator of the installation only (Bearer `OPERATOR_API_TOKEN`; without that setting the operator API answers 404).',
  tags: ['Operator'],
  auth: 'operator',
  response: ZRelationshipSurveySummary,
});

export const relationshipSurveyEndpoints = {
  getRelationshipSurvey,
  answerRelationshipSurvey,
  getRelationshipSurveySummary,
};
