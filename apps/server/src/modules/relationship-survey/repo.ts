// The SQL of the relationship survey: a person's last answer or dismissal, keeping one per round,
// the installation's tally, and forgetting a person's answers with their account.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { RelationshipSurveyAnswersTable } from './tables.js';

export function createRelationshipSurveyRepo(db: Kysely<Database>) {
  return {
    /** When the person last answered or dismissed the survey, if ever. */
    async lastSettledAt(userId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('relationship_survey_answers')
        .select('created_at')
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.created_at;
    },

    /** Keeps the answer unless this round has one already; whether it was kept. */
    async insertAnswer(answer: RelationshipSurveyAnswersTable): Promise<boolean> {
      const result = await db
        .insertInto('relationship_survey_answers')
        .values(answer)
        .onConflict((oc) => oc.columns(['user_id', 'due_at']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /** How many gave each score, and how many dismissed. */
    async tally(): Promise<{ scoreCounts: { score: number; count: number }[]; dismissed: number }> {
      const rows = await db
        .selectFrom('relationship_survey_answers')
        .select(['outcome', 'score', (eb) => eb.fn.countAll<string | number>().as('count')])
        .groupBy(['outcome', 'score'])
        .execute();
      const scoreCounts: { score: number; count: number }[] = [];
      let dismissed = 0;
      for (const row of rows) {
        if (row.outcome === 'dismissed') dismissed += Number(row.count);
        else if (row.score !== null) scoreCounts.push({ score: row.score, count: Number(row.count) });
      }
      return { scoreCounts, dismissed };
    },

    /** The latest comments, newest first, without who wrote them. */
    async latestComments(limit: number) {
      const rows = await db
        .selectFrom('relationship_survey_answers')
        .select(['score', 'comment', 'created_at'])
        .where('comment', 'is not', null)
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ score: r.score ?? 0, comment: r.comment ?? '', createdAt: r.created_at }));
    },

    /** A person deleting their account takes their answers along. */
    async deleteAnswersOf(userId: string): Promise<void> {
      await db.deleteFrom('relationship_survey_answers').where('user_id', '=', userId).execute();
    },
  };
}

export type RelationshipSurveyRepo = ReturnType<typeof createRelationshipSurveyRepo>;
