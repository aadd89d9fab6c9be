// SQL of the satisfaction survey (ADR 059): whether a person of a business has sent a request since
// joining it, their one answer per occasion, and the admins' summary of a business's answers.
import type { Kysely } from 'kysely';
import type { SurveyOccasion } from '@countersign/contract';
import type { Database } from '../../../db/schema.js';

export interface SurveyAnswerRecord {
  userId: string;
  businessId: string;
  occasion: SurveyOccasion;
  outcome: 'answered' | 'dismissed';
  rating: number | null;
  comment: string | null;
  createdAt: string;
}

export interface SurveyTally {
  outcome: 'answered' | 'dismissed';
  rating: number | null;
  count: number;
}

export function createSurveyRepo(db: Kysely<Database>) {
  return {
    async findOutcome(
      userId: string,
      businessId: string,
      occasion: SurveyOccasion,
    ): Promise<'answered' | 'dismissed' | undefined> {
      const row = await db
        .selectFrom('business_survey_answers')
        .select('outcome')
        .where('user_id', '=', userId)
        .where('business_id', '=', businessId)
        .where('occasion', '=', occasion)
        .executeTakeFirst();
      return row?.outcome;
    },

    /** Whether the person has sent a request (initiated it) while being of this business. */
    async hasSentSinceJoining(userId: string, businessId: string): Promise<boolean> {
      const row = await db
        .selectFrom('business_memberships as m')
        .innerJoin('signature_requests as r', 'r.owner_id', 'm.user_id')
        .select('r.id')
        .where('m.user_id', '=', userId)
        .where('m.business_id', '=', businessId)
        .where('r.initiated_at', 'is not', null)
        .whereRef('r.initiated_at', '>=', 'm.joined_at')
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Keeps the answer unless the person has one for this occasion already; whether it was kept. */
    async insertAnswer(answer: SurveyAnswerRecord): Promise<boolean> {
      const result = await db
        .insertInto('business_survey_answers')
        .values({
          user_id: answer.userId,
          business_id: answer.businessId,
          occasion: answer.occasion,
          outcome: answer.outcome,
          rating: answer.rating,
          comment: answer.comment,
          created_at: answer.createdAt,
        })
        .onConflict((oc) => oc.columns(['user_id', 'business_id', 'occasion']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /** How many answered with each rating, and how many dismissed. */
    async tally(businessId: string, occasion: SurveyOccasion): Promise<SurveyTally[]> {
      const rows = await db
        .selectFrom('business_survey_answers')
        .select(['outcome', 'rating', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('business_id', '=', businessId)
        .where('occasion', '=', occasion)
        .groupBy(['outcome', 'rating'])
        .execute();
      return rows.map((r) => ({ outcome: r.outcome, rating: r.rating, count: Number(r.n) }));
    },

    async latestComments(
      businessId: string,
      occasion: SurveyOccasion,
      limit: number,
    ): Promise<{ rating: number; comment: string; createdAt: string }[]> {
      const rows = await db
        .selectFrom('business_survey_answers')
        .select(['rating', 'comment', 'created_at'])
        .where('business_id', '=', businessId)
        .where('occasion', '=', occasion)
        .where('comment', 'is not', null)
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ rating: r.rating ?? 0, comment: r.comment ?? '', createdAt: r.created_at }));
    },

    /** A person deleting their account takes their answers along. */
    async deleteAnswersOf(userId: string): Promise<void> {
      await db.deleteFrom('business_survey_answers').where('user_id', '=', userId).execute();
    },
  };
}

export type SurveyRepo = ReturnType<typeof createSurveyRepo>;
