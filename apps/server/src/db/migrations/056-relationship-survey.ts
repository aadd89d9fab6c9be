// The relationship survey's answers and dismissals (ADR 108): one row per person and round, the
// round named by when it fell due, so that two answers racing for one round keep only the first.
import type { Kysely } from 'kysely';

export async function migration056RelationshipSurvey(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('relationship_survey_answers')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('score', 'integer')
    .addColumn('comment', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('relationship_survey_answers_pk', ['user_id', 'due_at'])
    .execute();
  await db.schema
    .createIndex('relationship_survey_answers_created')
    .on('relationship_survey_answers')
    .column('created_at')
    .execute();
}
